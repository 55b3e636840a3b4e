package io.linkbench.store.support;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The blocking Unix socket: round trips, its timeout watchdog and close from another thread. */
class ChannelSocketTest {
    @TempDir
    Path dir;
    private ServerSocketChannel server;
    private String path;

    @BeforeEach
    void listen() throws IOException {
        path = dir.resolve("s").toString();
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(path));
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    /** Accepts one connection and never answers on it. */
    private CompletableFuture<SocketChannel> silentPeer() {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return server.accept();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Accepts one connection and echoes what it reads until the client closes. */
    private CompletableFuture<Void> echo() {
        return CompletableFuture.runAsync(() -> {
            try (SocketChannel c = server.accept()) {
                ByteBuffer b = ByteBuffer.allocate(1 << 16);
                while (c.read(b) > 0) {
                    b.flip();
                    while (b.hasRemaining()) {
                        c.write(b);
                    }
                    b.clear();
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void aRoundTripReturnsWhatTheServerSentAndAvailableCountsTheRest() throws Exception {
        CompletableFuture<Void> peer = echo();
        try (ChannelSocket s = ChannelSocket.unix(path)) {
            s.setSoTimeout(60_000); // with the watchdog running
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            for (int round = 0; round < 100; round++) {
                byte[] sent = ("request " + round).getBytes();
                out.write(sent);
                byte[] got = new byte[sent.length];
                int n = 0;
                while (n < got.length) {
                    int r = in.read(got, n, 1);
                    assertTrue(r == 1, "one byte at a time");
                    n += r;
                    assertTrue(in.available() <= got.length - n, "available() counts only what was sent");
                }
                assertArrayEquals(sent, got);
            }
        }
        peer.get(60, TimeUnit.SECONDS);
    }

    @Test
    void aReadLongerThanTheTimeoutFailsAsATimeoutAndClosesTheSocket() throws Exception {
        CompletableFuture<SocketChannel> silent = silentPeer();
        try (ChannelSocket s = ChannelSocket.unix(path)) {
            s.setSoTimeout(200);
            assertEquals(200, s.getSoTimeout());
            SocketTimeoutException e = assertThrows(SocketTimeoutException.class, () -> s.getInputStream().read());
            assertTrue(e.getMessage().startsWith("Read timed out"), e.getMessage());
            assertTrue(s.isClosed());
        } finally {
            silent.get(60, TimeUnit.SECONDS).close();
        }
    }

    @Test
    void closeFromAnotherThreadEndsABlockedReadWithoutATimeout() throws Exception {
        CompletableFuture<SocketChannel> silent = silentPeer();
        ChannelSocket s = ChannelSocket.unix(path);
        assertEquals(0, s.getSoTimeout());
        CompletableFuture<Integer> reader = CompletableFuture.supplyAsync(() -> {
            try {
                return s.getInputStream().read();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        silent.get(60, TimeUnit.SECONDS).close(); // the server's end stays silent, then goes
        // the server closed its end: the read ends with the end of the stream, not a timeout
        assertEquals(-1, reader.get(60, TimeUnit.SECONDS));
        s.close();
        assertTrue(s.isClosed());
        assertThrows(IOException.class, () -> s.getInputStream());
    }

    @Test
    void closingTheClientEndsItsOwnBlockedRead() throws Exception {
        CompletableFuture<SocketChannel> silent = silentPeer();
        ChannelSocket s = ChannelSocket.unix(path);
        InputStream in = s.getInputStream();
        CompletableFuture<Integer> reader = CompletableFuture.supplyAsync(() -> {
            try {
                return in.read();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        s.close(); // before or during the read: either way it ends with an IOException
        ExecutionException e = assertThrows(ExecutionException.class, () -> reader.get(60, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertInstanceOf(IOException.class, e.getCause().getCause());
        assertFalse(e.getCause().getCause() instanceof SocketTimeoutException, "no timeout was set");
        silent.get(60, TimeUnit.SECONDS).close();
    }

    @Test
    void overTcpItConnectsWithinItsTimeoutSetsOptionsAndRoundTrips() throws Exception {
        try (ServerSocketChannel tcp = ServerSocketChannel.open()) {
            tcp.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            CompletableFuture<Void> peer = CompletableFuture.runAsync(() -> {
                try (SocketChannel c = tcp.accept()) {
                    ByteBuffer b = ByteBuffer.allocate(16);
                    while (c.read(b) > 0) {
                        b.flip();
                        c.write(b);
                        b.clear();
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            try (ChannelSocket s = ChannelSocket.tcp()) {
                s.connect(tcp.getLocalAddress(), 60_000);
                s.setTcpNoDelay(true);
                s.setKeepAlive(true);
                assertTrue(s.getTcpNoDelay());
                assertTrue(s.getKeepAlive());
                assertEquals(((InetSocketAddress) tcp.getLocalAddress()).getPort(), s.getPort());
                s.setSoTimeout(60_000);
                s.getOutputStream().write(42);
                assertEquals(42, s.getInputStream().read());
            }
            peer.get(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void aRefusedTcpConnectFailsAtOnce() throws Exception {
        InetSocketAddress closed;
        try (ServerSocketChannel tcp = ServerSocketChannel.open()) {
            tcp.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            closed = (InetSocketAddress) tcp.getLocalAddress();
        }
        try (ChannelSocket s = ChannelSocket.tcp()) {
            assertThrows(ConnectException.class, () -> s.connect(closed, 60_000));
        }
        try (ChannelSocket s = ChannelSocket.tcp()) {
            assertThrows(UnknownHostException.class,
                    () -> s.connect(InetSocketAddress.createUnresolved("nosuchhost.invalid", 5432), 60_000));
        }
    }

    /** Both drivers layer TLS over the raw socket (SSLSocketFactory.createSocket(socket, ...)). */
    @Test
    void tlsLayersOverATcpChannel() throws Exception {
        Path keystore = dir.resolve("server.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(keytool, "-genkeypair", "-keyalg", "RSA", "-keysize", "2048", "-alias", "s",
                "-dname", "CN=localhost", "-validity", "2", "-storetype", "PKCS12", "-keystore", keystore.toString(),
                "-storepass", "changeit", "-keypass", "changeit").redirectErrorStream(true).start();
        p.getInputStream().transferTo(OutputStream.nullOutputStream());
        assertEquals(0, p.waitFor(), "keytool");
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = java.nio.file.Files.newInputStream(keystore)) {
            ks.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "changeit".toCharArray());
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        try (SSLServerSocket server = (SSLServerSocket) tls.getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> peer = CompletableFuture.runAsync(() -> {
                try (Socket c = server.accept()) {
                    int b = c.getInputStream().read();
                    c.getOutputStream().write(b + 1);
                    c.getOutputStream().flush();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            ChannelSocket raw = ChannelSocket.tcp();
            raw.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 60_000);
            raw.setSoTimeout(60_000);
            try (SSLSocket s = (SSLSocket) tls.getSocketFactory().createSocket(raw, "localhost",
                    server.getLocalPort(), true)) {
                s.startHandshake();
                s.getOutputStream().write(41);
                s.getOutputStream().flush();
                assertEquals(42, s.getInputStream().read());
            }
            peer.get(60, TimeUnit.SECONDS);
            assertTrue(raw.isClosed(), "closing the TLS socket closes the channel under it");
        }
    }
}
