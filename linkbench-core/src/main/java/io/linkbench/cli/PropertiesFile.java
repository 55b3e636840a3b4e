package io.linkbench.cli;

import io.linkbench.config.BoundedFile;
import io.linkbench.config.ConfigException;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Reads a {@code -c} file: {@link Properties} syntax, but every line that is not blank, a comment or
 * the continuation of a line ending in a backslash must be {@code key = value} (or {@code key: value}).
 * {@link Properties} alone would read {@code jdbc_url_options useSSL=false} as a key with a value and a
 * lone word as a key with an empty one; here such a line is an error naming the file and the line.
 * The line itself is not repeated in the message: it may hold a password. Only a regular file of at
 * most {@value #MAX_BYTES} bytes with lines of at most {@value #MAX_LINE} characters is read
 * ({@link BoundedFile}), so {@code -c /dev/zero} or a mistaken 300 MB file is refused in one line instead
 * of filling the heap; a byte order mark an editor put first is dropped.
 */
final class PropertiesFile {
    /** The largest file read (configuration files are a few KiB). */
    static final int MAX_BYTES = 1 << 20;
    /** The longest line accepted. */
    static final int MAX_LINE = 64 * 1024;

    private PropertiesFile() {
    }

    static Map<String, String> read(Path file) {
        String text = text(file);
        checkLines(file, text);
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigException("-c " + file + ": cannot be read as a properties file (" + e.getMessage() + ")");
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : p.stringPropertyNames()) {
            m.put(k.trim(), p.getProperty(k).trim());
        }
        return m;
    }

    /** The file's text: a regular file, at most {@link #MAX_BYTES} bytes of UTF-8 (a leading byte order mark dropped). */
    private static String text(Path file) {
        return BoundedFile.text(file, "-c " + file, MAX_BYTES, "a properties file");
    }

    /** Throws for the first line that is not blank, a comment, a continuation or {@code key = value}. */
    static void checkLines(Path file, String text) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        boolean continuation = false;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].length() > MAX_LINE) {
                throw new ConfigException(file + ":" + (i + 1) + ": a line of " + lines[i].length()
                        + " characters; at most " + MAX_LINE + " are allowed");
            }
            String line = stripLeading(lines[i]);
            boolean continued = continuation;
            continuation = endsInEscape(line);
            if (continued) {
                continue;
            }
            if (line.isEmpty() || line.charAt(0) == '#' || line.charAt(0) == '!') {
                continuation = false; // a comment never continues
                continue;
            }
            if (!hasSeparator(line)) {
                throw new ConfigException(file + ":" + (i + 1) + ": not a key = value line (no '=' after the key);"
                        + " allowed: key = value, # comments and blank lines");
            }
        }
    }

    /** True when the key (up to unescaped whitespace, '=' or ':') is followed by '=' or ':'. */
    private static boolean hasSeparator(String line) {
        int i = 0;
        while (i < line.length() && !isBlank(line.charAt(i)) && line.charAt(i) != '=' && line.charAt(i) != ':') {
            i += line.charAt(i) == '\\' ? 2 : 1;
        }
        while (i < line.length() && isBlank(line.charAt(i))) {
            i++;
        }
        return i < line.length() && (line.charAt(i) == '=' || line.charAt(i) == ':');
    }

    private static boolean endsInEscape(String line) {
        int backslashes = 0;
        for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }

    private static String stripLeading(String line) {
        int i = 0;
        while (i < line.length() && isBlank(line.charAt(i))) {
            i++;
        }
        return line.substring(i);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\f';
    }
}
