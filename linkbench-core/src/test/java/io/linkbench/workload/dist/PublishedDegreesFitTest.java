package io.linkbench.workload.dist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The shipped parameters of the published degree model are what the fit produces from the file. */
class PublishedDegreesFitTest {

    @Test
    void shippedParametersReproduceFromTheFile() {
        EmpiricalDegrees data = EmpiricalDegrees.read(TestData.distributionFile(), "nlinks");
        PublishedDegreesFit.Result refit = PublishedDegreesFit.fit(data);
        System.out.print(PublishedDegreesFit.report(refit, data));

        FittedDegrees shipped = FittedDegrees.PUBLISHED;
        FittedDegrees fitted = refit.model();
        assertTrue(refit.rms() < 0.03, "rms error in log10 " + refit.rms());
        assertArrayEquals(refit.bodyCdf(), new double[] {shipped.bodyCdf(1), shipped.bodyCdf(2),
            shipped.bodyCdf(3)}, 1e-6);
        for (double p : new double[] {0.95, 0.99, 0.999, 0.9999, 0.99999, 0.999999}) {
            long a = shipped.quantile(p);
            long b = fitted.quantile(p);
            assertEquals(b, a, Math.max(1, 0.01 * b), "quantile " + p + " shipped vs refit");
        }
        assertEquals(fitted.mean(), shipped.mean(), 0.005 * fitted.mean());
    }

    @Test
    void shipped2011ParametersReproduceFromThe2011FileWithItsZeroRows() {
        EmpiricalDegrees data = EmpiricalDegrees.read(TestData.distribution2011File(), "nlinks", true);
        PublishedDegreesFit.Result refit = PublishedDegreesFit.fit(data, 0, PublishedDegreesFit.BODY_DEGREES_2011);
        System.out.print(PublishedDegreesFit.report(refit, data));

        FittedDegrees shipped = FittedDegrees.PUBLISHED_2011;
        FittedDegrees fitted = refit.model();
        assertTrue(refit.rms() < 0.05, "rms error in log10 " + refit.rms());
        for (int d = 0; d <= PublishedDegreesFit.BODY_DEGREES_2011; d++) {
            assertEquals(refit.bodyCdf()[d], shipped.bodyCdf(d), 1e-6, "P(degree <= " + d + ")");
        }
        assertEquals(0, shipped.quantile(0.45));
        for (double p : new double[] {0.95, 0.99, 0.999, 0.9999, 0.99999, 0.999999}) {
            long a = shipped.quantile(p);
            long b = fitted.quantile(p);
            assertEquals(b, a, Math.max(1, 0.01 * b), "quantile " + p + " shipped vs refit");
        }
        assertEquals(fitted.mean(), shipped.mean(), 0.005 * fitted.mean());
    }
}
