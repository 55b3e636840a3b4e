package io.linkbench.store;

import io.linkbench.config.Settings;

/**
 * What a provider gets to open a store.
 *
 * @param settings     every configuration value; a store reads only the keys it declared in
 *                     {@link StoreProvider#settings()}, through the typed accessors, once, in {@code open}
 * @param maxSessions  the most sessions that will be open at once (loaders, or requesters),
 *                     for sizing connection pools
 * @param existingOnly true to open a store that exists and leave it as it is ({@code verify}): an
 *                     embedded store whose data directory holds no database refuses to open
 *                     ({@link StoreException#refusal}) instead of creating one
 */
public record StoreContext(Settings settings, int maxSessions, boolean existingOnly) {
    /** The context of a run: the store is created when missing. */
    public StoreContext(Settings settings, int maxSessions) {
        this(settings, maxSessions, false);
    }
}
