package io.linkbench.store;

import java.util.Map;
import java.util.Objects;

/**
 * Facts about a store for the report: the provider name, the server or library version, the engine,
 * and any other facts worth recording (topology, isolation level, options).
 *
 * @param store   provider name, e.g. {@code mysql}
 * @param version server or library version, or "" when unknown
 * @param engine  storage engine, e.g. {@code ROCKSDB}, or "" when not applicable
 * @param facts   further facts, in display order; no secrets
 */
public record StoreInfo(String store, String version, String engine, Map<String, String> facts) {
    public StoreInfo {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(engine, "engine");
        facts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(facts));
    }
}
