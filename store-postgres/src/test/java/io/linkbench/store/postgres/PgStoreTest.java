package io.linkbench.store.postgres;

import io.linkbench.store.GraphStore;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK against the test server (read committed), in a schema of its own; the fault contracts
 * terminate the session's backends ({@link TerminatesSessionBackends}).
 */
@Tag("postgres")
class PgStoreTest extends GraphStoreContract implements TerminatesSessionBackends {
    private static final String SCHEMA = "lbtest_tck";

    @Override
    protected GraphStore openFreshStore() throws Exception {
        return PgTestServer.freshStore(SCHEMA, Map.of(), maxSessions());
    }

    @Override
    protected GraphStore reopenStore() throws Exception {
        return PgTestServer.open(PgTestServer.settings(SCHEMA, Map.of()), maxSessions());
    }
}
