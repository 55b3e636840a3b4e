package io.linkbench.store;

import java.util.Map;
import java.util.Objects;

/**
 * Facts about a store for the report: the provider name, the server or library version, the engine,
 * whether it keeps the count invariant under concurrent writers, and any other facts worth recording
 * (topology, isolation level, options).
 *
 * @param store         provider name, e.g. {@code mysql}
 * @param version       server or library version, or "" when unknown
 * @param engine        storage engine, e.g. {@code ROCKSDB}, or "" when not applicable
 * @param facts         further facts, in display order; no secrets
 * @param transactional the store keeps the count invariant under concurrent writers: for every
 *                      (id1, link_type), the count equals the number of VISIBLE links even when several
 *                      sessions write links of the same (id1, link_type) at once (each link write and its
 *                      count change are one transaction or atomic step). The TCK's concurrent-writer
 *                      contract runs for the stores that declare it; {@code verify} holds them to it.
 */
public record StoreInfo(String store, String version, String engine, Map<String, String> facts,
                        boolean transactional) {
    public StoreInfo {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(engine, "engine");
        facts = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(facts));
    }
}
