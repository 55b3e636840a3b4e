package io.linkbench.store;

import io.linkbench.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.Map;

/** The store providers on the class path, found with {@link ServiceLoader}, by name. */
public final class StoreProviders {
    private final Map<String, StoreProvider> byName = new TreeMap<>();

    private StoreProviders(Iterable<StoreProvider> providers) {
        for (StoreProvider p : providers) {
            StoreProvider previous = byName.putIfAbsent(p.name(), p);
            if (previous != null && previous.getClass() != p.getClass()) {
                throw new IllegalStateException("two store providers are named '" + p.name() + "': "
                        + previous.getClass().getName() + " and " + p.getClass().getName());
            }
        }
    }

    /** The providers visible to this class's class loader. */
    public static StoreProviders discover() {
        return new StoreProviders(ServiceLoader.load(StoreProvider.class, StoreProviders.class.getClassLoader()));
    }

    /** A fixed list of providers (for tests and embedding). */
    public static StoreProviders of(StoreProvider... providers) {
        return new StoreProviders(List.of(providers));
    }

    public List<StoreProvider> all() {
        return new ArrayList<>(byName.values());
    }

    /** The provider named {@code name}, or a {@link ConfigException} that lists the known names. */
    public StoreProvider byName(String name) {
        StoreProvider p = byName.get(name);
        if (p == null) {
            throw ConfigException.badValue("store", name, "must be one of " + String.join(", ", byName.keySet()));
        }
        return p;
    }
}
