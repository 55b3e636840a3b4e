package io.linkbench.store.mysql;

import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import java.util.List;

/**
 * The {@code mysql} store: MySQL 8.x or MariaDB 10.6+ through Connector/J, with tables in any engine
 * (InnoDB, ROCKSDB for MyRocks, ...). See {@link MySqlConfig} for its keys.
 */
public final class MySqlStoreProvider implements StoreProvider {

    @Override
    public String name() {
        return "mysql";
    }

    @Override
    public String description() {
        return "MySQL 8.x or MariaDB 10.6+ over the network (Connector/J), engine InnoDB, ROCKSDB (MyRocks) or other";
    }

    @Override
    public List<Setting> settings() {
        return MySqlConfig.SETTINGS;
    }

    /** Builds the typed configuration, as {@link #open} does first. */
    @Override
    public void check(Settings settings) {
        MySqlConfig.from(settings);
    }

    @Override
    public GraphStore open(StoreContext context) throws StoreException {
        return MySqlGraphStore.open(MySqlConfig.from(context.settings()));
    }
}
