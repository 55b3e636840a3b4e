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
 * Other failures (a timeout on a live server, a missing database) get no hint.
 */
public final class ConnectHint {
    private static final String[] ADDRESS = {"connection refused", "connectexception", "unknownhost",
            "name or service not known", "nodename nor servname", "no such host", "temporary failure in name resolution"};
    private static final String[] CREDENTIALS = {"access denied for user", "password authentication failed",
            "authentication failed", "no pg_hba.conf entry", "role \"", "unknown user"};

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
        StringBuilder text = new StringBuilder(message == null ? "" : message);
        for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            text.append(' ').append(t);
        }
        String all = text.toString().toLowerCase(Locale.ROOT);
        if (!containsAny(all, ADDRESS) && !containsAny(all, CREDENTIALS)) {
            return message;
        }
        return message + "; a local server: " + startScript + "; another server: set " + keys;
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
