package io.linkbench.store.postgres;

import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import java.util.List;

/**
 * The {@code postgres} store: PostgreSQL 12+ (and servers speaking its protocol) through pgJDBC. See
 * {@link PgConfig} for its keys and {@code src/site/markdown/stores/postgres.md} for its design.
 */
public final class PgStoreProvider implements StoreProvider {

    @Override
    public String name() {
        return "postgres";
    }

    @Override
    public String description() {
        return "PostgreSQL 12+ over the network (pgJDBC): COPY bulk load, covering index for link lists";
    }

    @Override
    public List<Setting> settings() {
        return PgConfig.SETTINGS;
    }

    /** Builds the typed configuration, as {@link #open} does first. */
    @Override
    public void check(Settings settings) {
        PgConfig.from(settings);
    }

    @Override
    public GraphStore open(StoreContext context) throws StoreException {
        return PgGraphStore.open(PgConfig.from(context.settings()));
    }
}
