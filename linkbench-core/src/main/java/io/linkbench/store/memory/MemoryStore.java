package io.linkbench.store.memory;

import io.linkbench.graph.Node;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadStateStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.VerificationReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The in-memory reference store: complete {@link io.linkbench.store.StoreSession} semantics, thread-safe,
 * and fast enough to benchmark the driver itself.
 *
 * <p>Nodes live in a {@link ConcurrentHashMap} by id; ADD_NODE takes the next value of an
 * {@link AtomicLong} that loads raise to their highest id. Links live in one {@link LinkGroup} per
 * (id1, linkType), each with its own lock, so writers of one group serialize (the count invariant
 * holds under concurrent writers: this store declares {@link StoreInfo#transactional()}) while other groups
 * proceed in parallel. Payloads are copied on the way in. Rows handed out by reads are the stored,
 * immutable records: their {@code data} arrays are shared and must not be modified.
 *
 * <p>Transactions ({@link io.linkbench.store.TransactionalSession}) run one at a time under a
 * store-wide {@link TransactionLock}, whose shared side every single operation and bulk load holds;
 * their writes apply in place, and an {@link UndoLog} of before-images takes them back on rollback.
 *
 * <p>The data lives as long as this object; {@link #close()} drops it. Writes fail with a one-line
 * {@link StoreException} (and the data is dropped) when the heap is about to run out ({@link HeapGuard}). Schema preparation must not run
 * while sessions write.
 */
public final class MemoryStore implements CountVerifier, StoreMetrics, LoadStateStore {
    private static final int MAX_EXAMPLES = 10;

    private final ConcurrentHashMap<Long, Node> nodes = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<GroupKey, LinkGroup> groups = new ConcurrentHashMap<>();
    private final AtomicLong maxNodeId = new AtomicLong();
    private final MemoryStats stats = new MemoryStats();
    private final TransactionLock transactionLock;
    private final HeapGuard heap;
    private volatile boolean closed;
    private volatile String exhausted;
    private volatile LoadState loadState; // null: no load recorded (as in every new process)

    /** An empty store, ready for use. */
    public MemoryStore() {
        this(new HeapGuard(), TransactionLock.WAIT);
    }

    MemoryStore(HeapGuard heap, Duration lockWait) {
        this.heap = heap;
        this.transactionLock = new TransactionLock(lockWait);
    }

    @Override
    public StoreInfo info() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("persistence", "none (in-process)");
        facts.put("isolation", "one lock per (id1, link_type); transactions one at a time under a store-wide lock");
        return new StoreInfo("memory", version(), "", facts, true);
    }

    @Override
    public void prepareForLoad(SchemaMode mode) throws StoreException {
        checkOpen();
        if (mode == SchemaMode.RECREATE) {
            nodes.clear();
            groups.clear();
            maxNodeId.set(0);
            stats.dataDropped();
            loadState = null;
            return;
        }
        long links = 0;
        long counts = 0;
        for (LinkGroup g : groups.values()) {
            links += g.size();
            counts += g.hasCountRow() ? 1 : 0;
        }
        long nodeCount = nodes.mappingCount();
        if (nodeCount > 0 || links > 0 || counts > 0) {
            throw new StoreException(StoreException.Kind.REJECTED, "the memory store is not empty (" + nodeCount
                    + " nodes, " + links + " links, " + counts + " counts): set schema = recreate to drop them");
        }
    }

    @Override
    public void prepareForRequests() throws StoreException {
        checkOpen();
    }

    @Override
    public TransactionSupport transactions() {
        return TransactionSupport.offered("serializable: transactions, read-only ones too, run one at a time under a "
                + "store-wide lock that single operations wait for; a wait over " + transactionLock.waitText()
                + " is CONFLICT");
    }

    @Override
    public StoreSession session(int workerId) throws StoreException {
        checkOpen();
        return new MemorySession(this, workerId);
    }

    @Override
    public VerificationReport verifyCounts() throws StoreException {
        checkOpen();
        long checked = 0;
        long mismatches = 0;
        List<VerificationReport.Mismatch> examples = new ArrayList<>();
        for (Map.Entry<GroupKey, LinkGroup> e : groups.entrySet()) {
            checked++;
            VerificationReport.Mismatch m = e.getValue().check(e.getKey().id1, e.getKey().linkType);
            if (m != null) {
                mismatches++;
                if (examples.size() < MAX_EXAMPLES) {
                    examples.add(m);
                }
            }
        }
        return new VerificationReport(checked, mismatches, examples);
    }

    @Override
    public Map<String, Long> counters() {
        return stats.counters();
    }

    @Override
    public OptionalLong sizeBytes() {
        return OptionalLong.of(stats.estimatedBytes());
    }

    /** Kept in this object: a store in a new process has none, so {@code -r} alone is refused there. */
    @Override
    public void saveLoadState(LoadState state) throws StoreException {
        checkOpen();
        loadState = state;
    }

    @Override
    public Optional<LoadState> loadState() throws StoreException {
        checkOpen();
        return Optional.ofNullable(loadState);
    }

    /** Drops all data; sessions still open fail on their next call. */
    @Override
    public void close() {
        closed = true;
        nodes.clear();
        groups.clear();
    }

    void checkOpen() throws StoreException {
        if (closed) {
            throw new StoreException(StoreException.Kind.OTHER, "the memory store is closed");
        }
        String why = exhausted;
        if (why != null) {
            throw new StoreException(exhausted != null ? StoreException.Kind.FATAL : StoreException.Kind.OTHER, why);
        }
    }

    /**
     * Fails when the heap is about to run out: then the data is dropped, so the run has heap left to
     * report and write what it measured, and every later call fails with the same message.
     */
    void checkHeap() throws StoreException {
        if (exhausted == null && heap.isShort(stats.estimatedBytes())) {
            exhaust();
        }
        checkOpen();
    }

    private synchronized void exhaust() {
        if (exhausted != null) {
            return;
        }
        long links = 0;
        for (LinkGroup g : groups.values()) {
            links += g.size();
        }
        exhausted = String.format(Locale.ROOT, "the memory store ran out of heap (-Xmx %d MiB) holding %,d nodes and %,d "
                + "links: give the JVM more (java -Xmx...), lower maxid1, or use a disk store (store = rocksdb)",
                heap.max() >> 20, nodes.mappingCount(), links);
        nodes.clear();
        groups.clear();
        stats.dataDropped();
    }

    ConcurrentHashMap<Long, Node> nodes() {
        return nodes;
    }

    AtomicLong maxNodeId() {
        return maxNodeId;
    }

    MemoryStats stats() {
        return stats;
    }

    TransactionLock transactionLock() {
        return transactionLock;
    }

    /** The group of (id1, linkType), or null when nothing was ever written to it. */
    LinkGroup group(long id1, long linkType) {
        return groups.get(new GroupKey(id1, linkType));
    }

    /** The group of (id1, linkType), created empty when missing. */
    LinkGroup groupForWrite(long id1, long linkType) {
        GroupKey key = new GroupKey(id1, linkType);
        LinkGroup g = groups.get(key);
        if (g != null) {
            return g;
        }
        return groups.computeIfAbsent(key, k -> {
            stats.groupCreated();
            return new LinkGroup();
        });
    }

    private static String version() {
        String v = MemoryStore.class.getPackage().getImplementationVersion();
        return v == null ? "" : v;
    }
}
