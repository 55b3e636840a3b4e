package io.linkbench.workload.tao;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.linkbench.config.ConfigException;
import io.linkbench.workload.Op;
import io.linkbench.workload.tao.TaoWorkload.Published;
import java.io.BufferedReader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The typed model: the published workloads' figures, and a one-line error for every malformed distribution. */
class TaoWorkloadTest {
    /** A minimal valid file, line by line, so a test can replace one line. */
    static List<String> minimal() {
        return new ArrayList<>(List.of(
                "{\"name\": \"operations\", \"weights\": [6, 2, 1, 1]}",
                "{\"name\": \"read_operation_types\", \"values\": [\"obj_read\", \"edge_range_read\"], \"weights\": [1, 1]}",
                "{\"name\": \"write_operation_types\", \"values\": [\"obj_update\", \"edge_add\"], \"weights\": [1, 1]}",
                "{\"name\": \"read_txn_sizes\", \"values\": [1, 2, 3], \"weights\": [0, 1, 1]}",
                "{\"name\": \"write_txn_sizes\", \"values\": [2, 7], \"weights\": [3, 1]}",
                "{\"name\": \"read_txn_operation_types\", \"values\": [\"obj_read\", \"edge_point_read\"], \"weights\": [1, 5]}",
                "{\"name\": \"write_txn_operation_types\", \"values\": [\"obj_add\", \"edge_update\"], \"weights\": [1, 1]}",
                "{\"name\": \"primary_shards\", \"weights\": [8, 1, 1]}",
                "{\"name\": \"remote_shards\", \"weights\": [1, 1, 1]}",
                "{\"name\": \"edge_types\", \"values\": [\"unique\", \"bidirectional\", \"unique_and_bidirectional\", \"other\"], \"weights\": [1, 1, 1, 7]}",
                "{\"name\": \"read_tiers\", \"values\": [\"client_cache\", \"tao\", \"db\"], \"weights\": [14, 85, 1]}"));
    }

    static TaoWorkload parse(List<String> lines) {
        return TaoWorkload.of(DistributionFile.read("t.json", new BufferedReader(new StringReader(String.join("\n", lines)))));
    }

    static String errorOf(int line, String replacement) {
        List<String> lines = minimal();
        if (replacement == null) {
            lines.remove(line - 1);
        } else {
            lines.set(line - 1, replacement);
        }
        return assertThrows(ConfigException.class, () -> parse(lines)).getMessage();
    }

    @Test
    void thePublishedWorkloadsHaveThePapersShape() {
        for (Published p : Published.values()) {
            TaoWorkload w = TaoWorkload.published(p);
            assertEquals(50, w.shardCount());
            assertEquals(0.578, w.primaryShards().probability(0), 0.001, "the hot shard's share");
            assertEquals(19.18, mean(w.readTxnSizes()), 0.01, "mean read transaction size");
            assertEquals(5.30, mean(w.writeTxnSizes()), 0.01, "mean write transaction size");
            assertEquals(500, w.maxTxnSize());
        }
        TaoWorkload a = TaoWorkload.published(Published.A);
        assertEquals(171.0 / 244, a.kinds().probabilityOf(RequestKind.READ), 1e-12);
        assertEquals(1.0 / 244, a.kinds().probabilityOf(RequestKind.WRITE_TRANSACTION), 1e-12);
        assertEquals(376.0 / 958, a.readOps().probabilityOf(TaoOp.EDGE_RANGE_READ), 1e-12);
        TaoWorkload o = TaoWorkload.published(Published.O);
        assertEquals(8387.0 / 8649, o.kinds().probabilityOf(RequestKind.READ), 1e-12);
        assertEquals(0, o.readOps().probabilityOf(TaoOp.EDGE_RANGE_READ), "O has no range reads");
    }

    static double mean(Choice<Integer> sizes) {
        double m = 0;
        for (int i = 0; i < sizes.values().size(); i++) {
            m += sizes.values().get(i) * sizes.probability(i);
        }
        return m;
    }

    @Test
    void readsAMinimalFileAndIgnoresTheUnusedNames() {
        TaoWorkload w = parse(minimal());
        assertEquals(3, w.shardCount());
        assertEquals(7, w.maxTxnSize());
        assertEquals(0.6, w.kinds().probabilityOf(RequestKind.READ), 1e-12);
    }

    @Test
    void rangeAndCountReadsAreTheListAndCountOperations() {
        assertEquals(Op.GET_LINKS_LIST, TaoOp.EDGE_RANGE_READ.op());
        assertEquals(Op.COUNT_LINK, TaoOp.EDGE_COUNT_READ.op());
        assertEquals(Op.MULTIGET_LINK, TaoOp.EDGE_POINT_READ.op());
        assertEquals(Op.GET_NODE, TaoOp.OBJ_READ.op());
    }

    @Test
    void everyMalformedDistributionIsOneLineNamingFileLineAndField() {
        assertEquals("t.json: distribution 'primary_shards' is missing: a TAOBench workload needs operations,"
                + " read_operation_types, write_operation_types, read_txn_sizes, write_txn_sizes,"
                + " read_txn_operation_types, write_txn_operation_types, primary_shards, remote_shards, edge_types",
                errorOf(8, null));
        assertEquals("t.json:1: operations: field 'weights' has 3 entries: expected 4 (read, write,"
                + " read_transaction, write_transaction)", errorOf(1, "{\"name\": \"operations\", \"weights\": [1, 1, 1]}"));
        assertEquals("t.json:1: operations: field 'values' is not expected: the weights are positions of a fixed list",
                errorOf(1, "{\"name\": \"operations\", \"values\": [1, 2, 3, 4], \"weights\": [1, 1, 1, 1]}"));
        assertEquals("t.json:1: operations: field 'weights' weight 2 is -1.0: must be a finite number >= 0",
                errorOf(1, "{\"name\": \"operations\", \"weights\": [1, -1, 1, 1]}"));
        assertEquals("t.json:1: operations: field 'weights' the weights sum to 0.0: at least one must be > 0",
                errorOf(1, "{\"name\": \"operations\", \"weights\": [0, 0, 0, 0]}"));
        assertEquals("t.json:2: read_operation_types: field 'values' holds 'obj_add': allowed are obj_read,"
                + " edge_point_read, edge_range_read, edge_count_read, edge_time_read",
                errorOf(2, "{\"name\": \"read_operation_types\", \"values\": [\"obj_add\"], \"weights\": [1]}"));
        assertEquals("t.json:7: write_txn_operation_types: field 'values' holds 'obj_read': allowed are obj_add,"
                + " obj_update, obj_delete, edge_add, edge_update, edge_delete",
                errorOf(7, "{\"name\": \"write_txn_operation_types\", \"values\": [\"obj_read\"], \"weights\": [1]}"));
        assertEquals("t.json:4: read_txn_sizes: field 'values' holds 0: sizes are whole numbers 1 .. 100000",
                errorOf(4, "{\"name\": \"read_txn_sizes\", \"values\": [0, 1], \"weights\": [1, 1]}"));
        assertEquals("t.json:4: read_txn_sizes: field 'values' holds '2.5': sizes are whole numbers 1 .. 100000",
                errorOf(4, "{\"name\": \"read_txn_sizes\", \"values\": [2.5], \"weights\": [1]}"));
        assertEquals("t.json:4: read_txn_sizes: field 'values' holds 2 twice: each size once",
                errorOf(4, "{\"name\": \"read_txn_sizes\", \"values\": [2, 2], \"weights\": [1, 1]}"));
        assertEquals("t.json:4: read_txn_sizes: field 'values' is missing: this distribution lists its values",
                errorOf(4, "{\"name\": \"read_txn_sizes\", \"weights\": [1, 1]}"));
        assertEquals("t.json:9: remote_shards: field 'weights' has 2 shards but primary_shards has 3: both weight"
                + " the same virtual shards", errorOf(9, "{\"name\": \"remote_shards\", \"weights\": [1, 1]}"));
        assertEquals("t.json:10: edge_types: field 'values' holds 'uniq': allowed are unique, bidirectional,"
                + " unique_and_bidirectional, other",
                errorOf(10, "{\"name\": \"edge_types\", \"values\": [\"uniq\"], \"weights\": [1]}"));
        assertEquals("t.json:11: distribution 'read_tier' is unknown: known are operations, read_operation_types,"
                + " write_operation_types, read_txn_sizes, write_txn_sizes, read_txn_operation_types,"
                + " write_txn_operation_types, primary_shards, remote_shards, edge_types and (not used) errors,"
                + " operation_predicates, read_operation_latency, read_tiers, txn_errors, txn_predicate_counts,"
                + " txn_predicates, write_operation_latency, write_txn_latency",
                errorOf(11, "{\"name\": \"read_tier\", \"weights\": [1]}"));
    }
}
