package io.linkbench.workload.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmpiricalDegreesTest {
    @TempDir
    Path dir;

    @Test
    void reproducesEveryRowOfTheMeasuredFile() throws IOException {
        Path file = TestData.distributionFile();
        List<long[]> rows = new ArrayList<>();
        List<Double> percents = new ArrayList<>();
        boolean inSection = false;
        for (String line : Files.readAllLines(file)) {
            if (line.equals("nlinks")) {
                inSection = true;
            } else if (inSection && !line.isEmpty() && Character.isLetter(line.charAt(0))) {
                break;
            } else if (inSection) {
                String[] f = line.trim().split("\\s+");
                rows.add(new long[] {Long.parseLong(f[0])});
                percents.add(Double.parseDouble(f[1]));
            }
        }
        DegreeDistribution d = DegreeDistribution.fromCdfFile(file, "nlinks");
        double previous = 0;
        double mean = 0;
        for (int i = 0; i < rows.size(); i++) {
            long value = rows.get(i)[0];
            double cdf = percents.get(i) / 100;
            double inside = (previous + cdf) / 2;
            assertEquals(value, d.quantile(inside), "row " + i);
            if (cdf < 1) {
                assertEquals(value, d.quantile(cdf), "row " + i + " at its own percent");
            }
            mean += value * (cdf - previous);
            previous = cdf;
        }
        assertTrue(rows.size() > 1000);
        assertEquals(mean, d.mean(), 1e-9 * mean);
        assertEquals(3.85, d.mean(), 0.01);
    }

    @Test
    void stepFunctionOfASmallFile() throws IOException {
        Path file = write("# comment", "other", "1 50", "2 100", "", "nlinks", "1 60", "2 90", "5 99", "40 100",
                "link_nreads", "1 100");
        DegreeDistribution d = DegreeDistribution.fromCdfFile(file, "nlinks");
        assertEquals(1, d.quantile(0));
        assertEquals(1, d.quantile(0.6));
        assertEquals(2, d.quantile(0.6000001));
        assertEquals(2, d.quantile(0.9));
        assertEquals(5, d.quantile(0.95));
        assertEquals(40, d.quantile(0.995));
        assertEquals(40, d.quantile(Math.nextDown(1.0)));
        assertEquals(0.6 + 2 * 0.3 + 5 * 0.09 + 40 * 0.01, d.mean(), 1e-12);
        assertEquals(2, DegreeDistribution.fromCdfFile(file, "other").quantile(0.7));
    }

    @Test
    void zeroDegreesAreDroppedAndTheRestRescaled() throws IOException {
        Path file = write("nlinks", "0 50", "1 75", "3 100");
        DegreeDistribution d = DegreeDistribution.fromCdfFile(file, "nlinks");
        assertEquals(1, d.quantile(0.49));
        assertEquals(3, d.quantile(0.51));
        assertEquals(2.0, d.mean(), 1e-12);
    }

    @Test
    void errorsNameTheFileTheLineAndTheProblem() throws IOException {
        assertError(write("nlinks", "1 50", "2 100"), "missing", ":3: no section 'missing' (sections found: nlinks)");
        assertError(write("nlinks", "1 50", "2 40", "3 100"), "nlinks",
                ":3: cumulative percent 40 is not greater than 50.0 on line 2");
        assertError(write("nlinks", "1 50", "2 50", "3 100"), "nlinks",
                ":3: cumulative percent 50 is not greater than 50.0 on line 2");
        assertError(write("nlinks", "1 50", "2 abc", "3 100"), "nlinks", ":3: 'abc' is not a number");
        assertError(write("nlinks", "1 50", "x2 60"), "nlinks", ":3: 'x2' is not a number");
        assertError(write("nlinks", "1.5 50"), "nlinks", ":2: value '1.5' is not a whole number");
        assertError(write("nlinks", "1 50", "1 60"), "nlinks", ":3: value 1 is not greater than 1 on line 2");
        assertError(write("nlinks", "1 50 7"), "nlinks", ":2: expected 'value cumulative-percent', found '1 50 7'");
        assertError(write("nlinks", "1 50", "2 101"), "nlinks", ":3: cumulative percent 101 is outside 0..100");
        assertError(write("nlinks", "1 50", "2 90"), "nlinks",
                ":3: section 'nlinks' ends at cumulative percent 90.0, expected 100");
        assertError(write("nlinks", "other", "1 100"), "nlinks", ":1: section 'nlinks' has no rows");
        assertError(write("nlinks", "-1 50"), "nlinks", ":2: value -1 is negative");
        assertError(write("nlinks", "0 100"), "nlinks", ":1: section 'nlinks' has no value >= 1");
        assertError(write("nlinks", "1 50", "\u0662 100"), "nlinks", ":3: '\u0662' is not a number"); // Arabic-Indic 2
        Path missing = dir.resolve("absent.dat");
        ConfigException e = assertThrows(ConfigException.class, () -> DegreeDistribution.fromCdfFile(missing, "nlinks"));
        assertEquals("nlinks_file=" + missing + ": no such file", e.getMessage());
    }

    private static void assertError(Path file, String section, String expectedAfterFileName) {
        ConfigException e = assertThrows(ConfigException.class, () -> DegreeDistribution.fromCdfFile(file, section));
        assertEquals(file + expectedAfterFileName, e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "message is not one line");
    }

    private int files;

    private Path write(String... lines) throws IOException {
        Path file = dir.resolve("dist" + (files++) + ".dat");
        Files.write(file, List.of(lines));
        return file;
    }
}
