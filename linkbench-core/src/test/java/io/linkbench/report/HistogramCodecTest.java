package io.linkbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Histograms as text, and the header check that keeps a crafted encoding from asking for gigabytes. */
class HistogramCodecTest {
    @Test
    void theCountersOfAHeaderAreThoseHdrHistogramAllocates() {
        long[][] ranges = {{1, 2}, {1, 1000}, {1, 3_600_000_000_000L}, {1000, 3_600_000_000_000L}, {1, Long.MAX_VALUE / 2},
            {7, 1L << 40}};
        for (int digits = 0; digits <= 4; digits++) {
            for (long[] r : ranges) {
                Histogram h = new Histogram(r[0], r[1], digits);
                long allocated = (h.getEstimatedFootprintInBytes() - 512) / 8; // a Histogram's counters are longs
                assertEquals(allocated, HistogramCodec.counters(digits, r[0], r[1]), digits + " digits, " + r[0] + ".." + r[1]);
            }
        }
        assertEquals(Long.MAX_VALUE, HistogramCodec.counters(6, 1, 1000), "more digits than HdrHistogram takes");
        assertEquals(Long.MAX_VALUE, HistogramCodec.counters(3, 0, 1000), "a lowest value below 1");
        assertEquals(Long.MAX_VALUE, HistogramCodec.counters(3, 10, 15), "a range narrower than twice the lowest");
    }

    @Test
    void whatLinkbenchWritesDecodesAndAHugeHeaderIsRefused() throws Exception {
        Histogram h = new Histogram(3);
        h.recordValue(1234);
        h.recordValue(3_600_000_000_000L);
        assertEquals(h, HistogramCodec.decode(HistogramCodec.encode(h)));
        Histogram wide = new Histogram(1, Long.MAX_VALUE / 2, 5);
        IOException e = assertThrows(IOException.class, () -> HistogramCodec.decode(HistogramCodec.encode(wide)));
        assertTrue(e.getMessage().startsWith("a histogram of 5 significant digits from 1 to " + Long.MAX_VALUE / 2
                + " needs "), e.getMessage());
        assertThrows(IOException.class, () -> HistogramCodec.decode("AAAA"));
    }
}
