package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class LoadGeneratorTest {
    private static final long BASE_MS = 1_700_000_000_000L;

    @ParameterizedTest
    @ValueSource(strings = {"raised", "extra_first", "round_robin"})
    void linksAreSortedUniqueAndCountedPerType(String split) {
        WorkloadConfig c = TestWorkloads.with("startid1", "5", "maxid1", "2005", "link_type_count", "3",
                "link_type_split", split);
        GraphShape shape = new GraphShape(c, 11);
        LoadGenerator g = new LoadGenerator(c, shape, 11, BASE_MS);
        long total = 0;
        for (long id1 = shape.startId(); id1 < shape.endId(); id1++) {
            List<Link> links = new ArrayList<>();
            List<LinkCount> counts = new ArrayList<>();
            long written = g.linksOf(id1, links, counts);
            long degree = shape.degree(id1);
            assertEquals(shape.linksOfDegree(degree), written);
            assertEquals(written, links.size());
            Set<Long> keys = new HashSet<>();
            long[] perType = new long[4];
            for (int i = 0; i < links.size(); i++) {
                Link l = links.get(i);
                assertEquals(id1, l.id1());
                assertNotEquals(id1, l.id2());
                assertTrue(l.id2() >= shape.startId() && l.id2() < shape.endId());
                assertTrue(keys.add(l.linkType() * 1_000_000 + l.id2()), "duplicate link " + l);
                perType[(int) l.linkType()]++;
                if (i > 0) {
                    Link p = links.get(i - 1);
                    assertTrue(p.linkType() < l.linkType() || (p.linkType() == l.linkType() && p.id2() < l.id2()),
                            "not sorted: " + p + " before " + l);
                }
            }
            for (int t = 0; t < 3; t++) {
                assertEquals(shape.linksOfType(degree, t), perType[t + 1], "links of type " + (t + 1));
            }
            for (LinkCount count : counts) {
                assertEquals(perType[(int) count.linkType()], count.count());
                assertTrue(count.count() > 0);
            }
            total += written;
        }
        assertEquals(shape.expectedLinks(), total, "the model's link rows are the loaded ones");
    }

    @Test
    void rowsDependOnlyOnTheSeedAndTheId() {
        WorkloadConfig c = TestWorkloads.with("maxid1", "1001");
        LoadGenerator g = new LoadGenerator(c, new GraphShape(c, 3), 3, BASE_MS);
        List<Link> a = new ArrayList<>();
        List<Link> b = new ArrayList<>();
        g.linksOf(17, a, new ArrayList<>());
        g.linksOf(18, new ArrayList<>(), new ArrayList<>());
        g.linksOf(17, b, new ArrayList<>());
        assertEquals(a, b);
        assertEquals(g.node(5), g.node(5));
        assertNotEquals(g.node(5).data().length + "/" + java.util.Arrays.toString(g.node(5).data()),
                g.node(6).data().length + "/" + java.util.Arrays.toString(g.node(6).data()));
    }

    /** Rule 9: loaded links and counts have version 0, nodes 1; link times are spread over 2^32 ms before the load. */
    @Test
    void loadedVersionsAreZeroAndTimesSpreadOverTwoToThe32Ms() {
        WorkloadConfig c = TestWorkloads.with("maxid1", "20001");
        LoadGenerator g = new LoadGenerator(c, new GraphShape(c, 5), 5, BASE_MS);
        long oldest = Long.MAX_VALUE;
        for (long id1 = 1; id1 < 20001; id1++) {
            List<Link> links = new ArrayList<>();
            List<LinkCount> counts = new ArrayList<>();
            g.linksOf(id1, links, counts);
            for (Link l : links) {
                assertEquals(0, l.version());
                assertTrue(l.time() <= BASE_MS && l.time() > BASE_MS - (1L << 32));
                oldest = Math.min(oldest, l.time());
            }
            for (LinkCount n : counts) {
                assertEquals(0, n.version());
            }
        }
        assertTrue(BASE_MS - oldest > (1L << 32) * 0.99, "times reach back about 2^32 ms: " + (BASE_MS - oldest));
        Node node = g.node(7);
        assertEquals(1, node.version(), "loaded nodes have version 1, as in the original");
    }
}
