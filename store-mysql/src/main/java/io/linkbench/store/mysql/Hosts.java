package io.linkbench.store.mysql;

import io.linkbench.config.ConfigException;
import io.linkbench.store.support.ConnectionSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * The servers of key {@value #KEY}: {@code h1:port,h2:port,...} (an IPv6 address in brackets). Session
 * i starts at server i mod n and, when that one cannot be reached, tries the next ones in turn, so the
 * sessions spread over the servers and a session whose server died continues on the next live one.
 */
final class Hosts {
    static final String KEY = "hosts";

    private Hosts() {
    }

    /** "host:port" of each server in {@code text}; throws ConfigException naming {@value #KEY}. */
    static List<String> parse(String text) {
        List<String> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            int colon = p.lastIndexOf(':');
            if (colon <= 0 || colon == p.length() - 1 || (p.contains(":") && p.indexOf(':') != colon && !p.startsWith("["))) {
                throw new ConfigException(KEY + ": '" + p + "' is not host:port (an IPv6 address in brackets: [::1]:3306)");
            }
            String host = p.substring(0, colon);
            int port;
            try {
                port = Integer.parseInt(p.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65_535) {
                throw new ConfigException(KEY + ": the port of '" + p + "' is not 1..65535");
            }
            boolean bracketed = host.startsWith("[") && host.endsWith("]");
            out.add(ConnectionSettings.hostPort(bracketed ? host.substring(1, host.length() - 1) : host, port));
        }
        return List.copyOf(out);
    }

    /** The order in which session {@code home} tries {@code n} servers: home mod n first, then the next ones. */
    static int[] order(int home, int n) {
        int[] o = new int[n];
        for (int k = 0; k < n; k++) {
            o[k] = Math.floorMod(home + k, n);
        }
        return o;
    }
}
