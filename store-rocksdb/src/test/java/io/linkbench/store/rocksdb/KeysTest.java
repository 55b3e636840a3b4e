package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeysTest {
    private static final long[] SAMPLES = {Long.MIN_VALUE, -1_000_000_000_000L, -256, -1, 0, 1, 255, 256,
        1_000_000, Long.MAX_VALUE - 1, Long.MAX_VALUE};

    @Test
    void nodeKeysSortAsSignedIds() {
        for (long a : SAMPLES) {
            for (long b : SAMPLES) {
                assertEquals(Integer.signum(Long.compare(a, b)),
                        Integer.signum(Arrays.compareUnsigned(Keys.node(a), Keys.node(b))), a + " vs " + b);
            }
            assertEquals(a, Keys.nodeId(Keys.node(a)));
        }
    }

    @Test
    void linkKeysSortById1ThenTypeThenId2() {
        List<long[]> triples = new ArrayList<>();
        for (long id1 : new long[] {-5, 0, 7}) {
            for (long type : new long[] {0, 1, 300}) {
                for (long id2 : new long[] {Long.MIN_VALUE, -1, 0, 9, Long.MAX_VALUE}) {
                    triples.add(new long[] {id1, type, id2});
                }
            }
        }
        List<long[]> byBytes = new ArrayList<>(triples);
        byBytes.sort((x, y) -> Arrays.compareUnsigned(Keys.link(x[0], x[1], x[2]), Keys.link(y[0], y[1], y[2])));
        List<long[]> byValue = new ArrayList<>(triples);
        byValue.sort(Comparator.<long[]>comparingLong(t -> t[0]).thenComparingLong(t -> t[1]).thenComparingLong(t -> t[2]));
        for (int i = 0; i < triples.size(); i++) {
            assertArrayEquals(byValue.get(i), byBytes.get(i));
        }
        byte[] k = Keys.link(-5, 300, -1);
        assertEquals(-5, Keys.id1(k));
        assertEquals(300, Keys.linkType(k));
        assertEquals(-1, Keys.linkId2(k));
    }

    @Test
    void timeKeysRunNewestFirstThenId2Descending() {
        long[][] pairs = {{5, 1}, {5, 9}, {-3, 4}, {Long.MAX_VALUE, 0}, {Long.MIN_VALUE, 2}, {0, -7}, {0, 7}, {100, 100}};
        List<long[]> byBytes = new ArrayList<>(Arrays.asList(pairs));
        byBytes.sort((x, y) -> Arrays.compareUnsigned(Keys.linkTime(1, 2, x[0], x[1]), Keys.linkTime(1, 2, y[0], y[1])));
        List<long[]> expected = new ArrayList<>(Arrays.asList(pairs));
        expected.sort(Comparator.<long[]>comparingLong(p -> p[0]).thenComparingLong(p -> p[1]).reversed());
        for (int i = 0; i < pairs.length; i++) {
            assertArrayEquals(expected.get(i), byBytes.get(i));
            byte[] k = Keys.linkTime(1, 2, byBytes.get(i)[0], byBytes.get(i)[1]);
            assertEquals(byBytes.get(i)[0], Keys.timeOf(k));
            assertEquals(byBytes.get(i)[1], Keys.timeId2(k));
        }
    }

    @Test
    void theSeekKeyOfMaxTimeIsTheFirstKeyAtThatTime() {
        byte[] seek = Keys.linkTime(1, 2, 50, Long.MAX_VALUE);
        assertTrue(Arrays.compareUnsigned(seek, Keys.linkTime(1, 2, 50, 3)) < 0);
        assertTrue(Arrays.compareUnsigned(seek, Keys.linkTime(1, 2, 51, Long.MIN_VALUE)) > 0);
    }

    @Test
    void groupPrefixIsSharedByLinksTimeIndexAndCounts() {
        byte[] g = Keys.group(42, 3);
        assertTrue(Keys.inGroup(Keys.link(42, 3, 0), g));
        assertTrue(Keys.inGroup(Keys.linkTime(42, 3, 1, 2), g));
        assertTrue(Keys.inGroup(Keys.count(42, 3, Keys.CELL_TIME), g));
        assertFalse(Keys.inGroup(Keys.link(42, 4, 0), g));
        assertFalse(Keys.inGroup(Keys.link(43, 3, 0), g));
        assertFalse(Keys.inGroup(Keys.node(42), g));
        assertEquals(Keys.COUNT_KEY, Keys.count(1, 1, Keys.CELL_COUNT).length);
    }

    @Test
    void valuesRoundTripWithAnyPayload() {
        byte[] payload = new byte[256];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) i;
        }
        Node n = new Node(7, -2, Long.MIN_VALUE, Integer.MAX_VALUE, payload);
        assertEquals(n, Values.toNode(7, Values.node(n)));
        assertEquals(-2, Values.nodeType(Values.node(n)));
        Node empty = new Node(8, 1, 1, 1, new byte[0]);
        assertEquals(empty, Values.toNode(8, Values.node(empty)));

        Link l = new Link(1, 2, 3, Visibility.HIDDEN, payload, -9, Long.MIN_VALUE + 1);
        byte[] v = Values.link(l);
        assertEquals(l, Values.toLink(1, 2, 3, v));
        assertFalse(Values.linkVisible(v));
        assertEquals(Long.MIN_VALUE + 1, Values.linkTime(v));

        Link visible = l.withVisibility(Visibility.VISIBLE);
        byte[] key = Keys.linkTime(1, 2, visible.time(), 3);
        assertEquals(visible, Values.timeEntryToLink(key, Values.timeEntry(visible)));
    }

    @Test
    void counterOperandsAreLittleEndianAsUInt64AddOperatorExpects() {
        assertArrayEquals(new byte[] {1, 0, 0, 0, 0, 0, 0, 0}, Bytes.uint64(1));
        assertArrayEquals(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1}, Bytes.uint64(-1));
        assertEquals(0x0102030405060708L, Bytes.getUint64(new byte[] {8, 7, 6, 5, 4, 3, 2, 1}));
    }
}
