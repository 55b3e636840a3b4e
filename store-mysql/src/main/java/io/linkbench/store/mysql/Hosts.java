package io.linkbench.store.mysql;

import io.linkbench.store.support.HostList;
import java.util.List;

/**
 * The servers of key {@value #KEY}: {@code h1:port,h2:port,...} (an IPv6 address in brackets), read
 * and ordered by core's {@link HostList}.
 */
final class Hosts {
    static final String KEY = "hosts";

    private Hosts() {
    }

    /** "host:port" of each server in {@code text}; throws ConfigException naming {@value #KEY}. */
    static List<String> parse(String text) {
        return HostList.parse(KEY, text);
    }

    /** The order in which session {@code home} tries {@code n} servers: home mod n first, then the next ones. */
    static int[] order(int home, int n) {
        return HostList.order(home, n);
    }
}
