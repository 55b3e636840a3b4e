package io.linkbench.report.html;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ScaleTest {
    @Test
    void takesTheSmallestNiceStepThatCoversTheDataInSevenSteps() {
        assertEquals(new Scale(40, 10), Scale.covering(37));
        assertEquals(new Scale(40, 10), Scale.covering(40));
        assertEquals(14000, Scale.covering(12345).max(), 1e-9);
        assertEquals(2000, Scale.covering(12345).step(), 1e-9);
        assertEquals(3.5, Scale.covering(3.024).max(), 1e-12, "a run of 3 s ending a little late");
        assertEquals(1.0, Scale.covering(0.9).max(), 1e-12);
        assertEquals(0.2, Scale.covering(0.9).step(), 1e-12);
        assertEquals(0.0025, Scale.covering(0.017).step(), 1e-12);
        assertEquals(0.0175, Scale.covering(0.017).max(), 1e-12);
    }

    @Test
    void nothingToShowGivesZeroToOne() {
        for (double v : new double[] {0, -5, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertEquals(new Scale(1, 0.2), Scale.covering(v), "for " + v);
        }
    }

    @Test
    void ticksRunFromZeroToTheMaximum() {
        assertArrayEquals(new double[] {0, 10, 20, 30, 40}, Scale.covering(37).ticks(), 1e-9);
        assertEquals(6, Scale.covering(0.9).ticks().length);
    }

    @Test
    void labelsShowTheDecimalsTheStepNeedsAndShortenLargeValues() {
        Scale small = Scale.covering(0.9);
        assertEquals("0.4", small.label(small.ticks()[2]));
        Scale quarter = Scale.covering(0.017);
        assertEquals("0.0075", quarter.label(quarter.ticks()[3]));
        assertEquals("30", Scale.covering(37).label(30));
        assertEquals("7.5k", Scale.covering(17_000).label(7500));
        assertEquals("0", Scale.covering(17_000).label(0));
        assertEquals("250k", Scale.covering(240_000).label(250_000));
        assertEquals("20M", Scale.covering(23_000_000).label(20_000_000));
    }
}
