package io.linkbench.workload.tao;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.workload.tao.TaoWorkload.Published;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The generator reproduces the published workloads: a million requests of each, at a fixed seed,
 * tallied by kind, single-read and single-write operation, transaction size and operation inside
 * transactions, primary and remote shard and edge type, each tally checked against the file's own
 * weights (read straight from the file, not through the model) by a chi-square test at p = 1e-6 with
 * zero-weight entries never drawn. A companion test shows the check has the power to catch a wrong mix.
 */
class TaoFidelityTest {
    static final int REQUESTS = 1_000_000;
    static final long SEED = 20_220_901L;
    /** The order of the {@code operations} weights, as the published README gives it. */
    static final List<RequestKind> KIND_ORDER = List.of(RequestKind.READ, RequestKind.WRITE,
            RequestKind.READ_TRANSACTION, RequestKind.WRITE_TRANSACTION);

    /** Counts of every drawn quantity, indexed as the file lists its values. */
    static final class Tally {
        final Map<String, DistributionLine> file;
        final Map<String, long[]> counts = new java.util.HashMap<>();

        Tally(Map<String, DistributionLine> file) {
            this.file = file;
            for (DistributionLine d : file.values()) {
                counts.put(d.name(), new long[d.weights().length]);
            }
        }

        void add(String name, String value) {
            List<String> values = file.get(name).values().orElseThrow();
            int i = values.indexOf(value);
            assertTrue(i >= 0, name + " drew '" + value + "', which the file does not list");
            counts.get(name)[i]++;
        }

        void addPosition(String name, int position) {
            counts.get(name)[position]++;
        }

        ChiSquare.Result check(String name) {
            return ChiSquare.test(file.get(name).source() + " " + name, counts.get(name), file.get(name).weights());
        }
    }

    static Map<String, DistributionLine> rawFile(Published w) throws IOException {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                TaoWorkload.class.getResourceAsStream(w.resource()), StandardCharsets.UTF_8))) {
            return DistributionFile.read(w.resource(), r);
        }
    }

    static Tally draw(TaoWorkload workload, Map<String, DistributionLine> file, long seed) {
        Tally t = new Tally(file);
        TaoRequestGenerator g = new TaoRequestGenerator(workload, 1, 1_000_000, seed, 0);
        for (int n = 0; n < REQUESTS; n++) {
            TaoRequest r = g.next();
            t.addPosition("operations", KIND_ORDER.indexOf(r.kind));
            String ops = switch (r.kind) {
                case READ -> "read_operation_types";
                case WRITE -> "write_operation_types";
                case READ_TRANSACTION -> "read_txn_operation_types";
                case WRITE_TRANSACTION -> "write_txn_operation_types";
            };
            if (r.kind == RequestKind.READ_TRANSACTION) {
                t.add("read_txn_sizes", Integer.toString(r.size));
            } else if (r.kind == RequestKind.WRITE_TRANSACTION) {
                t.add("write_txn_sizes", Integer.toString(r.size));
            } else {
                assertEquals(1, r.size, "a single " + r.kind + " holds one operation");
            }
            for (int i = 0; i < r.size; i++) {
                t.add(ops, r.ops[i].fileName());
                t.addPosition("primary_shards", r.shard[i]);
                if (r.ops[i] != TaoOp.OBJ_ADD) {
                    assertEquals(r.shard[i], g.keys().shardOf(r.id1[i]), "the key lies in its shard");
                }
                if (r.ops[i].isEdge()) {
                    t.addPosition("remote_shards", r.remoteShard[i]);
                    assertEquals(r.remoteShard[i], g.keys().shardOf(r.id2[i]), "id2 lies in its shard");
                    t.add("edge_types", r.edgeType[i].fileName());
                }
            }
        }
        return t;
    }

    static final List<String> CHECKED = List.of("operations", "read_operation_types", "write_operation_types",
            "read_txn_sizes", "write_txn_sizes", "read_txn_operation_types", "write_txn_operation_types",
            "primary_shards", "remote_shards", "edge_types");

    @ParameterizedTest
    @EnumSource(Published.class)
    void aMillionRequestsFollowEveryDistributionOfTheFile(Published w) throws IOException {
        Map<String, DistributionLine> file = rawFile(w);
        Tally t = draw(TaoWorkload.published(w), file, SEED);
        List<String> failures = new ArrayList<>();
        for (String name : CHECKED) {
            ChiSquare.Result r = t.check(name);
            System.out.println(r.describe());
            if (!r.passes()) {
                failures.add(r.describe());
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertEquals(REQUESTS, java.util.Arrays.stream(t.counts.get("operations")).sum());
    }

    @Test
    void theCheckCatchesAMixThatIsOffByAFractionOfAPercent() throws IOException {
        Map<String, DistributionLine> file = rawFile(Published.A);
        Tally t = draw(TaoWorkload.published(Published.A), file, SEED);
        double[] weights = file.get("operations").weights();
        double[] shifted = weights.clone();
        // move 0.3% of all requests from single reads to single writes
        double total = java.util.Arrays.stream(weights).sum();
        shifted[0] -= 0.003 * total;
        shifted[1] += 0.003 * total;
        assertFalse(ChiSquare.test("shifted", t.counts.get("operations"), shifted).passes());
        // and a hot shard 1 point lighter than the file's
        double[] shards = file.get("primary_shards").weights().clone();
        double shardTotal = java.util.Arrays.stream(shards).sum();
        shards[0] -= 0.01 * shardTotal;
        shards[1] += 0.01 * shardTotal;
        assertFalse(ChiSquare.test("shards", t.counts.get("primary_shards"), shards).passes());
    }
}
