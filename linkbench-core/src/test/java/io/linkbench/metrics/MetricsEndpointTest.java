package io.linkbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The metrics endpoint: private by default, and still answering scrapes beside many idle connections. */
class MetricsEndpointTest {
    private static final int DEADLINE_MS = 5_000;

    /** One GET of {@code path} with a read deadline; the whole response. */
    static String get(InetAddress host, int port, String path) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), DEADLINE_MS);
            s.setSoTimeout(DEADLINE_MS);
            OutputStream o = s.getOutputStream();
            o.write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            o.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A non-loopback IPv4 address of this machine, if it has one. */
    private static Optional<InetAddress> externalAddress() throws IOException {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nic.isUp() || nic.isLoopback()) {
                continue;
            }
            for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                if (a instanceof Inet4Address && !a.isLoopbackAddress()) {
                    return Optional.of(a);
                }
            }
        }
        return Optional.empty();
    }

    @Test
    void byDefaultItListensOnTheLoopbackAddressOnly() throws Exception {
        try (LiveMetrics live = LiveMetrics.serve(0)) {
            assertEquals(InetAddress.getLoopbackAddress(), live.address().getAddress());
            assertTrue(get(InetAddress.getLoopbackAddress(), live.port(), "/metrics").startsWith("HTTP/1.1 200"));
            Optional<InetAddress> external = externalAddress();
            assumeTrue(external.isPresent(), "this machine has no non-loopback address to try");
            assertThrows(IOException.class, () -> get(external.get(), live.port(), "/metrics"),
                    "reachable from " + external.get());
        }
    }

    @Test
    void anAddressAskedForIsTheOneItListensOn() throws Exception {
        Optional<InetAddress> external = externalAddress();
        assumeTrue(external.isPresent(), "this machine has no non-loopback address to try");
        try (LiveMetrics live = LiveMetrics.serve(new InetSocketAddress(external.get(), 0))) {
            assertEquals(external.get(), live.address().getAddress());
            assertTrue(get(external.get(), live.port(), "/metrics").startsWith("HTTP/1.1 200"));
        }
    }

    @Test
    void scrapesAreAnsweredWhileAHundredIdleConnectionsAreOpen() throws Exception {
        List<Socket> idle = new ArrayList<>();
        try (LiveMetrics live = LiveMetrics.serve(0)) {
            live.windowStarted(io.linkbench.measure.Phase.LOAD, 0);
            try {
                for (int i = 0; i < 100; i++) {
                    Socket s = new Socket();
                    s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), live.port()), DEADLINE_MS);
                    idle.add(s);
                    if (i % 2 == 0) { // half of them start a request and never finish it
                        s.getOutputStream().write("GET /metrics HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
                        s.getOutputStream().flush();
                    }
                }
                long start = System.nanoTime();
                String r;
                try {
                    r = get(InetAddress.getLoopbackAddress(), live.port(), "/metrics");
                } catch (SocketTimeoutException e) {
                    throw new AssertionError("no answer within " + DEADLINE_MS + " ms beside 100 idle connections", e);
                }
                assertTrue(r.startsWith("HTTP/1.1 200"), r);
                assertTrue(r.contains("linkbench_phase{phase=\"load\"} 1"), r);
                long ms = (System.nanoTime() - start) / 1_000_000;
                System.out.println("scrape beside 100 idle connections: " + ms + " ms");
                assertTrue(ms < DEADLINE_MS, ms + " ms");
            } finally {
                for (Socket s : idle) {
                    s.close();
                }
            }
        }
    }

    /**
     * 515 connections (more than the server keeps) that each send one byte of a request and then one more byte every
     * second, well inside any idle time: scrapes are still answered, and every trickling connection is closed by the
     * server a few seconds after it connected, however it keeps sending.
     */
    @Test
    void connectionsTricklingARequestDoNotBlockScrapesAndAreClosed() throws Exception {
        int n = MetricsServer.MAX_CONNECTIONS + 3;
        List<SocketChannel> slow = new ArrayList<>();
        try (LiveMetrics live = LiveMetrics.serve(0)) {
            InetSocketAddress at = new InetSocketAddress(InetAddress.getLoopbackAddress(), live.port());
            try {
                for (int i = 0; i < n; i++) {
                    SocketChannel c = SocketChannel.open(at);
                    c.configureBlocking(false);
                    c.write(ByteBuffer.wrap(new byte[] {'G'}));
                    slow.add(c);
                }
                String r;
                try {
                    r = get(InetAddress.getLoopbackAddress(), live.port(), "/metrics");
                } catch (IOException e) {
                    throw new AssertionError("no scrape beside " + n + " trickling connections", e);
                }
                assertTrue(r.startsWith("HTTP/1.1 200"), r);
                long deadline = System.nanoTime() + 120_000_000_000L; // closed after 5 s: two minutes on a busy machine
                int open = n;
                while (open > 0) {
                    assertTrue(System.nanoTime() < deadline, open + " of " + n + " trickling connections still open");
                    open = 0;
                    for (SocketChannel c : slow) {
                        if (c.isOpen() && !closedByServer(c)) {
                            open++;
                        }
                    }
                    Thread.sleep(1000); // the next byte of each: faster than any idle time
                }
                assertTrue(get(InetAddress.getLoopbackAddress(), live.port(), "/metrics").startsWith("HTTP/1.1 200"));
            } finally {
                for (SocketChannel c : slow) {
                    c.close();
                }
            }
        }
    }

    /** Sends one more byte and reads what is there: true (and closes our end) once the server has closed its end. */
    private static boolean closedByServer(SocketChannel c) throws IOException {
        try {
            c.write(ByteBuffer.wrap(new byte[] {'E'}));
            if (c.read(ByteBuffer.allocate(64)) < 0) {
                c.close();
                return true;
            }
            return false;
        } catch (IOException reset) { // the server closed with our bytes unread: a reset
            c.close();
            return true;
        }
    }

    @Test
    void otherPathsAndMethodsAreRefused() throws Exception {
        try (LiveMetrics live = LiveMetrics.serve(0)) {
            assertTrue(get(InetAddress.getLoopbackAddress(), live.port(), "/secret").startsWith("HTTP/1.1 404"));
        }
    }
}
