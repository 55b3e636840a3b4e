package io.linkbench.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one place that makes text fit for an error message: a long value is cut to its first characters
 * and its length, and anything that looks like a secret is replaced by {@value #HIDDEN}. Messages of
 * {@link ConfigException}, of {@code StoreException} and every line the CLI prints for an error pass
 * through here, so a mistyped password or a 10 MB value never reaches the terminal or a log.
 */
public final class MessageText {
    /** What a secret is replaced by. */
    public static final String HIDDEN = "***";
    /** The longest value shown whole. */
    static final int VALUE_MAX = 80;
    /** The longest message line shown whole. */
    static final int LINE_MAX = 1000;
    /** The longest run without whitespace (a path, a URL) shown whole in a message line. */
    static final int RUN_MAX = 200;
    private static final Pattern LONG_RUN = Pattern.compile("\\S{" + (RUN_MAX + 1) + ",}");

    /** A name that holds a credential: password, passwd, pwd, secret, token, api key, credentials. */
    private static final Pattern SECRET_NAME = Pattern.compile(
            "password|passwd|pwd|secret|token|api_?key|access_?key|private_?key|credential", Pattern.CASE_INSENSITIVE);
    /**
     * {@code name=value} or {@code name:value} where the name looks like a secret; the value runs to
     * whitespace, a quote, a URL-option separator or a colon that ends the value (": allowed").
     * A colon followed by a space is prose, not a value.
     */
    private static final Pattern SECRET_ASSIGNMENT = Pattern.compile(
            "([\\w.-]*(?:" + SECRET_NAME.pattern() + ")[\\w.-]*)(\\s*=\\s*|:(?=[^\\s/]))([^\\s&;,'\"]+?)(?=:\\s|:$|[\\s&;,'\"]|$)",
            Pattern.CASE_INSENSITIVE);
    /**
     * Inside a configuration value (URL options, a connection string): a secret-looking name, '=' or
     * ':', and the value up to the next '&amp;' or whitespace (a ';' or ',' may be part of a password).
     */
    private static final Pattern SECRET_OPTION = Pattern.compile(
            "([\\w.-]*(?:" + SECRET_NAME.pattern() + ")[\\w.-]*)(\\s*[=:]\\s*)([^\\s&]+)", Pattern.CASE_INSENSITIVE);
    /** The password of {@code scheme://user:password@host}. */
    private static final Pattern URL_PASSWORD = Pattern.compile("(://[^/\\s:@]*):([^@\\s/]*)@");
    /**
     * The password of {@code user:password@host} without a scheme ({@code hosts=lb:pw@db1:3306}, a socket path
     * {@code lb:pw@/run/mysqld.sock}, {@code :pw@db1}): a user name (maybe empty) at the start of a value or after a separator, a colon that
     * does not start a URL's {@code //}, and everything up to the last {@code @} before whitespace, a comma or a
     * quote (a password may hold {@code @} or {@code /}, but not {@code ://}).
     */
    private static final Pattern USER_PASSWORD = Pattern.compile(
            "(?<![^\\s,;=('\"\\[/])([^\\s/:@,;=('\"\\[\\]]*):(?!//)((?:(?!://)[^\\s,'\"])*)@");

    private MessageText() {
    }

    /** True when a key or option name is about a credential (e.g. {@code mysql_password}, {@code password_file}). */
    public static boolean looksSecret(String name) {
        return SECRET_NAME.matcher(name).find();
    }

    /** True when the value of {@code name} is a credential: a secret-looking name that does not name a file. */
    private static boolean holdsSecret(String name) {
        return looksSecret(name) && !name.toLowerCase(Locale.ROOT).endsWith("_file");
    }

    /**
     * The text with every control character written as a visible escape ({@code \n}, {@code \r}, {@code \t},
     * {@code \e} for the escape that starts a terminal's control sequences, else {@code \u001b}-style), so it
     * stays on one line of a message, a table or a Markdown row and never drives the terminal. Line and paragraph
     * separators count as control characters.
     */
    public static String printable(String text) {
        if (text == null || controlCharacter(text, true) < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!isControl(c)) {
                out.append(c);
                continue;
            }
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\u001b' -> out.append("\\e");
                default -> out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            }
        }
        return out.toString();
    }

    /**
     * The index of the first control character of {@code text} (a line break, an escape code ...), or -1.
     *
     * @param tabToo whether a tab counts
     */
    public static int controlCharacter(String text, boolean tabToo) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isControl(c) && (tabToo || c != '\t')) {
                return i;
            }
        }
        return -1;
    }

    /** What {@link #controlCharacter} finds at {@code index}, named for a message: "a line break", "an escape (ESC)" ... */
    public static String describeControl(String text, int index) {
        char c = text.charAt(index);
        return switch (c) {
            case '\n', '\r', '\u2028', '\u2029', '\u0085' -> "a line break";
            case '\u001b' -> "a terminal escape (ESC)";
            default -> String.format(Locale.ROOT, "the control character U+%04X", (int) c);
        } + " at character " + (index + 1);
    }

    private static boolean isControl(char c) {
        return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
    }

    /** A value for a message: cut to its first characters and its length when it is long. */
    public static String value(String value) {
        if (value == null || value.length() <= VALUE_MAX) {
            return value;
        }
        return value.substring(0, VALUE_MAX - 20) + "… (" + value.length() + " chars)";
    }

    /**
     * A message line: control characters written as escapes ({@link #printable}), every run of more than
     * {@value #RUN_MAX} characters without a space cut like a long value, secrets hidden, and the whole cut
     * when it is longer than {@value #LINE_MAX}.
     */
    public static String line(String message) {
        if (message == null) {
            return null;
        }
        String runsCut = LONG_RUN.matcher(printable(message)).replaceAll(r -> Matcher.quoteReplacement(value(r.group())));
        String hidden = redact(runsCut);
        if (hidden.length() <= LINE_MAX) {
            return hidden;
        }
        return hidden.substring(0, LINE_MAX - 40) + "… (" + hidden.length() + " chars)";
    }

    /**
     * A configuration value with the secrets inside it replaced by {@value #HIDDEN}: the values of
     * secret-looking options ({@code password=}, {@code sslpassword=}, {@code token=}, {@code secret=},
     * {@code apikey=} ...) and the password of {@code user:password@host}, with a scheme in front or without. Every value a result, a
     * report or {@code --print-config} shows passes through here, whatever its key.
     */
    public static String redactValue(String value) {
        if (value == null) {
            return null;
        }
        Matcher m = SECRET_OPTION.matcher(value);
        String out = m.replaceAll(r -> holdsSecret(r.group(1))
                ? Matcher.quoteReplacement(r.group(1) + r.group(2) + HIDDEN) : Matcher.quoteReplacement(r.group()));
        return userPasswords(out);
    }

    /** {@code text} with the passwords of {@code scheme://user:password@} and {@code user:password@} hidden. */
    private static String userPasswords(String text) {
        String out = URL_PASSWORD.matcher(text).replaceAll("$1:" + HIDDEN + "@");
        return USER_PASSWORD.matcher(out).replaceAll("$1:" + HIDDEN + "@");
    }

    /** The text with every secret-looking value and URL password replaced by {@value #HIDDEN}. */
    public static String redact(String text) {
        Matcher m = SECRET_ASSIGNMENT.matcher(text);
        String out = m.replaceAll(r -> holdsSecret(r.group(1))
                ? Matcher.quoteReplacement(r.group(1) + r.group(2) + HIDDEN) : Matcher.quoteReplacement(r.group()));
        return userPasswords(out);
    }
}
