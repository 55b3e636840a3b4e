package io.linkbench.store.rocksdb;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.FaultInjection;
import io.linkbench.tck.GraphStoreContract;
import io.linkbench.tck.harness.StoreDirs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/**
 * The TCK against the RocksDB store, one fresh data directory per store. An embedded database has no
 * connection to kill: the fault is the session's hook, which fails the next operation as a RocksDB
 * {@code Busy} status would, through the store's own failure path.
 */
class RocksDbStoreTest extends GraphStoreContract implements FaultInjection {
    private final StoreDirs dirs = new StoreDirs("rocksdb-tck");

    @Override
    protected GraphStore openFreshStore() throws Exception {
        return open(dirs.fresh());
    }

    /** The directory of the store opened last. */
    @Override
    protected GraphStore reopenStore() throws Exception {
        return open(dirs.last());
    }

    private GraphStore open(Path dir) throws Exception {
        Settings settings = new Settings(Map.of("data_dir", dir.toString(), "block_cache_mb", "8",
                "write_buffer_mb", "4", "background_jobs", "1"));
        return new RocksDbStoreProvider().open(new StoreContext(settings, maxSessions()));
    }

    /** Runs after the TCK's own AfterEach, which closed every store. */
    @AfterEach
    void deleteDirectories() throws IOException {
        dirs.deleteAll();
    }

    @Override
    public void failNextCall(GraphStore store, StoreSession session) {
        ((RocksDbSession) session).failNextCall();
    }

    @Override
    protected StoreProvider provider() {
        return new RocksDbStoreProvider();
    }
}
