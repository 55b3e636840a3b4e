package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.workload.dist.IdPermutation;
import org.junit.jupiter.api.Test;

/**
 * Rules 4 and 5 of workload.md, measured on the generator: which distribution and which hot-id
 * permutation each kind of operation draws from. "Top share" is the share of picks whose popularity
 * rank (on the given permutation) is in the top 1% of the ids.
 */
class AccessDistributionsTest {
    private static final long SEED = 13;
    private static final int N = 100_000;
    private static final int SAMPLES = 200_000;

    /** The share of Zipf(shape) picks over n ranks that fall in the top m ranks. */
    private static double zipfTopShare(double shape, long m, long n) {
        double top = 0;
        double all = 0;
        for (long k = 1; k <= n; k++) {
            double w = Math.pow(k, -shape);
            all += w;
            if (k <= m) {
                top += w;
            }
        }
        return top / all;
    }

    /** Share of {@code op}'s id picks in the top 1% of the permutation of {@code stream}. */
    private static double topShare(WorkloadConfig c, Op op, Seeds.Stream stream) {
        GraphShape shape = new GraphShape(c, SEED);
        IdPermutation hot = new IdPermutation(shape.nodeCount(), Seeds.derive(SEED, stream, 0));
        RequestGenerator g = new RequestGenerator(c, shape, SEED, 0);
        long top = 0;
        long picks = 0;
        while (picks < SAMPLES) {
            Request r = g.next();
            if (r.op != op) {
                continue;
            }
            long id = op == Op.UPDATE_NODE ? r.node.id() : r.id1;
            picks++;
            top += hot.inverse(id - shape.startId()) < shape.nodeCount() / 100 ? 1 : 0;
        }
        return (double) top / picks;
    }

    private static WorkloadConfig only(Op op, String... more) {
        String[] kv = new String[2 + 2 * Op.count() + more.length];
        int i = 0;
        kv[i++] = "maxid1";
        kv[i++] = Integer.toString(N + 1);
        for (Op o : Op.values()) {
            kv[i++] = o.mixKey();
            kv[i++] = o == op ? "100" : "0";
        }
        System.arraycopy(more, 0, kv, i, more.length);
        return TestWorkloads.with(kv);
    }

    /** Rule 4: link writes take 99.5% of their id1s from the link reads' uncorrelated Zipf 0.8, on the link reads' permutation. */
    @Test
    void linkWritesUseTheReadUncorrelatedDistribution() {
        double expected = 0.995 * zipfTopShare(0.8, N / 100, N) + 0.005 * 0.01;
        double measured = topShare(only(Op.UPDATE_LINK), Op.UPDATE_LINK, Seeds.Stream.POPULARITY);
        assertEquals(expected, measured, 0.01, "top-1% share of link-write id1s");
        double reads = topShare(only(Op.GET_LINKS_LIST), Op.GET_LINKS_LIST, Seeds.Stream.POPULARITY);
        assertEquals(expected, reads, 0.01, "link reads draw from the same distribution");
    }

    /** Rule 4, nominal keys: link_write_uncorr = write_uncorr gives 95% from Zipf 0.741 instead. */
    @Test
    void theNominalWriteKeysAreReachable() {
        double expected = 0.95 * zipfTopShare(0.741, N / 100, N) + 0.05 * 0.01;
        double measured = topShare(only(Op.ADD_LINK, "link_write_uncorr", "write_uncorr"), Op.ADD_LINK,
                Seeds.Stream.POPULARITY);
        assertEquals(expected, measured, 0.01);
    }

    /** Rule 5: node reads Zipf 0.625 and updates Zipf 0.606 on a permutation of their own; deletes uniform. */
    @Test
    void nodeOperationsHaveTheirOwnHotIds() {
        double reads = zipfTopShare(0.625, N / 100, N);
        assertEquals(reads, topShare(only(Op.GET_NODE), Op.GET_NODE, Seeds.Stream.NODE_POPULARITY), 0.01);
        assertEquals(0.01, topShare(only(Op.GET_NODE), Op.GET_NODE, Seeds.Stream.POPULARITY), 0.005,
                "the link operations' hot ids are not the node operations' hot ids");
        assertEquals(zipfTopShare(0.606, N / 100, N),
                topShare(only(Op.UPDATE_NODE), Op.UPDATE_NODE, Seeds.Stream.NODE_POPULARITY), 0.01);
        assertEquals(0.01, topShare(only(Op.DELETE_NODE), Op.DELETE_NODE, Seeds.Stream.NODE_POPULARITY), 0.005);
        assertEquals(reads, topShare(only(Op.GET_NODE, "node_permutation", "shared"), Op.GET_NODE,
                Seeds.Stream.POPULARITY), 0.01, "node_permutation = shared uses the link permutation");
    }
}
