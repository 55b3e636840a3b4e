package io.linkbench.store.postgres;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreProvider;
import io.linkbench.tck.GraphStoreContract;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK against the Citus cluster (read committed, distributed tables), in a schema of its own;
 * the fault contracts terminate the session's backends on the coordinator ({@link TerminatesSessionBackends};
 * a worker's backend killed in the middle of a call: {@link CitusWorkerFaultTest}). Citus has no snapshot
 * across workers, one per worker, as the store's transactions() says: the TCK's read-only transaction over
 * two groups reads two groups on one worker ({@link #id1InOneSnapshotWith}).
 */
@Tag("citus")
class CitusStoreTest extends GraphStoreContract implements TerminatesSessionBackends {
    private static final String SCHEMA = "lbtest_citus_tck";

    @Override
    protected GraphStore openFreshStore() throws Exception {
        return CitusTestCluster.freshStore(SCHEMA, Map.of(), maxSessions());
    }

    @Override
    protected GraphStore reopenStore() throws Exception {
        return CitusTestCluster.open(CitusTestCluster.settings(SCHEMA, Map.of()), maxSessions());
    }

    /** The session's backends run on the coordinator. */
    @Override
    public Connection serverConnection() throws SQLException {
        return CitusTestCluster.jdbc(0);
    }

    @Override
    protected StoreProvider provider() {
        return new PgStoreProvider();
    }

    /** An id1 on the worker of {@code id1}: a read-only transaction reads one snapshot per worker. */
    @Override
    protected long id1InOneSnapshotWith(GraphStore store, long id1) throws Exception {
        return CitusTestCluster.id1OnTheWorkerOf(SCHEMA, id1);
    }
}
