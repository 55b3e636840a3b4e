package io.linkbench.config;

/**
 * A configuration value that cannot be used. The message is one line that names the key, the value
 * and what is allowed; the CLI prints it as it is and exits with code 2. The message passes through
 * {@link MessageText#line}: secrets are hidden and a long line is cut.
 */
public final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(MessageText.line(message));
    }

    /** A bad value of a key: "key=value: allowed", the value cut when it is long. */
    public static ConfigException badValue(String key, String value, String allowed) {
        return new ConfigException(key + "=" + MessageText.value(value) + ": " + allowed);
    }
}
