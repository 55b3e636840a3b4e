package io.linkbench.config;

import java.util.Objects;

/**
 * The declaration of one configuration key: its name, default and meaning. The core and every store
 * provider declare the keys they read, so the CLI can reject unknown keys, suggest the closest known
 * one, print the defaults, and keep secrets out of logs and results.
 *
 * @param key          the property name, e.g. {@code maxid1}
 * @param defaultValue the default as text, or null when the key has no default
 * @param description  one line for the README and {@code --help-keys}
 * @param secret       true for passwords: the value is never printed or stored
 * @param shapesGraph  true when the value changes the graph a load writes (its degrees, ids, payloads):
 *                     a load records these keys' values, and a request phase on a store loaded with
 *                     other values is warned
 */
public record Setting(String key, String defaultValue, String description, boolean secret, boolean shapesGraph) {

    public Setting {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(description, "description");
    }

    /** A key that does not shape the graph. */
    public Setting(String key, String defaultValue, String description, boolean secret) {
        this(key, defaultValue, description, secret, false);
    }

    /** This key, marked as one whose value shapes the graph a load writes. */
    public Setting shapingTheGraph() {
        return new Setting(key, defaultValue, description, secret, true);
    }

    /** A key that is not secret. */
    public static Setting of(String key, String defaultValue, String description) {
        return new Setting(key, defaultValue, description, false);
    }

    /** A secret key (a password): never printed or written to results. */
    public static Setting secret(String key, String description) {
        return new Setting(key, null, description, true);
    }
}
