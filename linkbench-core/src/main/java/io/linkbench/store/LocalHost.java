package io.linkbench.store;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

/**
 * Whether a server address names this machine: what a store checks before it offers the server's
 * process to the cost probe ({@link StoreMetrics#serverPid()}), since only a local process can be read.
 */
public final class LocalHost {
    private LocalHost() {
    }

    /**
     * True when {@code address} (a host name or IP address, optionally with {@code :port}, IPv6 in
     * brackets when it has a port) is {@code localhost}, a loopback or wildcard address, or an address
     * of one of this machine's interfaces. A name that does not resolve is not local.
     */
    public static boolean isLocal(String address) {
        String h = address;
        if (h.startsWith("[")) {
            h = h.substring(1, Math.max(1, h.indexOf(']')));
        } else if (h.indexOf(':') == h.lastIndexOf(':') && h.contains(":")) {
            h = h.substring(0, h.indexOf(':'));
        }
        if (h.equalsIgnoreCase("localhost")) {
            return true;
        }
        try {
            InetAddress a = InetAddress.getByName(h);
            return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }
}
