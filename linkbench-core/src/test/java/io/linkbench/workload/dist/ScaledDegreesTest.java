package io.linkbench.workload.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScaledDegreesTest {
    private final DegreeDistribution published = DegreeDistribution.published();

    @Test
    void graphOf200001KeepsTheBodyAndCapsTheTail() {
        long n = 200_001;
        ScaledDegrees scaled = published.scaledTo(n);
        assertEquals(published.quantile(ScaledDegrees.KNEE_QUANTILE), scaled.knee());
        long sum = 0;
        long ones = 0;
        long upToTwo = 0;
        long previous = 0;
        for (long rank = 0; rank < n; rank++) {
            long d = scaled.degree(rank);
            long raw = published.quantile((rank + 0.5) / n);
            assertTrue(d >= previous, "degree falls at rank " + rank);
            if (raw <= scaled.knee()) {
                assertEquals(raw, d, "body degree changed at rank " + rank);
            } else {
                assertTrue(d >= scaled.knee() && d <= raw, "tail degree " + d + " from " + raw);
            }
            previous = d;
            sum += d;
            ones += d == 1 ? 1 : 0;
            upToTwo += d <= 2 ? 1 : 0;
        }
        assertEquals(sum, scaled.totalLinks(), "total links");
        assertEquals(previous, scaled.maxDegree());
        assertTrue(scaled.maxDegree() * 100 < sum, "largest degree " + scaled.maxDegree() + " of " + sum + " links");
        assertEquals(Math.floor(0.001 * n * published.mean()), scaled.maxDegree(), "largest degree is the cap");
        assertEquals(79.747, 100.0 * ones / n, 1.0, "percent of id1s with one link");
        assertEquals(90.513, 100.0 * upToTwo / n, 1.0, "percent of id1s with at most two links");
        long rawMax = published.quantile((n - 0.5) / n);
        assertTrue(rawMax > 10 * scaled.maxDegree(), "the raw tail " + rawMax + " was not compressed");
    }

    @Test
    void topDegreesStaySpreadBelowTheCap() {
        long n = 200_001;
        ScaledDegrees scaled = published.scaledTo(n);
        long[] top = new long[20];
        for (int i = 0; i < top.length; i++) {
            top[i] = scaled.degree(n - 1 - i);
        }
        long atMax = Arrays.stream(top).filter(d -> d == scaled.maxDegree()).count();
        long distinct = Arrays.stream(top).distinct().count();
        assertTrue(atMax <= 2, atMax + " of the top 20 id1s sit at the cap: " + Arrays.toString(top));
        assertTrue(distinct >= 15, "top 20 degrees have only " + distinct + " values: " + Arrays.toString(top));
        assertTrue(top[19] < 0.9 * top[0], "top 20 degrees pile up near the cap: " + Arrays.toString(top));
    }

    @Test
    void tenBillionId1sInConstantMemory() {
        long n = 10_000_000_000L;
        ScaledDegrees scaled = published.scaledTo(n);
        assertTrue(scaled.maxDegree() * 100.0 <= scaled.totalLinks(), scaled.toString());
        assertEquals(published.mean(), (double) scaled.totalLinks() / n, 0.05 * published.mean(), scaled.toString());
        SplittableRandom random = new SplittableRandom(8);
        long[] ranks = new long[100_000];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = random.nextLong(n);
        }
        Arrays.sort(ranks);
        long previous = 1;
        for (long rank : ranks) {
            long d = scaled.degree(rank);
            assertTrue(d >= previous && d <= scaled.maxDegree(), "degree " + d + " at rank " + rank);
            previous = d;
        }
        long[] sink = new long[1];
        long bytes = Allocations.bytesAllocatedBy(() -> {
            for (long rank : ranks) {
                sink[0] += scaled.degree(rank);
            }
        });
        assertTrue(bytes < 64 * 1024, bytes + " bytes allocated by 100,000 degree look-ups");
    }

    @Test
    void estimatedTotalIsWithinATenthOfAPercent() {
        long n = 2_000_000;
        // Small limits force every path: groups, Simpson's rule in the middle, exact top ranks.
        ScaledDegrees estimated = new ScaledDegrees(published, n, 0.001, 64, 1000, 100);
        ScaledDegrees exact = published.scaledTo(n);
        long sum = 0;
        for (long rank = 0; rank < n; rank++) {
            sum += exact.degree(rank);
        }
        assertEquals(sum, exact.totalLinks());
        assertEquals(sum, estimated.totalLinks(), 0.001 * sum);
    }

    @Test
    void maxShareIsConfigurable() {
        long n = 2_000_000;
        ScaledDegrees half = published.scaledTo(n, 0.0005);
        ScaledDegrees standard = published.scaledTo(n);
        assertEquals(Math.floor(0.0005 * n * published.mean()), half.maxDegree());
        assertEquals(Math.floor(0.001 * n * published.mean()), standard.maxDegree());
        assertThrows(IllegalArgumentException.class, () -> published.scaledTo(n, 0));
        assertThrows(IllegalArgumentException.class, () -> published.scaledTo(0));
        assertThrows(IllegalArgumentException.class, () -> standard.degree(n));
    }

    @Test
    void smallGraphsKeepTheBody() {
        ScaledDegrees one = published.scaledTo(1);
        assertEquals(1, one.degree(0));
        assertEquals(1, one.totalLinks());
        ScaledDegrees thousand = published.scaledTo(1000);
        long sum = 0;
        for (long rank = 0; rank < 1000; rank++) {
            long raw = published.quantile((rank + 0.5) / 1000);
            long d = thousand.degree(rank);
            assertTrue(raw <= thousand.knee() ? d == raw : d <= 2 * thousand.knee(), "rank " + rank);
            sum += d;
        }
        assertEquals(sum, thousand.totalLinks());
    }

    @Test
    void nothingChangesWhenTheTailFitsUnderTheCap(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("d.dat");
        Files.write(file, List.of("nlinks", "1 60", "2 90", "5 99", "40 100"));
        DegreeDistribution small = DegreeDistribution.fromCdfFile(file, "nlinks");
        long n = 1_000_000;
        ScaledDegrees scaled = small.scaledTo(n);
        long sum = 0;
        for (long rank = 0; rank < n; rank++) {
            long d = scaled.degree(rank);
            assertEquals(small.quantile((rank + 0.5) / n), d);
            sum += d;
        }
        assertEquals(40, scaled.maxDegree());
        assertEquals(sum, scaled.totalLinks());
        assertEquals(small.mean() * n, sum, 1.0);
    }

    @Test
    void measuredFileScaledToASmallGraph() {
        DegreeDistribution measured = DegreeDistribution.fromCdfFile(TestData.distributionFile(), "nlinks");
        long n = 200_001;
        ScaledDegrees scaled = measured.scaledTo(n);
        long ones = 0;
        for (long rank = 0; rank < n; rank++) {
            ones += scaled.degree(rank) == 1 ? 1 : 0;
        }
        assertTrue(scaled.maxDegree() * 100 < scaled.totalLinks(), scaled.toString());
        assertEquals(79.747, 100.0 * ones / n, 0.01);
        ScaledDegrees estimated = new ScaledDegrees(measured, n, 0.001, 64, 1000, 100);
        assertEquals(scaled.totalLinks(), estimated.totalLinks(), 0.001 * scaled.totalLinks());
    }
}
