package io.linkbench.workload.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdPermutationTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 16, 17, 1000, 4096, 4097, 65537})
    void isABijectionOnSmallDomains(long n) {
        for (long seed : new long[] {0, 1, 42, -7}) {
            IdPermutation p = new IdPermutation(n, seed);
            boolean[] seen = new boolean[(int) n];
            for (long x = 0; x < n; x++) {
                long y = p.apply(x);
                assertTrue(y >= 0 && y < n, "image " + y + " of " + x + " out of range, n=" + n);
                assertFalse(seen[(int) y], "image " + y + " hit twice, n=" + n + ", seed=" + seed);
                seen[(int) y] = true;
                assertEquals(x, p.inverse(y));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {10_000_000_000L, (1L << 61) + 1, (1L << 62) - 1, 1L << 62})
    void roundTripsOnLargeDomains(long n) {
        IdPermutation p = new IdPermutation(n, 12345);
        SplittableRandom random = new SplittableRandom(1);
        long[] probes = new long[10_002];
        probes[0] = 0;
        probes[1] = n - 1;
        for (int i = 2; i < probes.length; i++) {
            probes[i] = random.nextLong(n);
        }
        for (long x : probes) {
            long y = p.apply(x);
            assertTrue(y >= 0 && y < n, "image out of range: " + y);
            assertEquals(x, p.inverse(y));
            assertEquals(x, p.apply(p.inverse(x)));
        }
    }

    @Test
    void sameSeedSamePermutationOtherSeedAnother() {
        long n = 1000;
        IdPermutation a = new IdPermutation(n, 1);
        IdPermutation again = new IdPermutation(n, 1);
        IdPermutation b = new IdPermutation(n, 2);
        int differ = 0;
        for (long x = 0; x < n; x++) {
            assertEquals(a.apply(x), again.apply(x));
            if (a.apply(x) != b.apply(x)) {
                differ++;
            }
        }
        assertTrue(differ > 950, "only " + differ + " of 1000 images differ between seeds");
    }

    @Test
    void consecutiveInputsAreSpreadOverTheDomain() {
        long n = 1_000_000;
        IdPermutation p = new IdPermutation(n, 99);
        int[] buckets = new int[10];
        double jumps = 0;
        long previous = p.apply(0);
        buckets[(int) (previous / (n / 10))]++;
        for (long x = 1; x < 1000; x++) {
            long y = p.apply(x);
            buckets[(int) (y / (n / 10))]++;
            jumps += Math.abs(y - previous);
            previous = y;
        }
        for (int b = 0; b < 10; b++) {
            // expected 100 per bucket, binomial sd 9.5
            assertTrue(buckets[b] >= 60 && buckets[b] <= 140, "bucket " + b + " holds " + buckets[b] + " of 1000");
        }
        double meanJump = jumps / 999;
        assertTrue(meanJump > n / 5.0, "mean distance between images of consecutive inputs " + meanJump);
    }

    @Test
    void rejectsValuesOutsideTheDomain() {
        IdPermutation p = new IdPermutation(10, 0);
        assertThrows(IllegalArgumentException.class, () -> p.apply(10));
        assertThrows(IllegalArgumentException.class, () -> p.apply(-1));
        assertThrows(IllegalArgumentException.class, () -> p.inverse(10));
        assertThrows(IllegalArgumentException.class, () -> new IdPermutation(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new IdPermutation((1L << 62) + 1, 0));
    }

    @Test
    void allocatesNothingPerCall() {
        IdPermutation p = new IdPermutation(10_000_000_000L, 3);
        long[] sink = new long[1];
        long bytes = Allocations.bytesAllocatedBy(() -> {
            for (long x = 0; x < 100_000; x++) {
                sink[0] += p.inverse(p.apply(x));
            }
        });
        assertTrue(bytes < 64 * 1024, bytes + " bytes allocated by 200,000 calls");
    }
}
