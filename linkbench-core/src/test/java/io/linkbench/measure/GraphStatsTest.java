package io.linkbench.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GraphStatsTest {
    @Test
    void bucketEdges() {
        long[] links = {0, 1, 2, 3, 10, 11, 100, 101, 5_000_000_000L};
        int[] expected = {0, 1, 2, 3, 3, 4, 4, 5, 5};
        for (int i = 0; i < links.length; i++) {
            assertEquals(expected[i], GraphStats.bucket(links[i]), links[i] + " links");
        }
        assertEquals(GraphStats.BUCKETS, GraphStats.BUCKET_LABELS.size());
        assertEquals("3-10", GraphStats.BUCKET_LABELS.get(GraphStats.bucket(10)));
        assertEquals(">100", GraphStats.BUCKET_LABELS.get(GraphStats.bucket(101)));
    }

    @Test
    void aLoaderBuildsTheRecordFromItsBuckets() {
        long[] buckets = new long[GraphStats.BUCKETS];
        long links = 0;
        long max = 0;
        for (long n : new long[] {1, 1, 2, 2, 2, 5, 50, 500}) {
            buckets[GraphStats.bucket(n)]++;
            links += n;
            max = Math.max(max, n);
        }
        GraphStats g = GraphStats.of(buckets, links, 9, max, 560);

        assertEquals(8, g.id1s());
        assertEquals(563, g.linkRows());
        assertEquals(563 / 8.0, g.linksPerId1(), 1e-12);
        assertEquals(70.0, g.expectedLinksPerId1(), 1e-12);
        assertArrayEquals(new long[] {0, 2, 3, 1, 1, 1}, g.buckets());
        assertEquals(3 / 8.0, g.share(2), 1e-12);
        assertEquals(0.0, g.share(0));
        assertEquals(500, g.maxLinks());
        g.buckets()[0] = 99;
        assertEquals(0, g.id1sIn(0), "the record keeps its own copy");
        buckets[1] = 42;
        assertEquals(2, g.id1sIn(1));
    }

    @Test
    void plusAddsSlices() {
        GraphStats a = new GraphStats(10, 30, 12, new long[] {0, 5, 3, 2, 0, 0}, 7, 29.5);
        GraphStats b = new GraphStats(5, 600, 6, new long[] {1, 1, 1, 0, 1, 1}, 400, 610);

        GraphStats sum = a.plus(b);

        assertEquals(new GraphStats(15, 630, 18, new long[] {1, 6, 4, 2, 1, 1}, 400, 639.5), sum);
        assertEquals(sum, b.plus(a));
        GraphStats unknownModel = new GraphStats(1, 1, 1, new long[] {0, 1, 0, 0, 0, 0}, 1, -1);
        assertEquals(-1, a.plus(unknownModel).expectedLinkRows(), "the model's figure of a part is unknown");
        assertTrue(Double.isNaN(unknownModel.expectedLinksPerId1()));
    }

    @Test
    void recordsCompareByContentAndRejectInconsistentBuckets() {
        GraphStats a = new GraphStats(3, 6, 3, new long[] {0, 0, 0, 3, 0, 0}, 2, Double.NaN);
        assertEquals(new GraphStats(3, 6, 3, new long[] {0, 0, 0, 3, 0, 0}, 2, -1), a, "NaN model means unknown");
        assertEquals(a.hashCode(), new GraphStats(3, 6, 3, new long[] {0, 0, 0, 3, 0, 0}, 2, -1).hashCode());
        assertNotEquals(a, new GraphStats(3, 6, 3, new long[] {0, 0, 1, 2, 0, 0}, 2, -1));
        assertThrows(IllegalArgumentException.class, () -> new GraphStats(4, 6, 3, new long[] {0, 0, 0, 3, 0, 0}, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> new GraphStats(3, 6, 3, new long[] {3}, 2, 1));
        GraphStats empty = GraphStats.of(new long[GraphStats.BUCKETS], 0, 0, 0, -1);
        assertTrue(Double.isNaN(empty.linksPerId1()) && Double.isNaN(empty.share(1)));
    }
}
