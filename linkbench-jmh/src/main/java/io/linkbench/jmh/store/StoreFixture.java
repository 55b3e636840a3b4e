package io.linkbench.jmh.store;

import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The store a benchmark shares between its threads (a JMH {@link Scope#Benchmark} state): opened for
 * {@link #SESSIONS} sessions, prepared, loaded with its {@link SmallGraph} through the store's bulk load
 * (unless told not to), finished as the load phase finishes it, and closed after the trial. Subclasses
 * open the store and release what it runs on.
 *
 * <p>A subclass that gives a {@link #skipMessage} makes a store that cannot be opened or loaded a skip
 * rather than a failure: the message goes to stderr once, {@link #available()} is false, and the
 * benchmarks return at once.
 */
@State(Scope.Benchmark)
public abstract class StoreFixture {
    /** The sessions the store is opened for: at most this many benchmark threads. */
    public static final int SESSIONS = 8;

    private final SmallGraph graph;
    private final boolean load;
    private final AtomicInteger nextWorker = new AtomicInteger();
    private GraphStore store;

    /** A fixture of {@code graph}, loaded into the store only when {@code load}. */
    protected StoreFixture(SmallGraph graph, boolean load) {
        this.graph = graph;
        this.load = load;
    }

    /** Opens the store (and what it runs on) for {@code sessions} sessions. */
    protected abstract GraphStore openStore(int sessions) throws IOException, StoreException;

    /** How {@link GraphStore#prepareForLoad} treats existing data. */
    protected SchemaMode schemaMode() {
        return SchemaMode.RECREATE;
    }

    /** Releases what the store runs on (a server, a directory); called once the store is closed. */
    protected void release() throws IOException {
    }

    /** What stderr says when the store cannot be opened or loaded, or null to fail the benchmark. */
    protected String skipMessage(Exception cause) {
        return null;
    }

    @Setup(Level.Trial)
    public final void open() throws IOException, StoreException {
        try {
            store = openStore(SESSIONS);
            store.prepareForLoad(schemaMode());
            if (load) {
                graph.load(store);
            }
            if (store instanceof LoadHooks hooks) {
                hooks.finishLoad();
            }
            store.prepareForRequests();
        } catch (StoreException | RuntimeException e) {
            String skipped = skipMessage(e);
            closeAfterFailure();
            if (skipped == null) {
                throw e;
            }
            System.err.println("SKIPPED: " + skipped);
        }
    }

    private void closeAfterFailure() throws IOException {
        try {
            if (store != null) {
                store.close();
            }
        } catch (StoreException ignored) {
            // already failing
        } finally {
            store = null;
            release();
        }
    }

    @TearDown(Level.Trial)
    public final void close() throws IOException, StoreException {
        try {
            if (store != null) {
                store.close();
            }
        } finally {
            release();
        }
    }

    /** Whether the store is open (false when it was skipped). */
    public final boolean available() {
        return store != null;
    }

    /** A session of the store (only when {@link #available()}). */
    public final StoreSession session(int id) throws StoreException {
        return store.session(id);
    }

    public final SmallGraph graph() {
        return graph;
    }

    /** Numbers the benchmark threads from 0 as they set up. */
    final int nextWorker() {
        return nextWorker.getAndIncrement();
    }
}
