package io.linkbench.workload.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ZipfRanksTest {
    private static final int SAMPLES = 1_000_000;

    /** Chi-square of the first ranks (one bin each) and the rest (one bin) against the exact pmf. */
    @ParameterizedTest
    @CsvSource({"1000, 0.8", "1000, 1.2", "1000, 1.0", "1000000, 1.2", "100000, 0.5", "50, 3.0", "2, 0.7",
        "1000, 0.999999"})
    void followsTheExactPmf(long n, double shape) {
        double[] pmf = exactPmfHead(n, shape, 30);
        int bins = pmf.length;
        double tail = 1 - Arrays.stream(pmf).sum();
        long[] counts = new long[bins + 1];
        ZipfRanks zipf = new ZipfRanks(n, shape);
        SplittableRandom random = new SplittableRandom(2024);
        for (int i = 0; i < SAMPLES; i++) {
            long k = zipf.sample(random);
            assertTrue(k >= 0 && k < n, "rank out of range: " + k);
            counts[(int) Math.min(k, bins)]++;
        }
        double chi2 = 0;
        int df = -1;
        for (int b = 0; b <= bins; b++) {
            double expected = SAMPLES * (b < bins ? pmf[b] : tail);
            if (expected > 5) {
                chi2 += (counts[b] - expected) * (counts[b] - expected) / expected;
                df++;
            }
        }
        double critical = chiSquareQuantile(df, 3.72); // p = 1e-4
        assertTrue(chi2 < critical, "chi-square " + chi2 + " >= " + critical + " with " + df + " degrees of freedom");
        assertEquals(pmf[0], (double) counts[0] / SAMPLES, 0.02 * pmf[0] + 0.001, "frequency of rank 0");
    }

    @Test
    void worksAtTenBillionRanks() {
        long n = 10_000_000_000L;
        double shape = 0.8;
        int samples = 2_000_000;
        ZipfRanks zipf = new ZipfRanks(n, shape);
        SplittableRandom random = new SplittableRandom(7);
        long[] drawn = new long[samples];
        for (int i = 0; i < samples; i++) {
            drawn[i] = zipf.sample(random);
            assertTrue(drawn[i] >= 0 && drawn[i] < n, "rank out of range: " + drawn[i]);
        }
        Arrays.sort(drawn);
        long mostFrequent = -1;
        int bestRun = 0;
        int countOfZero = 0;
        int countOfOne = 0;
        for (int i = 0; i < samples;) {
            int j = i;
            while (j < samples && drawn[j] == drawn[i]) {
                j++;
            }
            if (j - i > bestRun) {
                bestRun = j - i;
                mostFrequent = drawn[i];
            }
            if (drawn[i] == 0) {
                countOfZero = j - i;
            } else if (drawn[i] == 1) {
                countOfOne = j - i;
            }
            i = j;
        }
        assertEquals(0, mostFrequent);
        double norm = normalizer(n, shape);
        double p0 = 1 / norm;
        double p1 = Math.pow(2, -shape) / norm;
        // p0 is about 0.002: 4000 expected, sd 63
        assertEquals(p0, (double) countOfZero / samples, 0.05 * p0, "frequency of rank 0");
        assertEquals(p1, (double) countOfOne / samples, 0.06 * p1, "frequency of rank 1");
        assertTrue(drawn[samples - 1] > n / 100, "no draw reached the far part of the range");
    }

    @Test
    void singleRankAndBadArguments() {
        ZipfRanks one = new ZipfRanks(1, 0.8);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 100; i++) {
            assertEquals(0, one.sample(random));
        }
        assertThrows(IllegalArgumentException.class, () -> new ZipfRanks(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new ZipfRanks(10, 0));
        assertThrows(IllegalArgumentException.class, () -> new ZipfRanks(10, Double.NaN));
    }

    @Test
    void allocatesNothingPerSample() {
        ZipfRanks zipf = new ZipfRanks(1_000_000_000_000L, 0.8);
        SplittableRandom random = new SplittableRandom(5);
        long[] sink = new long[1];
        long bytes = Allocations.bytesAllocatedBy(() -> {
            for (int i = 0; i < 200_000; i++) {
                sink[0] += zipf.sample(random);
            }
        });
        assertTrue(bytes < 64 * 1024, bytes + " bytes allocated by 200,000 samples");
    }

    /** P(rank = k) for k below min(n, head), exactly (the normalizer summed in full or nearly so). */
    private static double[] exactPmfHead(long n, double shape, int head) {
        double norm = normalizer(n, shape);
        double[] pmf = new double[(int) Math.min(n, head)];
        for (int k = 0; k < pmf.length; k++) {
            pmf[k] = Math.pow(k + 1, -shape) / norm;
        }
        return pmf;
    }

    /**
     * The sum of j^-shape for j = 1..n: exact up to 10^6 terms, then the midpoint-rule integral, whose
     * error there is below 1e-13 of the sum.
     */
    private static double normalizer(long n, double shape) {
        long exact = Math.min(n, 1_000_000);
        double sum = 0;
        for (long j = exact; j >= 1; j--) {
            sum += Math.pow(j, -shape);
        }
        if (n > exact) {
            double hi = n + 0.5;
            double lo = exact + 0.5;
            sum += shape == 1 ? Math.log(hi / lo) : (Math.pow(hi, 1 - shape) - Math.pow(lo, 1 - shape)) / (1 - shape);
        }
        return sum;
    }

    /** The Wilson-Hilferty approximation of the chi-square quantile at standard normal quantile z. */
    private static double chiSquareQuantile(int df, double z) {
        double c = 2.0 / (9 * df);
        double t = 1 - c + z * Math.sqrt(c);
        return df * t * t * t;
    }
}
