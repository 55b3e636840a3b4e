package com.example.linkbench.h2;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.FaultInjection;
import io.linkbench.tck.GraphStoreContract;
import io.linkbench.tck.harness.StoreDirs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/**
 * The whole TCK against the H2 store, one database file per store. The fault hook closes the
 * session's H2 session from the store's own connection, as an administrator would: a real lost
 * connection that the session must report as retryable and recover from.
 */
class H2StoreTest extends GraphStoreContract implements FaultInjection {
    private static final String PASSWORD = "tck-secret-7f3a";
    private final StoreDirs dirs = new StoreDirs("h2-tck");

    @Override
    protected GraphStore openFreshStore() throws Exception {
        return open(dirs.fresh());
    }

    /** The database of the store opened last: its data outlives close. */
    @Override
    protected GraphStore reopenStore() throws Exception {
        return open(dirs.last());
    }

    private GraphStore open(Path dir) throws Exception {
        Settings settings = new Settings(Map.of("db_path", dir.resolve("db").toString(), "h2_password", PASSWORD));
        return provider().open(new StoreContext(settings, maxSessions()));
    }

    @Override
    protected StoreProvider provider() {
        return new H2StoreProvider();
    }

    @Override
    protected Map<String, String> secretValues() {
        return Map.of("h2_password", PASSWORD);
    }

    @Override
    public void failNextCall(GraphStore store, StoreSession session) throws Exception {
        for (int id : ((H2Session) session).sessionIds()) {
            ((H2Store) store).abortSession(id);
        }
    }

    /** Runs after the TCK's own AfterEach, which closed every store. */
    @AfterEach
    void deleteDatabases() throws IOException {
        dirs.deleteAll();
    }
}
