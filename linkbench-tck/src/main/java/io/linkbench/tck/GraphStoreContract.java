package io.linkbench.tck;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreProvider;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Nested;

/**
 * The store conformance test kit (TCK): a store's test depends on {@code io.linkbench:linkbench-tck}
 * (test scope), extends this class, implements {@link #openFreshStore()}, and runs every test group
 * below as a nested class. The memory store's test is the shortest example:
 *
 * <pre>{@code
 * class MemoryStoreTest extends GraphStoreContract {
 *     protected GraphStore openFreshStore() {
 *         return new MemoryStoreProvider().open(new StoreContext(new Settings(Map.of()), maxSessions()));
 *     }
 *
 *     protected StoreProvider provider() {
 *         return new MemoryStoreProvider();
 *     }
 * }
 * }</pre>
 *
 * <p>Override {@link #provider()} to run the provider contract, and implement {@link FaultInjection}
 * to run the batch-retry and session-after-error contracts and the transaction group's failing
 * operation; without them those tests are skipped with an assumption message, as the transaction
 * group is, quoting the store's reason, for a store whose {@code transactions()} declines.
 *
 * <p>Each test opens the stores it needs, calls {@code prepareForLoad(CREATE)} on each (and, before
 * request operations, {@code finishLoad()} if the store has {@link io.linkbench.store.LoadHooks} and
 * {@code prepareForRequests()}), and closes every session and store it opened. Sizes are modest so
 * the whole kit runs in well under a minute against a real server. Random tests use {@link #seed()}.
 */
public abstract class GraphStoreContract {

    /**
     * A new, empty store, ready for use: no nodes, links or counts. The TCK calls
     * {@code prepareForLoad(CREATE)} on it and closes it at the end of the test.
     */
    protected abstract GraphStore openFreshStore() throws Exception;

    /**
     * A new store on the data of the store {@link #openFreshStore()} returned last, which the TCK has
     * closed (or, in the load-claim contract, holds open, as a second process would find it); null (the
     * default) when a store's data does not outlive close. The TCK closes it.
     */
    protected GraphStore reopenStore() throws Exception {
        return null;
    }

    /**
     * A new instance of the store's provider, for the provider contract; null (the default) skips it.
     */
    protected StoreProvider provider() {
        return null;
    }

    /**
     * The secret settings {@link #openFreshStore()} passes (e.g. {@code password}), by key, so the
     * provider contract can check that neither {@code info()} nor the redacted settings show them.
     */
    protected Map<String, String> secretValues() {
        return Map.of();
    }

    /** Threads (each with its own session) of the concurrent tests. */
    protected int concurrentWriters() {
        return 4;
    }

    /** Operations per thread in the concurrent tests. */
    protected int concurrentOpsPerWriter() {
        return 250;
    }

    /** Operations of the random count-invariant test. */
    protected int randomOps() {
        return 2000;
    }

    /** How long a concurrent test waits for its threads before it fails (instead of hanging). */
    protected Duration concurrentTimeout() {
        return Duration.ofSeconds(60);
    }

    /**
     * Another id1 whose links and count a read-only transaction reads in one snapshot with those of
     * {@code id1}: the second group of the transaction group's test of a link moved between two groups.
     * The default, {@code id1 + 1}, fits a store with one snapshot over all its data. A sharded store whose
     * read-only transactions read one snapshot per node (as its {@code transactions()} guarantees say)
     * returns an id1 that lives on the node of {@code id1}, so the test checks what the store promises
     * instead of being skipped. Called once per test, on the test's fresh {@code store} before it writes.
     *
     * @throws Exception when the store's placement cannot be read; the test then fails
     */
    protected long id1InOneSnapshotWith(GraphStore store, long id1) throws Exception {
        return id1 + 1;
    }

    /** The seed of every random test. */
    protected long seed() {
        return 0x4C696E6B42656E63L;
    }

    /**
     * The most sessions the TCK opens on one store at once ({@link #concurrentWriters()} + 2, at least
     * 7): pass it as {@code StoreContext.maxSessions} in {@link #openFreshStore()}.
     */
    public int maxSessions() {
        return Math.max(2 * BulkLoadContract.LOADERS + 1, concurrentWriters() + 2);
    }

    /** ADD/GET/UPDATE/DELETE_NODE and node ids. */
    @Nested
    class Nodes extends NodeContract {
        Nodes() {
            super(GraphStoreContract.this);
        }
    }

    /** ADD/UPDATE/DELETE_LINK and COUNT_LINK. */
    @Nested
    class LinkWrites extends LinkWriteContract {
        LinkWrites() {
            super(GraphStoreContract.this);
        }
    }

    /** GET_LINKS_LIST. */
    @Nested
    class LinkLists extends LinkListContract {
        LinkLists() {
            super(GraphStoreContract.this);
        }
    }

    /** MULTIGET_LINK. */
    @Nested
    class Multigets extends MultigetContract {
        Multigets() {
            super(GraphStoreContract.this);
        }
    }

    /** Payload sizes and byte values; no aliasing of the caller's arrays. */
    @Nested
    class Payloads extends PayloadContract {
        Payloads() {
            super(GraphStoreContract.this);
        }
    }

    /** loadNodes, loadLinks and loadCounts from several sessions. */
    @Nested
    class BulkLoad extends BulkLoadContract {
        BulkLoad() {
            super(GraphStoreContract.this);
        }
    }

    /** prepareForLoad, prepareForRequests, info and sessions. */
    @Nested
    class Schema extends SchemaContract {
        Schema() {
            super(GraphStoreContract.this);
        }
    }

    /** LoadStateStore: the last load's state, kept as long as the data. */
    @Nested
    class LoadStates extends LoadStateContract {
        LoadStates() {
            super(GraphStoreContract.this);
        }
    }

    /** The claim of a load on the store's tables: a second load into them is refused. */
    @Nested
    class LoadClaims extends LoadClaimContract {
        LoadClaims() {
            super(GraphStoreContract.this);
        }
    }

    /** The count invariant against a model, and CountVerifier. */
    @Nested
    class CountInvariant extends CountInvariantContract {
        CountInvariant() {
            super(GraphStoreContract.this);
        }
    }

    /** Several sessions at once: node ids, and the count invariant of a store that declares it transactional. */
    @Nested
    class Concurrency extends ConcurrencyContract {
        Concurrency() {
            super(GraphStoreContract.this);
        }
    }

    /** Multi-operation transactions, for a store whose transactions() offers them; else skipped with its reason. */
    @Nested
    class Transactions extends TransactionContract {
        Transactions() {
            super(GraphStoreContract.this);
        }
    }

    /** The provider: ServiceLoader registration, declared settings, redacted secrets. */
    @Nested
    class Provider extends ProviderContract {
        Provider() {
            super(GraphStoreContract.this);
        }
    }

    /** A bulk batch given again after a retryable failure (needs {@link FaultInjection}). */
    @Nested
    class BatchRetry extends BatchRetryContract {
        BatchRetry() {
            super(GraphStoreContract.this);
        }
    }

    /** The session after a failed call (needs {@link FaultInjection}). */
    @Nested
    class SessionAfterError extends SessionAfterErrorContract {
        SessionAfterError() {
            super(GraphStoreContract.this);
        }
    }
}
