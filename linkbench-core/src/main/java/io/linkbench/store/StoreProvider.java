package io.linkbench.store;

import io.linkbench.config.Setting;
import java.util.List;

/**
 * The entry point of a store plug-in, found with {@link java.util.ServiceLoader}. A store module
 * lists its implementation in {@code META-INF/services/io.linkbench.store.StoreProvider}; the user
 * selects it with {@code store = <name()>}. Implementations need a public no-argument constructor and
 * must do no work in it.
 */
public interface StoreProvider {

    /** The name users put in {@code store = ...}: lower case, no spaces, e.g. {@code mysql}. */
    String name();

    /** One line for {@code --help}: what this store talks to. */
    String description();

    /** Every configuration key this store reads, so unknown keys can be rejected and secrets redacted. */
    List<Setting> settings();

    /**
     * Validates the configuration and connects (or opens files). Fails fast: an unreachable server is
     * reported within the configured connect timeout as a {@link StoreException} of kind CONNECTION
     * with a one-line message; a bad value as a {@link io.linkbench.config.ConfigException}.
     */
    GraphStore open(StoreContext context) throws StoreException;
}
