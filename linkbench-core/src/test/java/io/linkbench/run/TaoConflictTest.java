package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.TransactionalSession;
import io.linkbench.store.VerificationReport;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The driver's side of a conflict: a transaction whose commit the store refuses with CONFLICT is run
 * again whole and each retry is counted on its row; one that keeps conflicting past {@code retry_for} is
 * given up and counted as an error of kind CONFLICT; a refused commit leaves nothing behind (the count
 * invariant holds). The conflicts are injected into the memory store's commits: the store rolls the
 * transaction back, then throws, as a real server's deadlock or serialization failure does.
 */
class TaoConflictTest {
    @Test
    void aConflictingCommitIsRetriedWholeAndCounted() throws Exception {
        PhaseResult req = run(3, "10", 6_000); // every third commit refused: always retried in time
        for (String row : List.of("READ_TRANSACTION", "WRITE_TRANSACTION")) {
            OpStats s = req.op(row);
            assertTrue(s.count() > 0, row + " ran");
            assertEquals(0, s.errors(), row + " given up");
        }
        long retries = req.op("READ_TRANSACTION").retries() + req.op("WRITE_TRANSACTION").retries();
        assertTrue(retries > 0, "conflicts retried: " + retries);
        assertEquals(conflicts.get() - singleWriteConflicts(req), retries, "each refused commit is one retry of its row");
    }

    @Test
    void aTransactionThatKeepsConflictingIsGivenUpAtTheDeadlineAndCounted() throws Exception {
        PhaseResult req = run(1, "0.05", 1_500); // every commit refused; retried for 50 ms, then given up
        OpStats w = req.op("WRITE_TRANSACTION");
        OpStats r = req.op("READ_TRANSACTION");
        assertEquals(0, w.count() + r.count(), "no transaction commits");
        assertTrue(r.errors() > 0, "read transactions given up");
        assertEquals(r.errors(), r.errorsByKind().get("CONFLICT"));
        assertTrue(r.retries() > 0, "retried before giving up");
    }

    private final AtomicLong conflicts = new AtomicLong();
    private final AtomicLong commits = new AtomicLong();

    /** Single writes that ran as transactions (edge constraints) retry on their operation's row. */
    private static long singleWriteConflicts(PhaseResult req) {
        return req.op("ADD_LINK").retries() + req.op("UPDATE_LINK").retries() + req.op("DELETE_LINK").retries();
    }

    private PhaseResult run(int refuseEvery, String retryFor, int requests) throws Exception {
        RunSpec spec = RunSpec.withDefaults("maxid1", "1001", "store", "memory", "workload", "taobench",
                "link_type_count", "4", "requesters", "2", "requests", String.valueOf(requests), "warmup_time", "0",
                "maxtime", "600", "retry_for", retryFor, "retry_backoff_ms", "1");
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (GraphStore memory = new MemoryStoreProvider().open(new StoreContext(spec.settings(), spec.sessions()))) {
            TestPhases.context(spec, new RunControl(), out, PhaseObserver.NONE).load(TestPhases.BASE).execute(memory);
            PhaseResult req = TestPhases.context(spec, new RunControl(), out, PhaseObserver.NONE).requests(0)
                    .execute(new Conflicting(memory, refuseEvery));
            VerificationReport verified = ((CountVerifier) memory).verifyCounts();
            assertTrue(verified.ok(), "count mismatches: " + verified.examples());
            return req;
        }
    }

    /** The memory store whose every n-th commit is rolled back and refused with CONFLICT. */
    private final class Conflicting implements GraphStore {
        private final GraphStore store;
        private final int every;

        Conflicting(GraphStore store, int every) {
            this.store = store;
            this.every = every;
        }

        @Override
        public StoreInfo info() throws StoreException {
            return store.info();
        }

        @Override
        public void prepareForLoad(SchemaMode mode) throws StoreException {
            store.prepareForLoad(mode);
        }

        @Override
        public void prepareForRequests() throws StoreException {
            store.prepareForRequests();
        }

        @Override
        public TransactionSupport transactions() throws StoreException {
            return store.transactions();
        }

        @Override
        public StoreSession session(int workerId) throws StoreException {
            return refusingCommits((TransactionalSession) store.session(workerId), every);
        }

        @Override
        public void close() {
            // the test closes the memory store
        }
    }

    /**
     * {@code s} with every {@code every}-th commit rolled back and refused with CONFLICT; every other call passes
     * through unchanged (a proxy, so the session's many operations are not written out again).
     */
    private TransactionalSession refusingCommits(TransactionalSession s, int every) {
        InvocationHandler calls = (proxy, method, args) -> {
            if (method.getName().equals("commit") && commits.incrementAndGet() % every == 0) {
                s.rollback();
                conflicts.incrementAndGet();
                throw new StoreException(StoreException.Kind.CONFLICT, "injected: serialization failure at commit");
            }
            try {
                return method.invoke(s, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (TransactionalSession) Proxy.newProxyInstance(TransactionalSession.class.getClassLoader(),
                new Class<?>[] {TransactionalSession.class}, calls);
    }
}
