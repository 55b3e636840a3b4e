package io.linkbench.store.mongo;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay between the client and a server on this host that can fail like a network or a
 * crashed server does: {@link #cutAll()} resets every open connection, and while {@link #refuse}
 * is on, new connections are closed as soon as they are accepted, and after {@link #failNextCommand()}
 * the next command a client sends (other than the driver's handshake and monitoring) resets its
 * connection before the server sees it. The server itself keeps running with its data, so what a
 * test checks afterwards is what the client made of the failure.
 */
final class FaultProxy implements AutoCloseable {
    private final int upstreamPort;
    private final ServerSocket listener;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fault-proxy");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicLong relayedBytes = new AtomicLong();
    private volatile boolean refusing;
    /** Commands still to fail. */
    private final AtomicInteger failNext = new AtomicInteger();
    /** Commands of the driver's handshake, authentication and monitoring: never the one that fails. */
    private static final Set<String> HANDSHAKE = Set.of("hello", "ismaster", "isMaster", "saslStart",
            "saslContinue", "authenticate", "buildInfo", "buildinfo", "endSessions");
    private static final int OP_MSG = 2013;

    FaultProxy(int upstreamPort) throws IOException {
        this.upstreamPort = upstreamPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.submit(this::acceptLoop);
    }

    int port() {
        return listener.getLocalPort();
    }

    /** Connections relayed so far. */
    int accepted() {
        return accepted.get();
    }

    /** Bytes relayed so far, in both directions. */
    long relayedBytes() {
        return relayedBytes.get();
    }

    /** Closes new connections at once (on) or relays them again (off). */
    void refuse(boolean on) {
        refusing = on;
    }

    /**
     * The next command a client sends (not a handshake or monitoring one) resets its connection, both
     * sides, instead of reaching the server: the call fails as on a lost connection, without a change.
     */
    void failNextCommand() {
        failNextCommands(1);
    }

    /** The next {@code n} commands fail so, one after the other (a call and the driver's own retry of it). */
    void failNextCommands(int n) {
        failNext.set(n);
    }

    /** Resets every open connection, both sides, as a crashed server or a broken network would. */
    void cutAll() {
        for (Socket s : open) {
            reset(s);
        }
        open.clear();
    }

    private Void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                if (refusing) {
                    reset(client);
                    continue;
                }
                Socket server = new Socket(InetAddress.getLoopbackAddress(), upstreamPort);
                open.add(client);
                open.add(server);
                accepted.incrementAndGet();
                threads.submit(() -> pumpRequests(client, server));
                threads.submit(() -> pump(server, client));
            } catch (IOException e) {
                // listener closed, or the upstream refused: the client sees its connection closed
            }
        }
        return null;
    }

    private Void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                relayedBytes.addAndGet(n);
            }
        } catch (IOException e) {
            // cut or closed: close both sides below
        } finally {
            closePair(from, to);
        }
        return null;
    }

    /** Client to server, one wire-protocol message at a time, so that one command can be failed. */
    private Void pumpRequests(Socket from, Socket to) {
        try (DataInputStream in = new DataInputStream(from.getInputStream()); OutputStream out = to.getOutputStream()) {
            byte[] header = new byte[4];
            while (true) {
                in.readFully(header);
                int length = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt();
                if (length < 16 || length > 64 << 20) {
                    break; // not the wire protocol
                }
                byte[] message = new byte[length];
                System.arraycopy(header, 0, message, 0, 4);
                in.readFully(message, 4, length - 4);
                String command = commandName(message);
                if (command != null && !HANDSHAKE.contains(command) && failNext.getAndUpdate(n -> Math.max(n - 1, 0)) > 0) {
                    break; // this command fails: both sides are reset below
                }
                out.write(message);
                relayedBytes.addAndGet(length);
            }
        } catch (IOException e) {
            // cut or closed: close both sides below
        } finally {
            closePair(from, to);
        }
        return null;
    }

    /** The command of an OP_MSG (the first key of its body), or null for other messages. */
    static String commandName(byte[] message) {
        ByteBuffer b = ByteBuffer.wrap(message).order(ByteOrder.LITTLE_ENDIAN);
        if (message.length < 27 || b.getInt(12) != OP_MSG || message[20] != 0) {
            return null;
        }
        int end = 26; // header 16, flags 4, section kind 1, body length 4, first element's type 1
        while (end < message.length && message[end] != 0) {
            end++;
        }
        return new String(message, 26, end - 26, StandardCharsets.UTF_8);
    }

    private void closePair(Socket from, Socket to) {
        reset(from);
        reset(to);
        open.remove(from);
        open.remove(to);
    }

    private static void reset(Socket s) {
        try {
            s.setSoLinger(true, 0); // RST, not FIN: the peer sees "connection reset"
        } catch (SocketException e) {
            // closed already
        }
        try {
            s.close();
        } catch (IOException e) {
            // closed already
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        cutAll();
        threads.shutdownNow();
    }
}
