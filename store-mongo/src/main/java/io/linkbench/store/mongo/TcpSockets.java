package io.linkbench.store.mongo;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The TCP sockets of this host's network namespace as {@code /proc/net/tcp} and {@code /proc/net/tcp6} list
 * them: one line per socket, {@code sl local_address rem_address st ... inode ...}, each address the hex of
 * its bytes in 32-bit words printed in the host's byte order, then {@code :} and the port in hex.
 *
 * <pre>{@code
 * //   1: 0100007F:2814 00000000:0000 0A 00000000:00000000 00:00000000 00000000  0  0 26034 1 ...
 * List<TcpSockets.Socket> s = TcpSockets.parse(text, ByteOrder.LITTLE_ENDIAN);
 * s.get(0).local(); // 127.0.0.1:10260, s.get(0).isListening(), s.get(0).inode() == 26034
 * }</pre>
 */
final class TcpSockets {
    /** {@code st} of a socket that has a peer, and of one that accepts connections. */
    static final int ESTABLISHED = 0x01;
    static final int LISTEN = 0x0A;

    private TcpSockets() {
    }

    /** An address and port; an IPv4-mapped IPv6 address is its IPv4 address. */
    record Endpoint(InetAddress address, int port) {
        /** {@code 127.0.0.1:5442}, {@code [::1]:5442}. */
        @Override
        public String toString() {
            String a = address.getHostAddress();
            return (address instanceof Inet6Address ? "[" + a + "]" : a) + ":" + port;
        }
    }

    /** One socket: its two ends ({@code remote} is 0.0.0.0:0 for a listener), its state and inode. */
    record Socket(Endpoint local, Endpoint remote, int state, long inode) {
        boolean isListening() {
            return state == LISTEN;
        }

        boolean isEstablished() {
            return state == ESTABLISHED;
        }
    }

    /**
     * The sockets of one such file's text, read on a host of byte order {@code order}
     * ({@link ByteOrder#nativeOrder()}); the header and lines not in that form are left out.
     */
    static List<Socket> parse(String text, ByteOrder order) {
        List<Socket> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 10 || !f[0].endsWith(":")) {
                continue; // the header, or a line cut short
            }
            try {
                out.add(new Socket(endpoint(f[1], order), endpoint(f[2], order), Integer.parseInt(f[3], 16),
                        Long.parseLong(f[9])));
            } catch (IllegalArgumentException | UnknownHostException e) {
                // not a socket line
            }
        }
        return out;
    }

    /** {@code 0100007F:2814} -> 127.0.0.1:10260 (on a little-endian host). */
    static Endpoint endpoint(String hex, ByteOrder order) throws UnknownHostException {
        int colon = hex.indexOf(':');
        String address = hex.substring(0, colon);
        if (address.length() != 8 && address.length() != 32) {
            throw new IllegalArgumentException("an address of " + address.length() + " hex digits: " + hex);
        }
        ByteBuffer bytes = ByteBuffer.allocate(address.length() / 2).order(order);
        for (int i = 0; i < address.length(); i += 8) {
            bytes.putInt((int) Long.parseLong(address.substring(i, i + 8), 16));
        }
        int port = Integer.parseInt(hex.substring(colon + 1), 16);
        return new Endpoint(InetAddress.getByAddress(bytes.array()), port); // mapped IPv6 comes back as IPv4
    }
}
