package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.SizeCounts;
import io.linkbench.report.OutcomeRows;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.VerificationReport;
import io.linkbench.store.memory.MemoryStoreProvider;
import io.linkbench.store.noop.NoopStoreProvider;
import io.linkbench.workload.Op;
import io.linkbench.workload.tao.RequestKind;
import io.linkbench.workload.tao.TaoWorkload;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A TAOBench request phase on the memory store, end to end: its request kinds in the shares of the
 * workload's file, transactions as rows of their own with their sizes, the hot virtual shard's share
 * measured, and the count invariant intact afterwards. Tolerances are five standard errors of the
 * drawn counts (the draws are seeded, so the figures do not move from run to run).
 */
class TaoPhaseTest {
    private static final int REQUESTS = 20_000;
    private static final Set<Op> READS = EnumSet.of(Op.GET_NODE, Op.MULTIGET_LINK, Op.GET_LINKS_LIST, Op.COUNT_LINK);

    @ParameterizedTest
    @ValueSource(strings = {"a", "o"})
    void aPhaseRunsTheWorkloadsMixAndKeepsTheCounts(String letter) throws Exception {
        RunSpec spec = RunSpec.withDefaults("maxid1", "2001", "store", "memory", "workload", "taobench",
                "taobench_workload", letter, "link_type_count", "4", "node_datasize", "150", "link_datasize", "150",
                "requesters", "2", "requests", String.valueOf(REQUESTS), "warmup_time", "0", "maxtime", "600");
        TaoWorkload w = spec.tao().orElseThrow().workload();
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        PhaseResult req;
        VerificationReport verified;
        try (GraphStore store = new MemoryStoreProvider().open(new StoreContext(spec.settings(), spec.sessions()))) {
            TestPhases.context(spec, new RunControl(), out, PhaseObserver.NONE).load(TestPhases.BASE).execute(store);
            req = TestPhases.context(spec, new RunControl(), out, PhaseObserver.NONE).requests(0).execute(store);
            verified = ((CountVerifier) store).verifyCounts();
        }
        assertTrue(verified.ok(), "count mismatches after the phase: " + verified.examples());
        long reads = 0;
        long writes = 0;
        for (Op op : Op.values()) {
            OpStats s = req.op(op.name());
            assertEquals(0, s.errors(), op + " failed");
            if (READS.contains(op)) {
                reads += s.count();
            } else {
                writes += s.count();
            }
        }
        OpStats readTx = req.op("READ_TRANSACTION");
        OpStats writeTx = req.op("WRITE_TRANSACTION");
        assertEquals(0, readTx.errors() + writeTx.errors(), "transactions given up");
        assertEquals(REQUESTS, reads + writes + readTx.count() + writeTx.count());
        long[] seen = {reads, writes, readTx.count(), writeTx.count()};
        for (RequestKind k : RequestKind.values()) {
            double p = w.kinds().probability(w.kinds().values().indexOf(k));
            double sigma = Math.sqrt(REQUESTS * p * (1 - p));
            assertEquals(REQUESTS * p, seen[k.ordinal()], 5 * sigma + 1, k + " requests of workload " + letter);
        }
        assertTrue(readTx.count() > 0, "no read transaction ran");
        // a read transaction holds 2..500 reads, mean 19.18 in both files; its statements are its reads
        double size = readTx.outcomes().askedPerCall();
        assertTrue(size >= 2 && size <= 500, "read transaction size " + size);
        assertEquals(readTx.outcomes().asked(), readTx.outcomes().rows(), "a read transaction runs one statement a read");
        double hot = req.graph().hotShardShare();
        double hotP = w.primaryShards().probability(0);
        long keys = req.graph().keysByShard().stream().mapToLong(Long::longValue).sum();
        assertEquals(w.shardCount(), req.graph().keysByShard().size());
        assertEquals(hotP, hot, 5 * Math.sqrt(hotP * (1 - hotP) / keys), "hot shard share");
        // The sizes count every transaction executed, warm-up and given-up ones included; a row counts the
        // measured window's successful ones (count, and the mean size from its outcomes) and its errors.
        // With warmup_time 0 both cover the same transactions, so the totals and means agree exactly.
        for (OpStats tx : new OpStats[] {readTx, writeTx}) {
            SizeCounts sizes = req.graph().transactionSizes().get(tx.name());
            assertEquals(tx.count() + tx.errors(), sizes.total(), tx.name() + " transactions by size");
            assertEquals(tx.outcomes().askedPerCall(), sizes.mean(), 1e-9, tx.name() + " mean size");
            assertTrue(sizes.percentile(50) <= sizes.percentile(99) && sizes.percentile(99) <= sizes.max());
        }
        assertTrue(req.graph().transactionSizes().get("READ_TRANSACTION").max() <= 500);
        assertTrue(req.graph().transactionSizes().get("WRITE_TRANSACTION").max() <= 103);
        assertTrue(OutcomeRows.notes(req).stream().anyMatch(n -> n.startsWith("WRITE_TRANSACTION: ") && n.contains("; sizes p50 ")),
                OutcomeRows.notes(req).toString());
    }

    @Test
    void aStoreThatDeclinesTransactionsIsRefusedWithItsReason() throws Exception {
        RunSpec spec = RunSpec.withDefaults("maxid1", "101", "store", "noop", "workload", "taobench",
                "requests", "10", "warmup_time", "0");
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (GraphStore store = new NoopStoreProvider().open(new StoreContext(spec.settings(), spec.sessions()))) {
            StoreException e = org.junit.jupiter.api.Assertions.assertThrows(StoreException.class,
                    () -> TestPhases.context(spec, new RunControl(), out, PhaseObserver.NONE).requests(0).execute(store));
            assertTrue(e.isRefusal());
            assertTrue(e.getMessage().contains("declines: " + store.transactions().detail()), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }
    }
}
