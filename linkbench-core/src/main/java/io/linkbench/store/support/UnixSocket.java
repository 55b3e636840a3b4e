package io.linkbench.store.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A connection to a database server's Unix domain socket: a non-blocking NIO channel behind the
 * {@link Socket} API that JDBC drivers expect (Connector/J and pgJDBC have no Unix socket of their own
 * without a native library; a store plugs this class in as the driver's socket factory). On one host
 * the socket costs client and server less per round trip than loopback TCP. Reads fill a 64 KiB buffer with whatever the server has sent, so one system call usually fetches
 * a whole response, and {@code available()} answers from that buffer (Connector/J asks before every
 * command). A read or write that waits longer than {@link #setSoTimeout} fails with
 * {@link SocketTimeoutException}, as a platform socket's does. Connecting ignores the host and port a
 * driver gives: the socket goes to its path.
 */
public final class UnixSocket extends Socket {
    private static final int READ_BUFFER = 64 * 1024;

    private final Path path;
    private final SocketChannel channel;
    private final Selector selector;
    private SelectionKey key;
    private final ByteBuffer received = ByteBuffer.allocateDirect(READ_BUFFER).limit(0);
    private final InputStream input = new Input();
    private final OutputStream output = new Output();
    private volatile int timeoutMs;

    private UnixSocket(Path path, SocketChannel channel) throws IOException {
        this.path = path;
        this.channel = channel;
        this.selector = Selector.open();
    }

    /** A socket connected to the Unix domain socket at {@code path}. */
    public static UnixSocket connect(String path) throws IOException {
        UnixSocket s = unconnected(path);
        try {
            s.connect(null, 0);
            return s;
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** A socket for the Unix domain socket at {@code path}, connected by {@link #connect(SocketAddress, int)}. */
    public static UnixSocket unconnected(String path) throws IOException {
        return new UnixSocket(Path.of(path), SocketChannel.open(StandardProtocolFamily.UNIX));
    }

    /** Connects to the socket's path, whatever {@code ignored} says (a driver passes its host and port). */
    @Override
    public void connect(SocketAddress ignored, int timeoutMs) throws IOException {
        channel.configureBlocking(true); // a local connect either succeeds or fails at once
        try {
            channel.connect(UnixDomainSocketAddress.of(path));
        } finally {
            channel.configureBlocking(false);
        }
        key = channel.register(selector, 0);
    }

    @Override
    public void connect(SocketAddress ignored) throws IOException {
        connect(ignored, 0);
    }

    /** Waits until the channel is ready for {@code op}, at most the timeout. */
    private void await(int op, String timeoutMessage) throws IOException {
        try {
            awaitOpen(op, timeoutMessage);
        } catch (ClosedSelectorException | CancelledKeyException e) {
            throw new SocketException("Socket closed");
        }
    }

    private void awaitOpen(int op, String timeoutMessage) throws IOException {
        if (key.interestOps() != op) {
            key.interestOps(op);
        }
        int timeout = timeoutMs;
        long deadline = timeout == 0 ? 0 : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        while (true) {
            int ready;
            if (timeout == 0) {
                ready = selector.select();
            } else {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new SocketTimeoutException(timeoutMessage);
                }
                ready = selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
            if (ready > 0) {
                selector.selectedKeys().clear();
                return;
            }
            if (!channel.isOpen()) {
                throw new SocketException("Socket closed");
            }
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException("interrupted while waiting for the server");
            }
        }
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
            try {
                int n;
                while ((n = channel.read(received)) == 0) {
                    await(SelectionKey.OP_READ, "Read timed out");
                }
                return n > 0;
            } finally {
                received.flip();
            }
        }

        @Override
        public void close() throws IOException {
            UnixSocket.this.close();
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
            while (buf.hasRemaining()) {
                if (channel.write(buf) == 0) {
                    await(SelectionKey.OP_WRITE, "Write timed out");
                }
            }
        }

        @Override
        public void close() throws IOException {
            UnixSocket.this.close();
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
        timeoutMs = timeout;
    }

    @Override
    public int getSoTimeout() {
        return timeoutMs;
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
    public void setReceiveBufferSize(int size) {
        // the kernel's default for a local socket; the read buffer here is 64 KiB
    }

    @Override
    public void setSendBufferSize(int size) {
        // as above
    }

    @Override
    public void setTcpNoDelay(boolean on) {
        // no such option on a Unix domain socket
    }

    @Override
    public void setKeepAlive(boolean on) {
        // no such option on a Unix domain socket
    }

    @Override
    public synchronized void close() throws IOException {
        try {
            channel.close();
        } finally {
            selector.close(); // wakes a thread waiting in await()
            super.close();
        }
    }

    private void ensureOpen() throws SocketException {
        if (!channel.isOpen()) {
            throw new SocketException("Socket is closed");
        }
    }
}
