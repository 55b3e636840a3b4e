package io.linkbench.store.noop;

import io.linkbench.config.Setting;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreProvider;
import java.util.List;

/**
 * {@code store = noop}: a store that keeps nothing and answers every call at once. It measures the
 * driver's own ceiling (generation, dispatch, timing, recording), the cost every real store pays on
 * top of its own work.
 */
public final class NoopStoreProvider implements StoreProvider {
    @Override
    public String name() {
        return "noop";
    }

    @Override
    public String description() {
        return "stores nothing, answers at once: measures the driver's own overhead";
    }

    @Override
    public List<Setting> settings() {
        return List.of();
    }

    @Override
    public GraphStore open(StoreContext context) {
        return new NoopStore();
    }
}
