package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code workload_rules = 2012}: how the 2012 code aims at id2s, and its id1s without links. */
class Rules2012Test {
    static final String[] RULES_2012 = {"workload_rules", "2012", "link_type_split", "extra_first",
        "link_id2_rule", "offset", "updatelink_missing", "upsert", "link_multiget_distinct", "true"};

    static WorkloadConfig with2012(String... more) {
        String[] all = new String[RULES_2012.length + more.length];
        System.arraycopy(RULES_2012, 0, all, 0, RULES_2012.length);
        System.arraycopy(more, 0, all, RULES_2012.length, more.length);
        return TestWorkloads.with(all);
    }

    /** The given keys, with every operation of the mix not among them at 0%. */
    static String[] onlyOps(String... keyValues) {
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of(keyValues));
        for (Op op : Op.values()) {
            if (!all.contains(op.mixKey())) {
                all.add(op.mixKey());
                all.add("0");
            }
        }
        return all.toArray(String[]::new);
    }

    @Test
    void theRangeIsNlinksOverPRoundedUpAndAtLeastOne() {
        assertEquals(1, RequestGenerator.range2012(0, 0.9), "an empty group aims at id1 itself");
        assertEquals(2, RequestGenerator.range2012(1, 0.9), "a 1-link group hits half the time at p = 0.9");
        assertEquals(20, RequestGenerator.range2012(1, 0.05));
        assertEquals(12, RequestGenerator.range2012(6, 0.5));
        assertEquals(RequestGenerator.MAX_RANGE_2012, RequestGenerator.range2012(5, 0));
    }

    /**
     * Every UPDATE, DELETE and ADD lands in [id1, id1 + range), and the share that hits a loaded link is
     * the mean of nlinks / range over the groups aimed at (not p): computed per request here.
     */
    @Test
    void writesHitTheirGroupAsOftenAsNlinksOverRange() {
        WorkloadConfig c = with2012(onlyOps("maxid1", "100001", "addlink", "30", "updatelink", "40", "deletelink", "30"));
        GraphShape shape = new GraphShape(c, 5);
        RequestGenerator g = new RequestGenerator(c, shape, 5, 0);
        double[] expected = new double[Op.values().length];
        long[] hits = new long[Op.values().length];
        long[] calls = new long[Op.values().length];
        long selfLinks = 0;
        for (int i = 0; i < 400_000; i++) {
            Request r = g.next();
            long id1 = r.op == Op.DELETE_LINK ? r.id1 : r.link.id1();
            long type = r.op == Op.DELETE_LINK ? r.linkType : r.link.linkType();
            long id2 = r.op == Op.DELETE_LINK ? r.id2 : r.link.id2();
            long nlinks = shape.linksOfType(shape.degree(id1), (int) type - 1);
            double p = r.op == Op.ADD_LINK ? 0.05 : 0.9;
            long range = Math.max(1, (long) Math.ceil(nlinks / p));
            long j = id2 - id1;
            assertTrue(j >= 0 && j < range, r.op + " id2 offset " + j + " outside [0, " + range + ")");
            int o = r.op.ordinal();
            calls[o]++;
            expected[o] += Math.min(1.0, (double) nlinks / range);
            hits[o] += j < nlinks ? 1 : 0;
            if (nlinks == 0) {
                assertEquals(id1, id2, "an empty group only ever gets the self-link");
                selfLinks++;
            }
        }
        assertTrue(selfLinks > 1000, "empty groups are aimed at: " + selfLinks);
        for (Op op : new Op[] {Op.ADD_LINK, Op.UPDATE_LINK, Op.DELETE_LINK}) {
            int o = op.ordinal();
            double share = (double) hits[o] / calls[o];
            double want = expected[o] / calls[o];
            assertEquals(want, share, 4 * Math.sqrt(want * (1 - want) / calls[o]) + 1e-9, op + " hit share");
        }
        assertTrue((double) hits[Op.UPDATE_LINK.ordinal()] / calls[Op.UPDATE_LINK.ordinal()] < 0.85,
                "below p = 0.9: 1-link groups hit half the time");
    }

    /** A MULTIGET asks for s ids: distinct ones drawn in the range, or id1 .. id1 + s - 1 when the range is no wider. */
    @Test
    void multigetAsksForSizeIdsDistinctOrConsecutive() {
        WorkloadConfig c = with2012(onlyOps("maxid1", "100001", "getlink", "100"));
        GraphShape shape = new GraphShape(c, 5);
        RequestGenerator g = new RequestGenerator(c, shape, 5, 1);
        long consecutive = 0;
        for (int i = 0; i < 100_000; i++) {
            Request r = g.next();
            long nlinks = shape.linksOfType(shape.degree(r.id1), (int) r.linkType - 1);
            long range = Math.max(1, (long) Math.ceil(nlinks / 0.5));
            Set<Long> ids = new HashSet<>();
            for (int k = 0; k < r.id2Count; k++) {
                ids.add(r.id2s[k]);
            }
            assertTrue(r.id2Count >= 2, "the ceil size is at least min + 1");
            if (range <= r.id2Count) {
                consecutive++;
                for (int k = 0; k < r.id2Count; k++) {
                    assertEquals(r.id1 + k, r.id2s[k]);
                }
            } else if (range >= 4L * r.id2Count) {
                assertEquals(r.id2Count, ids.size(), "distinct ids when the range is wide");
            }
        }
        assertTrue(consecutive > 1000, "small groups ask for consecutive ids: " + consecutive);
    }

    @Test
    void theBuiltIn2011FitGivesIdsWithoutLinksTheirShare() {
        GraphShape shape = new GraphShape(with2012("maxid1", "200001"), 3);
        long zero = 0;
        for (long id = shape.startId(); id < shape.endId(); id++) {
            zero += shape.degree(id) == 0 ? 1 : 0;
        }
        assertEquals(0.4533, (double) zero / shape.nodeCount(), 0.0005);
    }

    @Test
    void the2011FileKeepsItsZeroRowsUnderThe2012Rules() {
        String file = DataFiles.file("Distribution_2011.dat").toString();
        GraphShape rules2012 = new GraphShape(with2012("maxid1", "100001", "nlinks_file", file), 3);
        GraphShape rules2017 = new GraphShape(TestWorkloads.with("maxid1", "100001", "nlinks_file", file), 3);
        assertEquals(0.4533, zeroShare(rules2012), 0.0005);
        assertEquals(0, zeroShare(rules2017), "the 2017 rules condition on degree >= 1");
    }

    private static double zeroShare(GraphShape shape) {
        long zero = 0;
        for (long id = shape.startId(); id < shape.endId(); id++) {
            zero += shape.degree(id) == 0 ? 1 : 0;
        }
        return (double) zero / shape.nodeCount();
    }

    @Test
    void the2012RulesNeverRunMixedWithA2017One() {
        ConfigException e = assertThrows(ConfigException.class, () -> TestWorkloads.with("workload_rules", "2012"));
        assertTrue(e.getMessage().startsWith("workload_rules=2012: needs link_type_split = extra_first, not raised"
                + " (the default); -c config/workload-2011.properties sets every key"), e.getMessage());
        ConfigException bad = assertThrows(ConfigException.class, () -> TestWorkloads.with("workload_rules", "2013"));
        assertEquals("workload_rules=2013: allowed: 2017, 2012", bad.getMessage());
        assertTrue(with2012().rules().is2012());
    }
}
