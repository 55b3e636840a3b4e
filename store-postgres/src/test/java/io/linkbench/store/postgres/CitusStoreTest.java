package io.linkbench.store.postgres;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreProvider;
import io.linkbench.tck.GraphStoreContract;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The store TCK against the Citus cluster (read committed, distributed tables), in a schema of its own;
 * the fault contracts terminate the session's backends on the coordinator ({@link TerminatesSessionBackends};
 * a worker's backend killed in the middle of a call: {@link CitusWorkerFaultTest}). Citus has no snapshot
 * across workers, as the store's transactions() says: the TCK's test of one over two groups is skipped
 * ({@link NoSnapshotAcrossWorkers}).
 */
@Tag("citus")
@ExtendWith(CitusStoreTest.NoSnapshotAcrossWorkers.class)
class CitusStoreTest extends GraphStoreContract implements TerminatesSessionBackends {
    /**
     * Skips the TCK's read-only transaction over two groups while a link moves between them: on Citus each
     * worker reads its own snapshot, so two groups on two workers may show the link in both or in neither.
     */
    static final class NoSnapshotAcrossWorkers implements ExecutionCondition {
        static final String TEST = "aLinkMovedBetweenGroupsShowsInExactlyOneOfThemInAReadOnlyTransaction";

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getTestMethod().filter(m -> m.getName().equals(TEST)).isPresent()
                    ? ConditionEvaluationResult.disabled("Citus reads one snapshot per worker, none across workers"
                            + " (the store's transactions() says so): two groups on two workers may show the moved link"
                            + " twice or not at all")
                    : ConditionEvaluationResult.enabled("");
        }
    }

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
}
