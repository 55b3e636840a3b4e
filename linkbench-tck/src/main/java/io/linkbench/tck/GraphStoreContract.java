package io.linkbench.tck;

import io.linkbench.store.GraphStore;
import java.time.Duration;
import org.junit.jupiter.api.Nested;

/**
 * The store conformance test kit (TCK): a store module's test extends this class, implements
 * {@link #openFreshStore()}, and runs every test group below as a nested class:
 *
 * <pre>{@code
 * class RocksDbStoreTest extends GraphStoreContract {
 *     protected GraphStore openFreshStore() throws Exception {
 *         return new RocksDbStoreProvider().open(new StoreContext(settingsForATempDir(), maxSessions()));
 *     }
 * }
 * }</pre>
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
     * closed; null (the default) when a store's data does not outlive close. The TCK closes it.
     */
    protected GraphStore reopenStore() throws Exception {
        return null;
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

    /** How often a concurrent test repeats an operation that failed with a retryable exception. */
    protected int maxRetries() {
        return 50;
    }

    /** How long a concurrent test waits for its threads before it fails (instead of hanging). */
    protected Duration concurrentTimeout() {
        return Duration.ofSeconds(60);
    }

    /** The seed of every random test. */
    protected long seed() {
        return 0x4C696E6B42656E63L;
    }

    /**
     * The most sessions the TCK opens on one store at once ({@link #concurrentWriters()} + 2, at least
     * 5): pass it as {@code StoreContext.maxSessions} in {@link #openFreshStore()}.
     */
    public int maxSessions() {
        return Math.max(BulkLoadContract.LOADERS + 2, concurrentWriters() + 2);
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

    /** The count invariant against a model, and CountVerifier. */
    @Nested
    class CountInvariant extends CountInvariantContract {
        CountInvariant() {
            super(GraphStoreContract.this);
        }
    }

    /** Several sessions at once: node ids, and the count invariant of TransactionalStore. */
    @Nested
    class Concurrency extends ConcurrencyContract {
        Concurrency() {
            super(GraphStoreContract.this);
        }
    }
}
