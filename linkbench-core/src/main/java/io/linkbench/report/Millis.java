package io.linkbench.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.HdrHistogram.Histogram;

/**
 * Nanoseconds to milliseconds with 3 decimals, rounded half-up on the exact value, so the console
 * table and result.json always print the same figure for the same histogram.
 */
final class Millis {
    private Millis() {
    }

    static BigDecimal of(long nanos) {
        return BigDecimal.valueOf(nanos).movePointLeft(6).setScale(3, RoundingMode.HALF_UP);
    }

    static BigDecimal of(double nanos) {
        return new BigDecimal(nanos).movePointLeft(6).setScale(3, RoundingMode.HALF_UP);
    }

    /** The summary figures of a latency histogram, in the order the reports print them. */
    record Summary(BigDecimal mean, BigDecimal p25, BigDecimal p50, BigDecimal p75, BigDecimal p95, BigDecimal p99, BigDecimal p999,
                   BigDecimal max) {
        static Summary of(Histogram h) {
            return new Summary(Millis.of(h.getMean()), Millis.of(h.getValueAtPercentile(25)),
                    Millis.of(h.getValueAtPercentile(50)), Millis.of(h.getValueAtPercentile(75)),
                    Millis.of(h.getValueAtPercentile(95)), Millis.of(h.getValueAtPercentile(99)),
                    Millis.of(h.getValueAtPercentile(99.9)), Millis.of(h.getMaxValue()));
        }
    }
}
