package io.linkbench.store.mysql;

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
import java.util.concurrent.TimeUnit;

/**
 * A connection to the server's Unix domain socket (see {@link UnixSocketFactory}): a non-blocking NIO
 * channel behind the {@link Socket} API Connector/J expects, since Connector/J has no Unix socket of its
 * own. Reads fill a 64 KiB buffer with whatever the server has sent, so one system call usually fetches
 * a whole response, and {@code available()} answers from that buffer (Connector/J asks before every
 * command). A read or write that waits longer than {@link #setSoTimeout} fails with
 * {@link SocketTimeoutException}, as a platform socket's does.
 */
final class UnixSocket extends Socket {
    private static final int READ_BUFFER = 64 * 1024;

    private final SocketChannel channel;
    private final Selector selector;
    private final SelectionKey key;
    private final ByteBuffer received = ByteBuffer.allocateDirect(READ_BUFFER).limit(0);
    private final InputStream input = new Input();
    private final OutputStream output = new Output();
    private volatile int timeoutMs;

    private UnixSocket(SocketChannel channel) throws IOException {
        this.channel = channel;
        channel.configureBlocking(false);
        this.selector = Selector.open();
        this.key = channel.register(selector, 0);
    }

    /** A socket connected to the Unix domain socket at {@code path}. */
    static UnixSocket connect(String path) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            ch.connect(UnixDomainSocketAddress.of(path));
            return new UnixSocket(ch);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
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
                throw new InterruptedIOException("interrupted while waiting for the MySQL server");
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
