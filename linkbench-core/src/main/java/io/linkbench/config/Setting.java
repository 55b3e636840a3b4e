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
 */
public record Setting(String key, String defaultValue, String description, boolean secret) {

    public Setting {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(description, "description");
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
