package io.linkbench.store.support;

import java.util.Locale;

/**
 * The hint a networked store adds to its one-line "cannot connect" message when the server is absent
 * (connection refused), its name unknown, or the user or password refused: the script that starts a local
 * server and the keys that point elsewhere. A store calls {@link #append} from its connect-failure path:
 * <pre>{@code
 * throw new StoreException(kind, ConnectHint.append("cannot connect to ...: " + why, e,
 *         "bash scripts/start-mariadb.sh", "host, port, socket, user, password_file"), e);
 * }</pre>
 * Other failures (a timeout on a live server, a missing database) get no hint. A message said again (every status
 * line of a phase while a node is down) drops the hint with {@link #withoutHint}: the hint is said once.
 */
public final class ConnectHint {
    private static final String[] ADDRESS = {"connection refused", "connectexception", "unknownhost",
            "name or service not known", "nodename nor servname", "no such host", "temporary failure in name resolution"};
    private static final String[] CREDENTIALS = {"access denied for user", "password authentication failed",
            "authentication failed", "no pg_hba.conf entry", "role \"", "unknown user"};

    /** Where the hint begins in a message. */
    private static final String MARKER = "; a local server: ";

    private ConnectHint() {
    }

    /**
     * {@code message}, followed by the hint when {@code failure} (its causes included) says the server was not
     * there, its host unknown or the credentials refused.
     *
     * @param startScript the command that starts a local server, e.g. {@code bash scripts/start-postgres.sh}
     * @param keys        the keys that point at another server, e.g. {@code host, port, user, password_file}
     */
    public static String append(String message, Throwable failure, String startScript, String keys) {
        return appendRemedy(message, failure, startScript, "set " + keys);
    }

    /**
     * As {@link #append}, for a server that no key names (a sharded cluster's node, which its head knows):
     * {@code elsewhere} says what to do about one that is not local, e.g. "start the head's server backend1".
     */
    public static String appendRemedy(String message, Throwable failure, String startScript, String elsewhere) {
        StringBuilder text = new StringBuilder(message == null ? "" : message);
        for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            text.append(' ').append(t);
        }
        String all = text.toString().toLowerCase(Locale.ROOT);
        if (!containsAny(all, ADDRESS) && !containsAny(all, CREDENTIALS)) {
            return message;
        }
        return message + MARKER + startScript + "; another server: " + elsewhere;
    }

    /** {@code message} without the hint {@link #append} added to it (unchanged when it has none). */
    public static String withoutHint(String message) {
        int at = message.indexOf(MARKER);
        return at < 0 ? message : message.substring(0, at);
    }

    private static boolean containsAny(String text, String[] needles) {
        for (String n : needles) {
            if (text.contains(n)) {
                return true;
            }
        }
        return false;
    }
}
