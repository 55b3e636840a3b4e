package io.linkbench.workload.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GeometricSizesTest {

    @Test
    void publishedMultigetSizes() {
        GeometricSizes sizes = GeometricSizes.PUBLISHED_MULTIGET;
        // Truncation at 128 removes (1 - 0.382)^128, about 1e-27, so the mean is 1/p.
        assertEquals(1 / 0.382, sizes.mean(), 1e-9);
        SplittableRandom random = new SplittableRandom(11);
        int samples = 1_000_000;
        long sum = 0;
        int ones = 0;
        int largest = 0;
        for (int i = 0; i < samples; i++) {
            int k = sizes.sample(random);
            assertTrue(k >= 1 && k <= 128, "size out of range: " + k);
            sum += k;
            ones += k == 1 ? 1 : 0;
            largest = Math.max(largest, k);
        }
        // sd of one size is sqrt(1-p)/p = 2.06, of the mean 0.002
        assertEquals(sizes.mean(), (double) sum / samples, 0.01);
        assertEquals(0.382, (double) ones / samples, 0.003);
        assertTrue(largest > 15, "largest of a million sizes is only " + largest);
    }

    @Test
    void truncationConditionsOnTheRange() {
        GeometricSizes sizes = new GeometricSizes(5, 7, 0.1);
        // P(5..7) proportional to 1, 0.9, 0.81
        double total = 1 + 0.9 + 0.81;
        assertEquals((5 + 6 * 0.9 + 7 * 0.81) / total, sizes.mean(), 1e-12);
        SplittableRandom random = new SplittableRandom(3);
        int[] counts = new int[8];
        int samples = 300_000;
        for (int i = 0; i < samples; i++) {
            counts[sizes.sample(random)]++;
        }
        assertEquals(samples, counts[5] + counts[6] + counts[7]);
        assertEquals(1 / total, (double) counts[5] / samples, 0.005);
        assertEquals(0.9 / total, (double) counts[6] / samples, 0.005);
        assertEquals(0.81 / total, (double) counts[7] / samples, 0.005);
    }

    @Test
    void certainSuccessAndBadArguments() {
        GeometricSizes always = new GeometricSizes(3, 10, 1.0);
        assertEquals(3, always.sample(new SplittableRandom(1)));
        assertEquals(3.0, always.mean());
        assertThrows(IllegalArgumentException.class, () -> new GeometricSizes(2, 1, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new GeometricSizes(1, 10, 0));
        assertThrows(IllegalArgumentException.class, () -> new GeometricSizes(1, 10, 1.5));
    }
}
