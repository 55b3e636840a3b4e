package io.linkbench.metrics;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * A minimal HTTP/1.1 server for {@code GET /metrics}, on one thread that never blocks on a client: it
 * reads requests and writes answers without blocking and closes a connection after its answer. A
 * connection that has not sent its whole request {@link #REQUEST_TIMEOUT_MS} after it was accepted is
 * closed, however it trickles bytes, and so is one whose answer is not taken within
 * {@link #ANSWER_TIMEOUT_MS}. At {@link #MAX_CONNECTIONS} open connections a new one takes the place of
 * the one that has waited longest for its request. So idle or slow clients, however many, cannot stop
 * it answering scrapes (the Prometheus client's server hands every new connection to a worker thread
 * that waits for its request, and stops answering when its few threads wait on idle clients).
 */
final class MetricsServer implements AutoCloseable {
    /** A connection that has not sent its whole request this long after it was accepted is closed. */
    static final long REQUEST_TIMEOUT_MS = 5_000;
    /** A connection that has not taken its whole answer this long after its request is closed. */
    static final long ANSWER_TIMEOUT_MS = 10_000;
    /** Open connections at most; beyond, the one waiting longest for its request is closed. */
    static final int MAX_CONNECTIONS = 512;
    /** The longest request head accepted (request line and headers). */
    private static final int MAX_REQUEST = 8192;

    private final PrometheusRegistry registry;
    private final ServerSocketChannel listener;
    private final Selector selector;
    private final Thread thread;
    private volatile boolean closed;

    /** One connection: the request read so far, then the answer left to write, and when it must be done. */
    private static final class Connection {
        final ByteBuffer request = ByteBuffer.allocate(MAX_REQUEST);
        final long accepted = System.nanoTime();
        ByteBuffer answer;
        long deadline = accepted + REQUEST_TIMEOUT_MS * 1_000_000;

        void answer(ByteBuffer answer) {
            this.answer = answer;
            deadline = System.nanoTime() + ANSWER_TIMEOUT_MS * 1_000_000;
        }
    }

    MetricsServer(InetSocketAddress bind, PrometheusRegistry registry) throws IOException {
        this.registry = registry;
        this.selector = Selector.open();
        this.listener = ServerSocketChannel.open();
        try {
            listener.bind(bind, 64);
            listener.configureBlocking(false);
            listener.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            listener.close();
            selector.close();
            throw e;
        }
        thread = new Thread(this::serve, "linkbench-metrics");
        thread.setDaemon(true);
        thread.start();
    }

    /** The address and port listened on. */
    InetSocketAddress address() {
        try {
            return (InetSocketAddress) listener.getLocalAddress();
        } catch (IOException e) {
            throw new IllegalStateException("metrics endpoint closed", e);
        }
    }

    private void serve() {
        while (!closed) {
            try {
                selector.select(1000);
                for (SelectionKey key : selector.selectedKeys()) {
                    handle(key);
                }
                selector.selectedKeys().clear();
                closeLate();
            } catch (IOException | RuntimeException e) {
                if (closed) {
                    return;
                }
                // one client's failure must not end the endpoint: go on with the others
            }
        }
    }

    private void handle(SelectionKey key) throws IOException {
        if (!key.isValid()) {
            return;
        }
        if (key.isAcceptable()) {
            SocketChannel c = listener.accept();
            if (c == null) {
                return;
            }
            if (selector.keys().size() > MAX_CONNECTIONS && !closeLongestWaiting()) { // the listener's key counts too
                c.close();
                return;
            }
            c.configureBlocking(false);
            c.register(selector, SelectionKey.OP_READ, new Connection());
            return;
        }
        SocketChannel c = (SocketChannel) key.channel();
        Connection conn = (Connection) key.attachment();
        try {
            if (key.isReadable()) {
                read(key, c, conn);
            } else if (key.isWritable()) {
                write(key, c, conn);
            }
        } catch (IOException e) {
            key.cancel();
            c.close();
        }
    }

    private void read(SelectionKey key, SocketChannel c, Connection conn) throws IOException {
        int n = c.read(conn.request);
        if (n < 0) {
            key.cancel();
            c.close();
            return;
        }
        String head = new String(conn.request.array(), 0, conn.request.position(), StandardCharsets.ISO_8859_1);
        if (!head.contains("\r\n\r\n") && !head.contains("\n\n")) {
            if (!conn.request.hasRemaining()) {
                conn.answer(answer("431 Request Header Fields Too Large", "text/plain", "request too long\n".getBytes()));
                key.interestOps(SelectionKey.OP_WRITE);
            }
            return;
        }
        conn.answer(respond(head.substring(0, Math.max(0, head.indexOf('\n'))).trim()));
        key.interestOps(SelectionKey.OP_WRITE);
        write(key, c, conn);
    }

    private void write(SelectionKey key, SocketChannel c, Connection conn) throws IOException {
        c.write(conn.answer);
        if (!conn.answer.hasRemaining()) {
            key.cancel();
            c.close();
        }
    }

    /** The answer to a request line: the metrics for {@code GET /metrics}, an error otherwise. */
    private ByteBuffer respond(String requestLine) throws IOException {
        String[] parts = requestLine.split(" ");
        if (parts.length < 2) {
            return answer("400 Bad Request", "text/plain", "bad request\n".getBytes());
        }
        if (!parts[0].equals("GET")) {
            return answer("405 Method Not Allowed", "text/plain", "only GET\n".getBytes());
        }
        String path = parts[1].contains("?") ? parts[1].substring(0, parts[1].indexOf('?')) : parts[1];
        if (!path.equals("/metrics")) {
            return answer("404 Not Found", "text/plain", "only /metrics\n".getBytes());
        }
        PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        writer.write(body, registry.scrape());
        return answer("200 OK", writer.getContentType(), body.toByteArray());
    }

    private static ByteBuffer answer(String status, String contentType, byte[] body) {
        byte[] headers = ("HTTP/1.1 " + status + "\r\nContent-Type: " + contentType + "\r\nContent-Length: " + body.length
                + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        ByteBuffer b = ByteBuffer.allocate(headers.length + body.length);
        b.put(headers).put(body).flip();
        return b;
    }

    /** Closes every connection past its deadline: its request not whole in time, or its answer not taken. */
    private void closeLate() throws IOException {
        long now = System.nanoTime();
        for (SelectionKey key : selector.keys()) {
            if (key.attachment() instanceof Connection conn && now - conn.deadline > 0) {
                key.cancel();
                key.channel().close();
            }
        }
    }

    /** Closes the connection that has waited longest for its request; false when every one is being answered. */
    private boolean closeLongestWaiting() throws IOException {
        SelectionKey oldest = null;
        for (SelectionKey key : selector.keys()) {
            if (key.isValid() && key.attachment() instanceof Connection conn && conn.answer == null && (oldest == null
                    || conn.accepted - ((Connection) oldest.attachment()).accepted < 0)) {
                oldest = key;
            }
        }
        if (oldest == null) {
            return false;
        }
        oldest.cancel();
        oldest.channel().close();
        return true;
    }

    @Override
    public void close() {
        closed = true;
        selector.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            for (SelectionKey key : selector.keys()) {
                key.channel().close();
            }
            selector.close();
            listener.close();
        } catch (IOException e) {
            // closing: nothing left to serve
        }
    }
}
