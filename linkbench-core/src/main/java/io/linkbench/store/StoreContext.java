package io.linkbench.store;

import io.linkbench.config.Settings;

/**
 * What a provider gets to open a store.
 *
 * @param settings    every configuration value; a store reads only the keys it declared in
 *                    {@link StoreProvider#settings()}, through the typed accessors, once, in {@code open}
 * @param maxSessions the most sessions that will be open at once (loaders + 1, or requesters),
 *                    for sizing connection pools
 */
public record StoreContext(Settings settings, int maxSessions) {
}
