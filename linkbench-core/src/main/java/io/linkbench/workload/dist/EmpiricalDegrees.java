package io.linkbench.workload.dist;

import io.linkbench.config.BoundedFile;
import io.linkbench.config.ConfigException;
import io.linkbench.config.Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An empirical degree distribution read from one section of a file of the LinkBench
 * {@code Distribution.dat} format. Its quantile is the step function of the rows.
 *
 * <p>Format: a line holding only the section name (a word starting with a letter), then rows of
 * {@code value cumulative-percent}, whitespace-separated, until the next section name or the end of
 * the file. Values are whole numbers &gt;= 0 and strictly increasing; percents are in [0, 100],
 * strictly increasing, and the last one is 100 (at least 99.99; the rows are rescaled to end at 100).
 * Blank lines and lines starting with {@code #} are ignored. By default rows with value 0 are dropped
 * and the rest rescaled, i.e. the distribution is conditioned on degree &gt;= 1 (the 2017 rules, which
 * raise every degree to at least the number of link types anyway); the 2012 rules keep them
 * ({@code keepZeros}), so that id1s with no links at all keep their share (45.3% in the 2011 file).
 */
final class EmpiricalDegrees implements DegreeDistribution {
    private final long[] values;
    private final double[] cdf; // P(degree <= values[i]); strictly increasing, last is 1
    private final double mean;

    private EmpiricalDegrees(long[] values, double[] cdf) {
        this.values = values;
        this.cdf = cdf;
        double sum = 0;
        double previous = 0;
        for (int i = 0; i < values.length; i++) {
            sum += values[i] * (cdf[i] - previous);
            previous = cdf[i];
        }
        this.mean = sum;
    }

    @Override
    public long quantile(double u) {
        if (!(u >= 0 && u < 1)) {
            throw new IllegalArgumentException("quantile needs u in [0, 1), got " + u);
        }
        int i = Arrays.binarySearch(cdf, u);
        if (i < 0) {
            i = -i - 1; // the first index whose cdf is > u
        }
        return values[Math.min(i, values.length - 1)];
    }

    @Override
    public double mean() {
        return mean;
    }

    /** P(degree <= d). */
    double cdf(long d) {
        int i = Arrays.binarySearch(values, d);
        if (i < 0) {
            i = -i - 2; // the last index whose value is < d
        }
        return i < 0 ? 0 : cdf[i];
    }

    /** The largest degree. */
    long max() {
        return values[values.length - 1];
    }

    @Override
    public long firstRowAtLeast(double u) {
        if (!(u > 0 && u <= 1)) {
            throw new IllegalArgumentException("the original's rule needs u in (0, 1], got " + u);
        }
        int i = Arrays.binarySearch(cdf, u);
        if (i < 0) {
            i = -i - 1; // the first index whose cdf is > u
        }
        return values[Math.min(i, values.length - 1)];
    }

    /** Reads a section, dropping the rows of value 0; see the class description for the format. */
    static EmpiricalDegrees read(Path file, String section) {
        return read(file, section, false);
    }

    /**
     * Reads a section; {@code keepZeros} keeps the rows of value 0 (the 2012 rules). The file is read whole
     * with {@link BoundedFile}: a regular file of at most {@link #CDF_FILE_MAX} bytes.
     */
    static EmpiricalDegrees read(Path file, String section, boolean keepZeros) {
        Parser parser = new Parser(file, section, keepZeros);
        String text = BoundedFile.text(file, "nlinks_file=" + file, CDF_FILE_MAX, CDF_FILE);
        for (String line : (Iterable<String>) text.lines()::iterator) {
            if (!parser.accept(line)) {
                break;
            }
        }
        return parser.finish();
    }

    /** Reads the lines of a file one at a time and keeps the rows of the wanted section. */
    private static final class Parser {
        private final Path file;
        private final String section;
        private final boolean keepZeros;
        private final List<String> otherSections = new ArrayList<>();
        private int lineNumber;
        private int headerLine;   // 0 until the section is found
        private int lastRowLine;
        private long[] values = new long[256];
        private double[] percents = new double[256];
        private int rows;

        Parser(Path file, String section, boolean keepZeros) {
            this.file = file;
            this.section = section;
            this.keepZeros = keepZeros;
        }

        /** Consumes one line; false once the section has ended. */
        boolean accept(String line) {
            lineNumber++;
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) {
                return true;
            }
            String[] fields = text.split("\\s+");
            if (fields.length == 1 && Character.isLetter(text.charAt(0))) {
                if (headerLine > 0) {
                    return false; // the next section starts
                }
                if (text.equals(section)) {
                    headerLine = lineNumber;
                } else {
                    otherSections.add(text);
                }
                return true;
            }
            if (headerLine > 0) {
                addRow(fields, text);
            }
            return true;
        }

        private void addRow(String[] fields, String text) {
            if (fields.length != 2) {
                throw error(lineNumber, "expected 'value cumulative-percent', found '" + text + "'");
            }
            long value = parseWhole(fields[0]);
            double percent = parsePercent(fields[1]);
            if (rows > 0 && value <= values[rows - 1]) {
                throw error(lineNumber, "value " + value + " is not greater than " + values[rows - 1]
                        + " on line " + lastRowLine);
            }
            if (rows > 0 && percent <= percents[rows - 1]) {
                throw error(lineNumber, "cumulative percent " + fields[1] + " is not greater than "
                        + percents[rows - 1] + " on line " + lastRowLine);
            }
            if (rows == values.length) {
                values = Arrays.copyOf(values, rows * 2);
                percents = Arrays.copyOf(percents, rows * 2);
            }
            values[rows] = value;
            percents[rows] = percent;
            rows++;
            lastRowLine = lineNumber;
        }

        private long parseWhole(String field) {
            long value;
            try {
                value = Settings.parseInteger(field); // ASCII digits only
            } catch (NumberFormatException e) {
                double d = parseNumber(field);
                if (d != Math.rint(d) || Math.abs(d) > 9.0e18) {
                    throw error(lineNumber, "value '" + field + "' is not a whole number");
                }
                value = (long) d;
            }
            if (value < 0) {
                throw error(lineNumber, "value " + value + " is negative");
            }
            return value;
        }

        private double parsePercent(String field) {
            double percent = parseNumber(field);
            if (!(percent >= 0 && percent <= 100)) {
                throw error(lineNumber, "cumulative percent " + field + " is outside 0..100");
            }
            return percent;
        }

        private double parseNumber(String field) {
            try {
                double d = Settings.parseNumber(field);
                if (Double.isFinite(d)) {
                    return d;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw error(lineNumber, "'" + field + "' is not a number");
        }

        EmpiricalDegrees finish() {
            if (headerLine == 0) {
                throw error(lineNumber, "no section '" + section + "' (sections found: "
                        + (otherSections.isEmpty() ? "none" : String.join(", ", otherSections)) + ")");
            }
            if (rows == 0) {
                throw error(headerLine, "section '" + section + "' has no rows");
            }
            double last = percents[rows - 1];
            if (last < 99.99) {
                throw error(lastRowLine, "section '" + section + "' ends at cumulative percent " + last
                        + ", expected 100");
            }
            int first = 0;
            while (!keepZeros && first < rows && values[first] < 1) {
                first++;
            }
            double dropped = first == 0 ? 0 : percents[first - 1];
            if (first == rows || last - dropped <= 0) {
                throw error(headerLine, "section '" + section + "' has no value >= 1");
            }
            int count = rows - first;
            long[] kept = Arrays.copyOfRange(values, first, rows);
            double[] cdf = new double[count];
            for (int i = 0; i < count; i++) {
                cdf[i] = (percents[first + i] - dropped) / (last - dropped);
            }
            cdf[count - 1] = 1.0;
            return new EmpiricalDegrees(kept, cdf);
        }

        private ConfigException error(int line, String what) {
            return new ConfigException(file + ":" + line + ": " + what);
        }
    }
}
