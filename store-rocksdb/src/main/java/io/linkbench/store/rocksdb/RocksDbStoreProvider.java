package io.linkbench.store.rocksdb;

import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import java.util.List;

/** The {@code rocksdb} store: an embedded RocksDB database in {@code data_dir}, no server needed. */
public final class RocksDbStoreProvider implements StoreProvider {

    /** Found by {@link java.util.ServiceLoader}; does no work. */
    public RocksDbStoreProvider() {
    }

    @Override
    public String name() {
        return "rocksdb";
    }

    @Override
    public String description() {
        return "embedded RocksDB database in data_dir (default ./data/rocksdb); no server needed";
    }

    @Override
    public List<Setting> settings() {
        return RocksDbConfig.SETTINGS;
    }

    /** Builds the typed configuration, as {@link #open} does first. */
    @Override
    public void check(Settings settings) {
        RocksDbConfig.from(settings);
    }

    @Override
    public GraphStore open(StoreContext context) throws StoreException {
        RocksDbConfig config = RocksDbConfig.from(context.settings());
        if (context.existingOnly() && !java.nio.file.Files.isRegularFile(config.dataDir().resolve("CURRENT"))) {
            throw StoreException.refusal("data_dir " + config.dataDirText() + " holds no RocksDB database: nothing"
                    + " loaded to verify (check data_dir, or load it first with -l)");
        }
        return RocksDbStore.open(config);
    }
}
