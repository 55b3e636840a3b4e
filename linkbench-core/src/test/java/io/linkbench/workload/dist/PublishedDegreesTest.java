package io.linkbench.workload.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The built-in degree model against the measured file and on its own. */
class PublishedDegreesTest {
    private final DegreeDistribution model = DegreeDistribution.published();

    @Test
    void quantilesMatchTheMeasuredFile() {
        DegreeDistribution file = DegreeDistribution.fromCdfFile(TestData.distributionFile(), "nlinks");
        assertEquals(file.quantile(0.5), model.quantile(0.5), "p50");
        assertEquals(file.quantile(0.8), model.quantile(0.8), "p80");
        assertEquals(file.quantile(0.9), model.quantile(0.9), "p90");
        assertEquals(file.quantile(0.99), model.quantile(0.99), 0.05 * file.quantile(0.99), "p99");
        assertEquals(file.quantile(0.999), model.quantile(0.999), 0.05 * file.quantile(0.999), "p99.9");
        assertEquals(file.quantile(0.9999), model.quantile(0.9999), 0.05 * file.quantile(0.9999), "p99.99");
        assertEquals(file.quantile(0.99999), model.quantile(0.99999), 0.05 * file.quantile(0.99999), "p99.999");
        assertEquals(file.mean(), model.mean(), 0.01 * file.mean(), "mean");
        for (double u = 0.0005; u < 0.999; u += 0.001) {
            long f = file.quantile(u);
            long m = model.quantile(u);
            assertTrue(Math.abs(f - m) <= Math.max(1, 0.1 * f), "quantile " + u + ": file " + f + ", model " + m);
        }
    }

    @Test
    void publishedFacts() {
        // From the measurements: 79.75% of id1s have one link, 90.51% at most two, p99 22, mean 3.85.
        assertEquals(1, model.quantile(0.0));
        assertEquals(1, model.quantile(0.5));
        assertEquals(1, model.quantile(0.797));
        assertEquals(2, model.quantile(0.798));
        assertEquals(2, model.quantile(0.905));
        assertEquals(3, model.quantile(0.906));
        assertEquals(22, model.quantile(0.99));
        assertEquals(3.85, model.mean(), 0.02);
    }

    @Test
    void quantileIsNonDecreasingAndFinite() {
        long previous = 0;
        for (int i = 0; i <= 100_000; i++) {
            double u = 1 - Math.pow(10, -16.0 * i / 100_000);
            u = Math.min(u, Math.nextDown(1.0));
            long q = model.quantile(u);
            assertTrue(q >= previous && q >= 1, "quantile " + u + " = " + q + " after " + previous);
            previous = q;
        }
        assertTrue(previous > 1_000_000 && previous < Long.MAX_VALUE / 4, "largest quantile " + previous);
        assertThrows(IllegalArgumentException.class, () -> model.quantile(1.0));
        assertThrows(IllegalArgumentException.class, () -> model.quantile(-0.1));
        assertThrows(IllegalArgumentException.class, () -> model.quantile(Double.NaN));
    }
}
