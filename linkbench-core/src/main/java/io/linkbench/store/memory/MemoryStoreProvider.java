package io.linkbench.store.memory;

import io.linkbench.config.Setting;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreProvider;
import java.util.List;

/**
 * The provider of {@code store = memory}: an in-process {@link MemoryStore} with no settings. Every
 * {@link #open} returns a new, empty store; nothing outlives it.
 */
public final class MemoryStoreProvider implements StoreProvider {

    /** For {@link java.util.ServiceLoader}; does nothing. */
    public MemoryStoreProvider() {
    }

    @Override
    public String name() {
        return "memory";
    }

    @Override
    public String description() {
        return "in-process memory (reference store; data lives only as long as the run)";
    }

    @Override
    public List<Setting> settings() {
        return List.of();
    }

    @Override
    public GraphStore open(StoreContext context) {
        return new MemoryStore();
    }
}
