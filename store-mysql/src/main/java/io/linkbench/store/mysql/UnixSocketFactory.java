package io.linkbench.store.mysql;

import com.mysql.cj.conf.PropertySet;
import com.mysql.cj.protocol.ServerSession;
import com.mysql.cj.protocol.SocketConnection;
import com.mysql.cj.protocol.SocketFactory;
import io.linkbench.store.support.ChannelSocket;
import java.io.Closeable;
import java.io.IOException;

/**
 * The Connector/J socket factory ({@code socketFactory}) of the store's connections when {@code socket}
 * names the server's Unix domain socket: it opens a {@link ChannelSocket} at the path in the connection
 * property {@link #SOCKET_PATH} (Connector/J creates one factory per connection by its class name, so
 * the path travels as a property) and ignores host and port. A local socket needs no TLS, so the store
 * turns it off on these connections; asking for it anyway fails with a clear message.
 */
public final class UnixSocketFactory implements SocketFactory {
    /** Connection property: the path of the server's Unix domain socket. */
    public static final String SOCKET_PATH = "linkbenchUnixSocket";

    @Override
    @SuppressWarnings("unchecked")
    public <T extends Closeable> T connect(String host, int port, PropertySet props, int loginTimeout)
            throws IOException {
        String path = props.exposeAsProperties().getProperty(SOCKET_PATH, "");
        if (path.isEmpty()) {
            throw new IOException("no Unix socket path in connection property " + SOCKET_PATH);
        }
        return (T) ChannelSocket.unix(path);
    }

    @Override
    public <T extends Closeable> T performTlsHandshake(SocketConnection connection, ServerSession session)
            throws IOException {
        throw new IOException("TLS over the Unix socket is not supported (a local socket does not need it):"
                + " remove sslMode from jdbc_url_options, or connect over TCP (empty socket)");
    }
}
