package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.workload.dist.DegreeDistribution;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Rule 2 of workload.md: how an out-degree becomes links per type, and the size of the graph it gives. */
class GraphShapeTest {
    /** Upper edges of the buckets 1, 2, 3-10, 11-100, >100 links per id1. */
    private static final long[] EDGES = {1, 2, 10, 100, Long.MAX_VALUE};

    private static GraphShape shape(String split, String types) {
        return new GraphShape(TestWorkloads.with("maxid1", "1001", "link_type_split", split, "link_type_count", types), 1);
    }

    @Test
    void raisedSplitGivesEveryTypeTheFloorOfTheRaisedDegree() {
        GraphShape s = shape("raised", "2");
        long[][] cases = {{0, 1, 1}, {1, 1, 1}, {2, 1, 1}, {3, 1, 1}, {4, 2, 2}, {5, 2, 2}, {101, 50, 50}};
        for (long[] c : cases) {
            assertEquals(c[1], s.linksOfType(c[0], 0), "type 1 of degree " + c[0]);
            assertEquals(c[2], s.linksOfType(c[0], 1), "type 2 of degree " + c[0]);
            assertEquals(c[1] + c[2], s.linksOfDegree(c[0]));
        }
        assertEquals(1, shape("raised", "3").linksOfType(2, 2), "a degree below the type count is raised to it");
    }

    @Test
    void extraFirstSplitIsThe2012Codes() {
        GraphShape s = shape("extra_first", "2");
        long[][] cases = {{0, 0, 0}, {1, 1, 0}, {2, 2, 1}, {3, 2, 2}, {4, 3, 3}, {5, 3, 3}};
        for (long[] c : cases) {
            assertEquals(c[1], s.linksOfType(c[0], 0), "type 1 of degree " + c[0]);
            assertEquals(c[2], s.linksOfType(c[0], 1), "type 2 of degree " + c[0]);
            assertEquals(c[1] + c[2], s.linksOfDegree(c[0]));
        }
    }

    @Test
    void roundRobinSplitKeepsTheDegree() {
        GraphShape s = shape("round_robin", "2");
        for (long d = 0; d < 50; d++) {
            assertEquals(d, s.linksOfType(d, 0) + s.linksOfType(d, 1));
            assertEquals(d, s.linksOfDegree(d));
        }
    }

    @Test
    void theOffsetId2RuleIsTheOriginals() {
        GraphShape s = new GraphShape(TestWorkloads.with("maxid1", "1001", "link_id2_rule", "offset"), 1);
        assertEquals(500, s.id2(500, 0, 0), "the first link is a self-link, as in the original");
        assertEquals(1000 + 7, s.id2(1000, 1, 7), "no wrap past maxid1");
        GraphShape next = shape("raised", "2");
        assertEquals(1, next.id2(1000, 0, 0), "next: id1 + 1, wrapping to startid1");
    }

    /**
     * The graph-size table of the issue: at 10^5, 10^6 and 10^7 id1s, mean links per id1, the share of
     * id1s with 1, 2, 3-10, 11-100 and >100 links and the link rows are within 3% of rule 2 applied to the
     * degree distribution (the bucket shares from its quantile function, the rows and mean from the
     * tail-capped degree sequence).
     */
    @ParameterizedTest
    @ValueSource(longs = {100_000, 1_000_000, 10_000_000})
    void graphSizeFollowsRuleTwoAppliedToTheDegreeDistribution(long n) {
        GraphShape s = new GraphShape(TestWorkloads.with("maxid1", Long.toString(n + 1)), 17);
        long[] buckets = new long[EDGES.length];
        long rows = 0;
        for (long id1 = s.startId(); id1 < s.endId(); id1++) {
            long links = s.linksOfDegree(s.degree(id1));
            rows += links;
            buckets[bucket(links)]++;
        }
        double[] expected = expectedShares(DegreeDistribution.published(), s::linksOfDegree);
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT, "n=%,d rows=%,d (model %,d) mean=%.3f;",
                n, rows, s.expectedLinks(), (double) rows / n));
        for (int b = 0; b < EDGES.length; b++) {
            double share = (double) buckets[b] / n;
            table.append(String.format(Locale.ROOT, " %s %.4f%% (model %.4f%%)", label(b), 100 * share, 100 * expected[b]));
            if (expected[b] > 0) {
                assertEquals(expected[b], share, 0.03 * expected[b], "share of id1s with " + label(b) + " links");
            } else {
                assertEquals(0, buckets[b], "no id1 with " + label(b) + " links");
            }
        }
        System.out.println(table);
        assertEquals(s.expectedLinks(), rows, 0.03 * rows, "link rows");
        assertTrue(rows >= 2 * n, "every id1 holds at least one link of each of the 2 types");
    }

    /** At a small size, the loader writes exactly the rows the model counts. */
    @Test
    void theLoaderWritesTheModelsRows() {
        WorkloadConfig c = TestWorkloads.with("maxid1", "100001");
        GraphShape s = new GraphShape(c, 17);
        LoadGenerator g = new LoadGenerator(c, s, 17, 1_700_000_000_000L);
        long rows = 0;
        List<Link> links = new ArrayList<>();
        List<LinkCount> counts = new ArrayList<>();
        long countRows = 0;
        for (long id1 = s.startId(); id1 < s.endId(); id1++) {
            rows += TestWorkloads.allLinks(g, id1, links, counts);
            countRows += counts.size();
            links.clear();
            counts.clear();
        }
        assertEquals(s.expectedLinks(), rows);
        assertEquals(2 * s.nodeCount(), countRows, "one count row per (id1, type): no empty group");
    }

    private static int bucket(long links) {
        int b = 0;
        while (links > EDGES[b]) {
            b++;
        }
        return b;
    }

    private static String label(int b) {
        return switch (b) {
            case 0 -> "1";
            case 1 -> "2";
            case 2 -> "3-10";
            case 3 -> "11-100";
            default -> ">100";
        };
    }

    /** P(links(D) in each bucket) for D of the distribution: bisection on the quantile function. */
    private static double[] expectedShares(DegreeDistribution d, LongUnaryOperator links) {
        double[] shares = new double[EDGES.length];
        double below = 0;
        for (int b = 0; b < EDGES.length; b++) {
            double atMost = b == EDGES.length - 1 ? 1 : probabilityAtMost(d, links, EDGES[b]);
            shares[b] = atMost - below;
            below = atMost;
        }
        return shares;
    }

    private static double probabilityAtMost(DegreeDistribution d, LongUnaryOperator links, long most) {
        double lo = 0;
        double hi = 1;
        if (links.applyAsLong(d.quantile(0)) > most) {
            return 0;
        }
        for (int i = 0; i < 60; i++) {
            double mid = (lo + hi) / 2;
            if (links.applyAsLong(d.quantile(mid)) <= most) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
