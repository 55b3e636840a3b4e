package io.linkbench.store.postgres;

import io.linkbench.store.GraphStore;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/** The store TCK with {@code isolation = serializable}: serialization failures (40001) are retried. */
@Tag("postgres")
class PgSerializableStoreTest extends GraphStoreContract implements TerminatesSessionBackends {
    private static final String SCHEMA = "lbtest_tck_serializable";
    private static final Map<String, String> SERIALIZABLE = Map.of("isolation", "serializable");

    @Override
    protected GraphStore openFreshStore() throws Exception {
        return PgTestServer.freshStore(SCHEMA, SERIALIZABLE, maxSessions());
    }

    @Override
    protected GraphStore reopenStore() throws Exception {
        return PgTestServer.open(PgTestServer.settings(SCHEMA, SERIALIZABLE), maxSessions());
    }
}
