package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * {@code nlinks_tail = original}: the original's graph, tail included. The expected figures are computed
 * here straight from the CDF file with the original's rule (for id in [startid1, maxid1), u = 1 - (id -
 * startid1) / n, the degree is the first row whose cumulative percent / 100 is at least u), not through
 * the classes under test.
 */
class NlinksTailTest {

    /** The rows of the nlinks section: {values, percents}. */
    private static double[][] rows(Path file) throws IOException {
        List<double[]> rows = new ArrayList<>();
        boolean in = false;
        for (String line : Files.readAllLines(file)) {
            String t = line.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (Character.isLetter(t.charAt(0))) {
                if (in) {
                    break;
                }
                in = t.equals("nlinks");
                continue;
            }
            if (in) {
                String[] f = t.split("\\s+");
                rows.add(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1])});
            }
        }
        double[][] out = new double[2][rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            out[0][i] = rows.get(i)[0];
            out[1][i] = rows.get(i)[1];
        }
        return out;
    }

    /** The original's degree multiset for n ids: degree to how many ids have it. */
    private static Map<Long, Long> originalDegrees(double[][] rows, long n) {
        Map<Long, Long> counts = new HashMap<>();
        int row = 0;
        for (long i = n - 1; i >= 0; i--) { // u grows as i falls
            double u = 1 - (double) i / n;
            while (row < rows[0].length - 1 && rows[1][row] / 100 < u) {
                row++;
            }
            counts.merge((long) rows[0][row], 1L, Long::sum);
        }
        return counts;
    }

    private static long links(String split, long degree, int types) {
        return switch (split) {
            case "raised" -> Math.max(degree, types) / types * types;   // the 2017 fork
            // the 2012 code: floor(d / n) per type, plus one for each of the first d - floor(d / n) types
            case "extra_first" -> degree / types * types + Math.min(types, degree - degree / types);
            default -> throw new IllegalArgumentException(split);
        };
    }

    @ParameterizedTest
    @CsvSource({
        "Distribution_2011.dat, extra_first, 200001", "Distribution_2011.dat, extra_first, 1000001",
        "Distribution_2011.dat, raised, 200001", "Distribution_2011.dat, raised, 1000001",
        "Distribution.dat, extra_first, 200001", "Distribution.dat, extra_first, 1000001",
        "Distribution.dat, raised, 200001", "Distribution.dat, raised, 1000001"})
    void theGraphHasExactlyTheOriginalRulesLinkRowsAndDegrees(String name, String split, long maxid1) throws IOException {
        Path file = DataFiles.file(name);
        WorkloadConfig c = TestWorkloads.with("maxid1", Long.toString(maxid1), "nlinks_file", file.toString(),
                "nlinks_tail", "original", "link_id2_rule", "offset", "link_type_split", split);
        GraphShape shape = new GraphShape(c, 11);
        Map<Long, Long> expected = originalDegrees(rows(file), maxid1 - 1);
        long expectedLinks = expected.entrySet().stream()
                .mapToLong(e -> links(split, e.getKey(), 2) * e.getValue()).sum();

        Map<Long, Long> ours = new HashMap<>();
        long ourLinks = 0;
        for (long id = shape.startId(); id < shape.endId(); id++) {
            long d = shape.degree(id);
            ours.merge(d, 1L, Long::sum);
            ourLinks += shape.linksOfType(d, 0) + shape.linksOfType(d, 1);
        }
        assertEquals(expected, ours, "the degree multiset");
        assertEquals(expectedLinks, ourLinks, "link rows, id by id");
        assertEquals(expectedLinks, shape.expectedLinks(), "link rows the graph announces");
        long top = expected.keySet().stream().mapToLong(Long::longValue).max().orElseThrow();
        assertEquals(top, shape.maxDegree(), "the top id gets the file's largest degree");
    }

    /** The loader streams the original's graph, giant node included, a bounded batch at a time. */
    @Test
    void theLoaderStreamsExactlyThoseRowsInBoundedBatches() throws IOException {
        Path file = DataFiles.file("Distribution_2011.dat");
        long maxid1 = 200_001;
        WorkloadConfig c = TestWorkloads.with("maxid1", Long.toString(maxid1), "nlinks_file", file.toString(),
                "nlinks_tail", "original", "workload_rules", "2012", "link_id2_rule", "offset",
                "link_type_split", "extra_first", "updatelink_missing", "upsert", "link_multiget_distinct", "true");
        GraphShape shape = new GraphShape(c, 11);
        LoadGenerator g = new LoadGenerator(c, shape, 11, 1_000_000_000_000L);
        long expected = originalDegrees(rows(file), maxid1 - 1).entrySet().stream()
                .mapToLong(e -> links("extra_first", e.getKey(), 2) * e.getValue()).sum();
        List<Link> batch = new ArrayList<>();
        List<LinkCount> counts = new ArrayList<>();
        long loaded = 0;
        for (long id = shape.startId(); id < shape.endId(); id++) {
            LoadGenerator.LinkStream s = g.linksOf(id);
            while (!s.done()) {
                int n = s.next(batch, 1000, counts);
                assertTrue(batch.size() <= 1000);
                loaded += n;
                batch.clear();
            }
            counts.clear();
        }
        assertEquals(expected, loaded);
        assertEquals(961_963, shape.maxDegree(), "the 2011 file's largest degree, on a graph of 200,000 ids");
    }

    @Test
    void theOriginalTailNeedsAFileAndTheOffsetRule() {
        ConfigException noFile = assertThrows(ConfigException.class,
                () -> TestWorkloads.with("nlinks_tail", "original", "link_id2_rule", "offset"));
        assertTrue(noFile.getMessage().startsWith("nlinks_tail=original: needs nlinks_file"), noFile.getMessage());
        ConfigException next = assertThrows(ConfigException.class,
                () -> TestWorkloads.with("nlinks_tail", "original", "nlinks_file", "x.dat"));
        assertTrue(next.getMessage().contains("link_id2_rule = offset"), next.getMessage());
        ConfigException bad = assertThrows(ConfigException.class, () -> TestWorkloads.with("nlinks_tail", "huge"));
        assertTrue(bad.getMessage().startsWith("nlinks_tail=huge"), bad.getMessage());
    }

    /** Requests aim into a group larger than the id range: hits below its loaded count, misses at or past it. */
    @Test
    void requestsAimCorrectlyIntoAGiantGroup() {
        Path file = DataFiles.file("Distribution.dat");
        for (String[] rules : new String[][] {{"workload_rules", "2017", "link_type_split", "raised"},
            Rules2012Test.RULES_2012}) {
            String[] more = Rules2012Test.onlyOps("maxid1", "2001", "nlinks_file", file.toString(), "nlinks_tail",
                "original", "link_id2_rule", "offset", "read_uncorr_blend", "0", "write_shape", "5", // writes on the giant
                "updatelink", "100");
            String[] keys = new String[rules.length + more.length];
            System.arraycopy(rules, 0, keys, 0, rules.length);
            System.arraycopy(more, 0, keys, rules.length, more.length);
            WorkloadConfig c = TestWorkloads.with(keys);
            GraphShape shape = new GraphShape(c, 3);
            long giant = shape.idOfDegreeRank(0);
            long have = shape.linksOfType(shape.degree(giant), 0);
            assertTrue(have > 1_000_000, "a group of millions on 2,000 ids: " + have);
            RequestGenerator g = new RequestGenerator(c, shape, 3, 0);
            long hits = 0;
            long misses = 0;
            for (int i = 0; i < 2_000_000 && hits + misses < 2000; i++) {
                Request r = g.next();
                if (r.op == Op.UPDATE_LINK && r.link.id1() == giant && r.link.linkType() == 1) {
                    long j = r.link.id2() - giant;
                    assertTrue(j >= 0, "id2 at or past id1");
                    if (j < have) {
                        hits++;
                    } else {
                        misses++;
                    }
                }
            }
            double share = (double) hits / (hits + misses);
            assertEquals(0.9, share, 0.05, rules[1] + ": hits " + hits + ", misses " + misses);
        }
    }
}
