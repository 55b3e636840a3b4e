package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The SQL text buffer writes numbers exactly as {@link Long#toString(long)} does, at every width. */
class SqlBufferTest {

    private static String row(long... numbers) {
        SqlBuffer b = new SqlBuffer(4);
        b.openRow(numbers, numbers.length);
        return b.text();
    }

    private static String expected(long... numbers) {
        StringBuilder sb = new StringBuilder("(");
        for (long n : numbers) {
            sb.append(n).append(',');
        }
        return sb.toString();
    }

    @Test
    void numbersAtTheEdgesOfEveryDigitCount() {
        long[] edges = {0, 1, 9, 10, 99, 100, 999_999_999, 1_000_000_000, 1_000_000_001, 1_700_000_000_123L,
                999_999_999_999_999_999L, 1_000_000_000_000_000_000L, 1_000_000_000_000_000_007L, Long.MAX_VALUE,
                -1, -10, -1_000_000_000, -1_000_000_000_000_000_000L, Long.MIN_VALUE + 1, Long.MIN_VALUE};
        for (long n : edges) {
            assertEquals(expected(n), row(n), "for " + n);
        }
        long p = 1;
        for (int digits = 1; digits <= 18; digits++, p *= 10) {
            assertEquals(expected(p - 1, p, p + 1, -p), row(p - 1, p, p + 1, -p), "around " + p);
        }
    }

    @Test
    void randomNumbersOfAllMagnitudes() {
        SplittableRandom r = new SplittableRandom(42);
        for (int i = 0; i < 20_000; i++) {
            long n = r.nextLong() >> r.nextInt(64);
            assertEquals(expected(n), row(n), "for " + n);
        }
    }
}
