package io.linkbench.store.support;

import io.linkbench.config.ConfigException;
import java.util.ArrayList;
import java.util.List;

/**
 * A store's list of servers to spread sessions over, as a user writes it ({@code h1:port,h2:port,...},
 * an IPv6 address in brackets), and the order in which a session tries them: session i starts at
 * server i mod n and, when that one cannot be reached, tries the next ones in turn, so the sessions
 * spread over the servers and a session whose server died continues on the next live one.
 *
 * <pre>{@code
 * List<String> servers = HostList.parse("hosts", "db1:5432,db2:5432");   // ["db1:5432", "db2:5432"]
 * for (int i : HostList.order(sessionId, servers.size())) { ... connect to servers.get(i) ... }
 * }</pre>
 */
public final class HostList {
    private HostList() {
    }

    /**
     * "host:port" of each server in {@code text}.
     *
     * @param key  the key that gave the text, for the message
     * @throws ConfigException naming {@code key} and the part that is not host:port
     */
    public static List<String> parse(String key, String text) {
        List<String> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            int colon = p.lastIndexOf(':');
            if (colon <= 0 || colon == p.length() - 1 || (p.contains(":") && p.indexOf(':') != colon && !p.startsWith("["))) {
                throw new ConfigException(key + ": '" + p + "' is not host:port (an IPv6 address in brackets: [::1]:3306)");
            }
            String host = p.substring(0, colon);
            int port;
            try {
                port = Integer.parseInt(p.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65_535) {
                throw new ConfigException(key + ": the port of '" + p + "' is not 1..65535");
            }
            boolean bracketed = host.startsWith("[") && host.endsWith("]");
            out.add(ConnectionSettings.hostPort(bracketed ? host.substring(1, host.length() - 1) : host, port));
        }
        return List.copyOf(out);
    }

    /** The order in which session {@code home} tries {@code n} servers: home mod n first, then the next ones. */
    public static int[] order(int home, int n) {
        int[] o = new int[n];
        for (int k = 0; k < n; k++) {
            o[k] = Math.floorMod(home + k, n);
        }
        return o;
    }

    /** The host of a "host:port" this class made (brackets of an IPv6 address removed). */
    public static String host(String hostPort) {
        String h = hostPort.substring(0, hostPort.lastIndexOf(':'));
        return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    }

    /** The port of a "host:port" this class made. */
    public static int port(String hostPort) {
        return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    }
}
