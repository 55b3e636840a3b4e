package io.linkbench.store.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A connection to a database server, over its Unix domain socket or TCP: a blocking NIO channel behind
 * the {@link Socket} API that JDBC drivers expect (a store plugs this class in as the driver's socket
 * factory). Connector/J and pgJDBC have no Unix socket of their own without a native library, and on
 * one host the Unix socket costs client and server less per round trip than loopback TCP.
 *
 * <p>Every read and write is one blocking system call. A JDK socket with a timeout, and any JDK socket
 * after a timed connect, is non-blocking for the rest of its life, so each response that is not there
 * yet costs it a read that fails, a poll and a second read. Reads fill a 64 KiB buffer with whatever
 * the server has sent, so one system call usually fetches a whole response, and {@code available()}
 * answers from that buffer (Connector/J asks before every command).
 *
 * <p>Timeouts: with {@link #setSoTimeout} above 0, a watchdog thread of this socket (started with the
 * first timed call, asleep until the running call's deadline) closes the socket when one read or write
 * has waited longer than the timeout; the call then fails with {@link SocketTimeoutException}. Unlike a
 * platform socket's, the socket is closed after it: both drivers treat a read timeout as the end of
 * the connection anyway. A TCP connect with a timeout waits on a selector of its own, then turns the
 * channel blocking. A Unix socket's connect ignores the address a driver gives: it goes to its path.
 * Thread-safety as a platform socket: one reader and one writer at a time, {@link #close} from any
 * thread (it ends a blocked call).
 *
 * <pre>{@code
 * Socket s = ChannelSocket.unix("/run/mysqld/mysqld.sock");      // connected
 * Socket t = ChannelSocket.tcp();                                 // a driver connects it:
 * t.connect(new InetSocketAddress("127.0.0.1", 5432), 10_000);
 * }</pre>
 */
public final class ChannelSocket extends Socket {
    private static final int READ_BUFFER = 64 * 1024;

    private final Path path;
    private final SocketChannel channel;
    private final ByteBuffer received = ByteBuffer.allocateDirect(READ_BUFFER).limit(0);
    private final InputStream input = new Input();
    private final OutputStream output = new Output();
    private final SocketWatchdog watchdog;

    private ChannelSocket(Path path, SocketChannel channel) {
        this.path = path;
        this.channel = channel;
        this.watchdog = new SocketWatchdog(channel);
    }

    /** A socket connected to the Unix domain socket at {@code path}. */
    public static ChannelSocket unix(String path) throws IOException {
        ChannelSocket s = unixUnconnected(path);
        try {
            s.connect(null, 0);
            return s;
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** A socket for the Unix domain socket at {@code path}, connected by {@link #connect(SocketAddress, int)}. */
    public static ChannelSocket unixUnconnected(String path) throws IOException {
        return new ChannelSocket(Path.of(path), SocketChannel.open(StandardProtocolFamily.UNIX));
    }

    /** An unconnected TCP socket, connected by {@link #connect(SocketAddress, int)} to an {@link InetSocketAddress}. */
    public static ChannelSocket tcp() throws IOException {
        return new ChannelSocket(null, SocketChannel.open());
    }

    /**
     * Connects: a Unix socket to its path, whatever {@code address} says (a driver passes its host and
     * port); a TCP socket to {@code address}, failing with {@link SocketTimeoutException} after
     * {@code timeoutMs} (0: the system's own limit).
     */
    @Override
    public void connect(SocketAddress address, int timeoutMs) throws IOException {
        if (path != null) {
            channel.connect(UnixDomainSocketAddress.of(path)); // a local connect succeeds or fails at once
        } else if (address instanceof InetSocketAddress a && a.isUnresolved()) {
            throw new UnknownHostException(a.getHostString()); // as a platform socket says it
        } else if (timeoutMs == 0) {
            channel.connect(address);
        } else {
            connectWithin(address, timeoutMs);
        }
    }

    private void connectWithin(SocketAddress address, int timeoutMs) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        channel.configureBlocking(false);
        try (Selector selector = Selector.open()) {
            if (!channel.connect(address)) {
                channel.register(selector, SelectionKey.OP_CONNECT);
                while (!channel.finishConnect()) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        channel.close();
                        throw new SocketTimeoutException("Connect timed out after " + timeoutMs + " ms to " + address);
                    }
                    selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                    selector.selectedKeys().clear();
                }
            }
        } // closing the selector deregisters the channel, which may then block again
        channel.configureBlocking(true);
    }

    @Override
    public void connect(SocketAddress address) throws IOException {
        connect(address, 0);
    }

    private final class Input extends InputStream {
        @Override
        public int read() throws IOException {
            return fill() ? received.get() & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (!fill()) {
                return -1;
            }
            int n = Math.min(len, received.remaining());
            received.get(b, off, n);
            return n;
        }

        @Override
        public int available() {
            return received.remaining();
        }

        /** Makes sure the buffer holds something; false at the end of the stream. */
        private boolean fill() throws IOException {
            if (received.hasRemaining()) {
                return true;
            }
            received.clear();
            watchdog.readSince = watchdog.begin();
            try {
                return channel.read(received) > 0;
            } catch (IOException e) {
                throw watchdog.closedDuring(e, "Read timed out");
            } finally {
                watchdog.readSince = 0;
                received.flip();
            }
        }

        @Override
        public void close() throws IOException {
            ChannelSocket.this.close();
        }
    }

    private final class Output extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            ByteBuffer buf = ByteBuffer.wrap(b, off, len);
            watchdog.writeSince = watchdog.begin();
            try {
                while (buf.hasRemaining()) {
                    channel.write(buf);
                }
            } catch (IOException e) {
                throw watchdog.closedDuring(e, "Write timed out");
            } finally {
                watchdog.writeSince = 0;
            }
        }

        @Override
        public void close() throws IOException {
            ChannelSocket.this.close();
        }
    }

    @Override
    public InputStream getInputStream() throws IOException {
        ensureOpen();
        return input;
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        ensureOpen();
        return output;
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout < 0");
        }
        watchdog.timeoutMs = timeout;
        watchdog.wake();
    }

    @Override
    public int getSoTimeout() {
        return watchdog.timeoutMs;
    }

    @Override
    public boolean isConnected() {
        return channel.isConnected();
    }

    @Override
    public boolean isClosed() {
        return !channel.isOpen();
    }

    @Override
    public void shutdownInput() throws IOException {
        channel.shutdownInput();
    }

    @Override
    public void shutdownOutput() throws IOException {
        channel.shutdownOutput();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        try {
            return channel.getRemoteAddress();
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public boolean isBound() {
        return channel.isConnected();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        try {
            return channel.getLocalAddress();
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public InetAddress getInetAddress() {
        return getRemoteSocketAddress() instanceof InetSocketAddress a ? a.getAddress() : null;
    }

    @Override
    public int getPort() {
        return getRemoteSocketAddress() instanceof InetSocketAddress a ? a.getPort() : 0;
    }

    @Override
    public InetAddress getLocalAddress() {
        return getLocalSocketAddress() instanceof InetSocketAddress a ? a.getAddress() : null;
    }

    @Override
    public int getLocalPort() {
        return getLocalSocketAddress() instanceof InetSocketAddress a ? a.getPort() : -1;
    }

    /** The kernel's buffer on TCP; a Unix socket keeps the kernel's default (the read buffer here is 64 KiB). */
    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        tcpOption(StandardSocketOptions.SO_RCVBUF, size);
    }

    @Override
    public void setSendBufferSize(int size) throws SocketException {
        tcpOption(StandardSocketOptions.SO_SNDBUF, size);
    }

    /** IP_TOS on TCP; no such option on a Unix domain socket. */
    @Override
    public void setTrafficClass(int trafficClass) throws SocketException {
        tcpOption(StandardSocketOptions.IP_TOS, trafficClass);
    }

    /** Binds a TCP socket's local end before it connects. */
    @Override
    public void bind(SocketAddress local) throws IOException {
        if (path == null) {
            channel.bind(local);
        }
    }

    /** TCP_NODELAY on TCP; no such option on a Unix domain socket. */
    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
        tcpOption(StandardSocketOptions.TCP_NODELAY, on);
    }

    @Override
    public boolean getTcpNoDelay() throws SocketException {
        return path == null && Boolean.TRUE.equals(option(StandardSocketOptions.TCP_NODELAY));
    }

    /** SO_KEEPALIVE on TCP; no such option on a Unix domain socket. */
    @Override
    public void setKeepAlive(boolean on) throws SocketException {
        tcpOption(StandardSocketOptions.SO_KEEPALIVE, on);
    }

    @Override
    public boolean getKeepAlive() throws SocketException {
        return path == null && Boolean.TRUE.equals(option(StandardSocketOptions.SO_KEEPALIVE));
    }

    private <T> void tcpOption(SocketOption<T> option, T value) throws SocketException {
        if (path != null) {
            return;
        }
        try {
            channel.setOption(option, value);
        } catch (IOException e) {
            throw new SocketException(option.name() + ": " + e.getMessage());
        }
    }

    private <T> T option(SocketOption<T> option) throws SocketException {
        try {
            return channel.getOption(option);
        } catch (IOException e) {
            throw new SocketException(option.name() + ": " + e.getMessage());
        }
    }

    @Override
    public synchronized void close() throws IOException {
        try {
            channel.close(); // ends a blocked read or write
        } finally {
            watchdog.wake();
            super.close();
        }
    }

    private void ensureOpen() throws SocketException {
        if (!channel.isOpen()) {
            throw new SocketException("Socket is closed");
        }
    }
}
