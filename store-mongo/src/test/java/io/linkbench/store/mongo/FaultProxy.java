package io.linkbench.store.mongo;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay between the client and a server on this host that can fail like a network or a
 * crashed server does: {@link #cutAll()} resets every open connection, and while {@link #refuse}
 * is on, new connections are closed as soon as they are accepted. The server itself keeps running
 * with its data, so what a test checks afterwards is what the client made of the failure.
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
                threads.submit(() -> pump(client, server));
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
            reset(from);
            reset(to);
            open.remove(from);
            open.remove(to);
        }
        return null;
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
