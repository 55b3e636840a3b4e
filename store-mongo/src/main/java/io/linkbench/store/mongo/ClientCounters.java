package io.linkbench.store.mongo;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the store did on its own inside an operation, counted per link-write operation and reported
 * with the server counters ({@code client.*}), so the report shows it per phase: transactions run
 * again after a transient error, commits repeated after an unknown result (of link writes, and of the
 * caller's transactions), and bulk-load rows found
 * already stored (a batch the load phase repeated after a lost connection). One instance per store.
 */
final class ClientCounters {
    /** The operations whose retries are counted, by their report names. */
    enum Op {
        ADD_LINK, UPDATE_LINK, DELETE_LINK
    }

    private final LongAdder[] txnRetries = new LongAdder[Op.values().length];
    private final LongAdder[] commitRetries = new LongAdder[Op.values().length];
    private final LongAdder transactionCommitRetries = new LongAdder();
    private final LongAdder loadDuplicates = new LongAdder();

    ClientCounters() {
        for (int i = 0; i < txnRetries.length; i++) {
            txnRetries[i] = new LongAdder();
            commitRetries[i] = new LongAdder();
        }
    }

    void txnRetry(Op op) {
        txnRetries[op.ordinal()].increment();
    }

    void commitRetry(Op op) {
        commitRetries[op.ordinal()].increment();
    }

    /** A commit of the caller's transaction repeated after an unknown result. */
    void transactionCommitRetry() {
        transactionCommitRetries.increment();
    }

    void loadDuplicates(long rows) {
        loadDuplicates.add(rows);
    }

    /** Every counter, zeros included (the report takes differences of keys present at both ends). */
    Map<String, Long> snapshot() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Op op : Op.values()) {
            m.put("client.txn_retries." + op.name(), txnRetries[op.ordinal()].sum());
            m.put("client.commit_retries." + op.name(), commitRetries[op.ordinal()].sum());
        }
        m.put("client.commit_retries.TRANSACTION", transactionCommitRetries.sum());
        m.put("client.load_rows_already_stored", loadDuplicates.sum());
        return m;
    }
}
