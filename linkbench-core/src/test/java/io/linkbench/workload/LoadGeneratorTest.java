package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LoadGeneratorTest {
    @Test
    void linksAreSortedUniqueAndCountedPerType() {
        WorkloadConfig c = TestWorkloads.with("startid1", "5", "maxid1", "2005", "link_type_count", "3");
        GraphShape shape = new GraphShape(c, 11);
        LoadGenerator g = new LoadGenerator(c, shape, 11, 1_700_000_000_000L);
        long total = 0;
        for (long id1 = shape.startId(); id1 < shape.endId(); id1++) {
            List<Link> links = new ArrayList<>();
            List<LinkCount> counts = new ArrayList<>();
            long degree = g.linksOf(id1, g.chunkRandom(Seeds.Stream.LINKS, id1), links, counts);
            assertEquals(shape.degree(id1), degree);
            assertEquals(degree, links.size());
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
            for (LinkCount count : counts) {
                assertEquals(perType[(int) count.linkType()], count.count());
                assertTrue(count.count() > 0);
            }
            total += degree;
        }
        assertEquals(shape.expectedLinks(), total, total * 0.02, "the estimate used for progress");
    }

    @Test
    void theSameChunkGivesTheSameRows() {
        WorkloadConfig c = TestWorkloads.with("maxid1", "1001");
        GraphShape shape = new GraphShape(c, 3);
        LoadGenerator g = new LoadGenerator(c, shape, 3, 1_700_000_000_000L);
        List<Link> a = new ArrayList<>();
        List<Link> b = new ArrayList<>();
        g.linksOf(17, g.chunkRandom(Seeds.Stream.LINKS, 4), a, new ArrayList<>());
        g.linksOf(17, g.chunkRandom(Seeds.Stream.LINKS, 4), b, new ArrayList<>());
        assertEquals(a, b);
    }
}
