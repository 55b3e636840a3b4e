package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
            long written = TestWorkloads.allLinks(g, id1, links, counts);
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
        TestWorkloads.allLinks(g, 17, a, new ArrayList<>());
        TestWorkloads.allLinks(g, 18, new ArrayList<>(), new ArrayList<>());
        TestWorkloads.allLinks(g, 17, b, new ArrayList<>());
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
            TestWorkloads.allLinks(g, id1, links, counts);
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

    /**
     * The streamed rows are byte for byte those the loader materialised per id1 before it streamed them
     * (the digests were taken from that code), whatever the batch size: the largest id1 of a graph of
     * 10^6 ids, and the one near the end whose id2s wrap most. The digests were taken with link payloads
     * limited to 65,536 bytes, so the test keeps that limit.
     */
    @ParameterizedTest
    @CsvSource({
        "raised, 0, cb2489bfa303c201944ef200fdbdec258de8d0dd6ba40418d888299a48dfbded",
        "round_robin, 0, 2aa539367e70989481a8ff024c8d4c94eb2bf74f879d21ddbba45ddcb18b31fc",
        "raised, 999924, 716087ac7c7fbc65f83a2606d1e256f1b93ae17632283a41a5e59c9119961ca5",
        "round_robin, 999924, 31ad85c428c69ce313089f04104268fa160786df527f0c6ae4b447f2865d6acb"})
    void streamedRowsEqualTheFormerlyMaterialisedOnes(String split, long id1OrLargest, String digest) throws Exception {
        WorkloadConfig c = TestWorkloads.with("maxid1", "1000001", "link_type_count", "3", "link_type_split", split,
                "link_datasize_limit", "65537");
        GraphShape shape = new GraphShape(c, 23);
        LoadGenerator g = new LoadGenerator(c, shape, 23, BASE_MS);
        long id1 = id1OrLargest == 0 ? shape.idOfDegreeRank(0) : id1OrLargest;
        assertTrue(shape.degree(id1) > 300, "a large degree: " + shape.degree(id1));
        for (int batch : new int[] {1, 7, 1000, Integer.MAX_VALUE}) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            LoadGenerator.LinkStream s = g.linksOf(id1);
            List<Link> links = new ArrayList<>();
            List<LinkCount> counts = new ArrayList<>();
            while (!s.done()) {
                int n = s.next(links, batch, counts);
                assertTrue(n > 0 && n <= batch && links.size() == n, n + " links for a batch of " + batch);
                for (Link l : links) {
                    md.update(ByteBuffer.allocate(44).putLong(l.id1()).putLong(l.linkType()).putLong(l.id2())
                            .putInt(l.visibility().ordinal()).putInt(l.version()).putLong(l.time()).array());
                    md.update(l.data());
                }
                links.clear();
            }
            assertEquals(0, s.next(links, batch, counts), "nothing after done");
            assertEquals(3, counts.size());
            for (LinkCount n : counts) {
                md.update(ByteBuffer.allocate(40).putLong(n.id1()).putLong(n.linkType()).putLong(n.count())
                        .putLong(n.time()).putLong(n.version()).array());
            }
            assertEquals(digest, HexFormat.of().formatHex(md.digest()), "batches of " + batch);
        }
    }

    /**
     * At maxid1 = 10^18 the largest id1 has billions of links; its stream hands them out a bounded batch
     * at a time, sorted, each type's count row only after that type's last link.
     */
    @Test
    void theLargestId1AtTenToThe18IsStreamedInBoundedBatches() {
        WorkloadConfig c = TestWorkloads.with("maxid1", "1000000000000000000");
        GraphShape shape = new GraphShape(c, 1);
        LoadGenerator g = new LoadGenerator(c, shape, 1, BASE_MS);
        long id1 = shape.idOfDegreeRank(0);
        assertTrue(shape.linksOfType(shape.degree(id1), 0) > 1_000_000_000L, "degree " + shape.degree(id1));
        LoadGenerator.LinkStream s = g.linksOf(id1);
        List<LinkCount> counts = new ArrayList<>();
        Link previous = null;
        for (int batch = 0; batch < 5; batch++) {
            List<Link> links = new ArrayList<>();
            assertEquals(1000, s.next(links, 1000, counts));
            assertEquals(1000, links.size());
            for (Link l : links) {
                assertEquals(id1, l.id1());
                assertEquals(1, l.linkType());
                assertTrue(previous == null || previous.id2() < l.id2(), "sorted: " + previous + " before " + l);
                previous = l;
            }
        }
        assertEquals(5000, s.links());
        assertTrue(counts.isEmpty() && !s.done(), "the first type is far from done");
    }
}
