package io.linkbench.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable set of configuration values (key to text) with typed, validated accessors. Every
 * accessor throws {@link ConfigException} with a one-line message naming the key, the value and what
 * is allowed. Typed configuration objects are built from this once, at start; it is not passed deep
 * into the code.
 */
public final class Settings {
    /** The largest password file read: a password is one line. */
    public static final long SECRET_FILE_MAX = 64 * BoundedFile.KIB;

    private final Map<String, String> values;

    public Settings(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * The given values over the declared defaults: every declared key with a default is present.
     * Keys that are given but not declared are kept (see {@link KeyCheck} to reject them).
     */
    public static Settings withDefaults(Map<String, String> given, List<Setting> declared) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Setting s : declared) {
            if (s.defaultValue() != null) {
                m.put(s.key(), s.defaultValue());
            }
        }
        m.putAll(given);
        return new Settings(m);
    }

    /** All values as given, including secrets: use {@link #redacted(List)} for anything printed. */
    public Map<String, String> asMap() {
        return values;
    }

    /**
     * The values with every secret key removed and the secrets inside the other values hidden
     * ({@link MessageText#redactValue}), for results and logs.
     */
    public Map<String, String> redacted(List<Setting> declared) {
        Map<String, String> out = new LinkedHashMap<>(values);
        for (Setting s : declared) {
            if (s.secret()) {
                out.remove(s.key());
            }
        }
        out.keySet().removeIf(MessageText::looksSecret);
        out.replaceAll((key, value) -> MessageText.redactValue(value));
        return out;
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    public Optional<String> optional(String key) {
        String v = values.get(key);
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
    }

    public String getString(String key, String defaultValue) {
        return optional(key).orElse(defaultValue);
    }

    /** A required integer (present through {@link #withDefaults} or given). */
    public long getLong(String key, long min, long max) {
        requirePresent(key, "an integer from " + min + " to " + max);
        return getLong(key, 0, min, max);
    }

    /** A required integer that fits an int. */
    public int getInt(String key, int min, int max) {
        return (int) getLong(key, min, max);
    }

    /** A required number. */
    public double getDouble(String key, double min, double max) {
        requirePresent(key, "a number from " + min + " to " + max);
        return getDouble(key, 0, min, max);
    }

    /** A required string. */
    public String getString(String key) {
        Optional<String> v = optional(key);
        if (v.isEmpty()) {
            throw new ConfigException(key + " is missing: it needs a value");
        }
        return v.get();
    }

    /** Refuses a key not given, or given empty ({@code spider=}): an empty value is no choice of the default. */
    private void requirePresent(String key, String allowed) {
        if (optional(key).isEmpty()) {
            throw new ConfigException(key + (values.containsKey(key) ? " is empty" : " is missing") + ": it must be " + allowed);
        }
    }

    public long getLong(String key, long defaultValue, long min, long max) {
        Optional<String> v = optional(key);
        if (v.isEmpty()) {
            return defaultValue;
        }
        long parsed;
        try {
            parsed = parseInteger(v.get());
        } catch (NumberFormatException e) {
            throw ConfigException.badValue(key, v.get(), "must be an integer from " + min + " to " + max);
        }
        if (parsed < min || parsed > max) {
            throw ConfigException.badValue(key, v.get(), "must be an integer from " + min + " to " + max);
        }
        return parsed;
    }

    public int getInt(String key, int defaultValue, int min, int max) {
        return (int) getLong(key, defaultValue, min, max);
    }

    public double getDouble(String key, double defaultValue, double min, double max) {
        Optional<String> v = optional(key);
        if (v.isEmpty()) {
            return defaultValue;
        }
        double parsed;
        try {
            parsed = parseNumber(v.get());
        } catch (NumberFormatException e) {
            throw ConfigException.badValue(key, v.get(), "must be a number from " + min + " to " + max);
        }
        if (!(parsed >= min && parsed <= max)) {
            throw ConfigException.badValue(key, v.get(), "must be a number from " + min + " to " + max);
        }
        return parsed;
    }

    /** A required boolean. */
    public boolean getBoolean(String key) {
        requirePresent(key, "true or false");
        return getBoolean(key, false);
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        Optional<String> v = optional(key);
        if (v.isEmpty()) {
            return defaultValue;
        }
        return switch (v.get().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw ConfigException.badValue(key, v.get(), "must be true or false");
        };
    }

    /**
     * A password: the value of {@code key} when given, else the first line of the file named by
     * {@code fileKey} (a regular file of at most {@link #SECRET_FILE_MAX} bytes, {@link BoundedFile}), else the
     * environment variable {@code envVariable}, else "". The value is never part of an error message.
     *
     * @throws ConfigException when the file cannot be used: missing, not a regular file, too large, not UTF-8
     */
    public String secret(String key, String fileKey, String envVariable) {
        Optional<String> given = optional(key);
        if (given.isPresent()) {
            return given.get();
        }
        Optional<String> file = optional(fileKey);
        if (file.isPresent()) {
            String text = BoundedFile.text(fileKey, file.get(), SECRET_FILE_MAX, "a file whose first line is the password");
            return text.lines().findFirst().orElse("").strip();
        }
        String env = System.getenv(envVariable);
        return env == null ? "" : env;
    }

    /** A required enum value (see {@link #getEnum(String, Class, Enum)}). */
    public <E extends Enum<E>> E getEnum(String key, Class<E> type) {
        requirePresent(key, oneOf(type));
        return getEnum(key, type, null);
    }

    /** An enum value, matched without regard to case and with '-' read as '_'. */
    public <E extends Enum<E>> E getEnum(String key, Class<E> type, E defaultValue) {
        Optional<String> v = optional(key);
        if (v.isEmpty()) {
            return defaultValue;
        }
        String wanted = v.get().replace('-', '_');
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(wanted)) {
                return e;
            }
        }
        throw ConfigException.badValue(key, v.get(), "must be " + oneOf(type));
    }

    private static <E extends Enum<E>> String oneOf(Class<E> type) {
        StringBuilder allowed = new StringBuilder("one of");
        for (E e : type.getEnumConstants()) {
            allowed.append(' ').append(e.name().toLowerCase(Locale.ROOT));
        }
        return allowed.toString();
    }

    /**
     * An integer as a key's value is written: plain, or the forms 10e6, 1_000_000 and 1,000,000, in
     * ASCII digits only ({@link Long#parseLong} alone would take Arabic-Indic or fullwidth digits).
     *
     * @throws NumberFormatException when the text is not such an integer
     */
    public static long parseInteger(String text) {
        requireAscii(text);
        String t = text.trim().replace("_", "").replace(",", "");
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            double d = Double.parseDouble(t); // 1e6, 1.5e9
            if (d != Math.rint(d) || Math.abs(d) > 9.0e18) {
                throw e;
            }
            return (long) d;
        }
    }

    /** A number as a key's value is written, in ASCII digits only. */
    public static double parseNumber(String text) {
        requireAscii(text);
        return Double.parseDouble(text);
    }

    private static void requireAscii(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) > 0x7f) {
                throw new NumberFormatException("not an ASCII number: " + MessageText.value(text));
            }
        }
    }
}
