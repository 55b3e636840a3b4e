package io.linkbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SizeCountsTest {
    /** 100 transactions: 50 of size 1, 40 of size 3, 9 of size 10, 1 of size 103. */
    private static final SizeCounts KNOWN = knownCounts();

    private static SizeCounts knownCounts() {
        long[] c = new long[104];
        c[1] = 50;
        c[3] = 40;
        c[10] = 9;
        c[103] = 1;
        return SizeCounts.of(c);
    }

    @Test
    void percentilesAreTheNearestRankSizesOfTheCounts() {
        assertEquals(100, KNOWN.total());
        assertEquals(1, KNOWN.percentile(1));
        assertEquals(1, KNOWN.percentile(50), "the 50th of 100 is the last of size 1");
        assertEquals(3, KNOWN.percentile(51));
        assertEquals(3, KNOWN.percentile(90), "the 90th is the last of size 3");
        assertEquals(10, KNOWN.percentile(91));
        assertEquals(10, KNOWN.percentile(99));
        assertEquals(103, KNOWN.percentile(100));
        assertEquals(103, KNOWN.max());
        assertEquals((50 * 1 + 40 * 3 + 9 * 10 + 103) / 100.0, KNOWN.mean(), 1e-12);
    }

    @Test
    void aFewCountsRoundTheRankUp() {
        SizeCounts four = new SizeCounts(List.of(0L, 1L, 1L, 1L, 1L)); // sizes 1, 2, 3, 4
        assertEquals(2, four.percentile(50));
        assertEquals(4, four.percentile(90), "ceil(3.6) = the 4th");
        assertEquals(2.5, four.mean(), 1e-12);
    }

    @Test
    void nothingCountedHasNoSizes() {
        assertTrue(SizeCounts.NONE.isEmpty());
        assertEquals(0, SizeCounts.NONE.total());
        assertEquals(0, SizeCounts.NONE.max());
        assertEquals(0, SizeCounts.NONE.percentile(99));
        assertTrue(Double.isNaN(SizeCounts.NONE.mean()));
        assertEquals(SizeCounts.NONE, SizeCounts.of(new long[8]), "trailing zeros are dropped");
    }

    @Test
    void sumsAreExactSizeBySize() {
        SizeCounts a = new SizeCounts(List.of(0L, 2L, 3L));
        SizeCounts b = new SizeCounts(List.of(0L, 1L, 0L, 0L, 5L, 0L));
        assertEquals(new SizeCounts(List.of(0L, 3L, 3L, 0L, 5L)), a.plus(b));
        assertEquals(a.plus(b), b.plus(a));
        assertThrows(IllegalArgumentException.class, () -> new SizeCounts(List.of(1L, -1L)));
        assertThrows(IllegalArgumentException.class, () -> a.percentile(0));
    }
}
