package io.linkbench.store;

import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.util.List;

/**
 * The entry point of a store plug-in, found with {@link java.util.ServiceLoader}. A store module
 * lists its implementation in {@code META-INF/services/io.linkbench.store.StoreProvider}; the user
 * selects it with {@code store = <name()>}. Implementations need a public no-argument constructor and
 * must do no work in it.
 *
 * <pre>{@code
 * public final class H2StoreProvider implements StoreProvider {
 *     public String name() { return "h2"; }
 *     public String description() { return "embedded H2 database file"; }
 *     public List<Setting> settings() { return List.of(Setting.of("db_path", "./data/h2", "database file")); }
 *     public GraphStore open(StoreContext context) throws StoreException {
 *         return new H2Store(context.settings().getString("db_path", "./data/h2"));
 *     }
 * }
 * }</pre>
 *
 * <p>The methods may be called from any thread; {@code open} once per run (or per test).
 */
public interface StoreProvider {

    /** The name users put in {@code store = ...}: lower case, no spaces, e.g. {@code mysql}. */
    String name();

    /** One line for {@code --help}: what this store talks to. */
    String description();

    /** Every configuration key this store reads, so unknown keys can be rejected and secrets redacted. */
    List<Setting> settings();

    /**
     * Validates the configuration as {@link #open} does, without connecting or opening anything: builds the
     * store's typed configuration, so that {@code --print-config} refuses what a run would refuse. The
     * default checks nothing more than the declared keys (for a store whose {@code open} parses nothing).
     *
     * @throws io.linkbench.config.ConfigException naming the key and what it allows
     */
    default void check(Settings settings) {
    }

    /**
     * Validates the configuration and connects (or opens files). Fails fast: an unreachable server is
     * reported within the configured connect timeout as a {@link StoreException} of kind CONNECTION
     * with a one-line message; a bad value as a {@link io.linkbench.config.ConfigException}.
     *
     * @param context the settings and the most sessions that will be open at once
     * @return the open store; the caller closes it
     * @throws StoreException CONNECTION when the server cannot be reached in time, a
     *                        {@link StoreException#refusal refusal} when the store declines to open as
     *                        configured (a lock held by another process, no data with
     *                        {@link StoreContext#existingOnly()}), or OTHER; never retried
     */
    GraphStore open(StoreContext context) throws StoreException;
}
