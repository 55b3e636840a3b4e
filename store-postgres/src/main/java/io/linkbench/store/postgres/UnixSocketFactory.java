package io.linkbench.store.postgres;

import io.linkbench.store.support.ChannelSocket;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * The pgJDBC socket factory ({@code socketFactory}) of the store's connections when {@code socket}
 * names the server's Unix socket: pgJDBC creates it with the socket's path ({@code socketFactoryArg})
 * and connects the socket it returns, whose connect goes to that path whatever host and port pgJDBC
 * gives. Core's {@link ChannelSocket} needs no native library (JDK 16+ Unix domain channels).
 */
public final class UnixSocketFactory extends SocketFactory {
    private final String path;

    /** @param path the server's socket file, e.g. /var/run/postgresql/.s.PGSQL.5432 */
    public UnixSocketFactory(String path) {
        this.path = path;
    }

    @Override
    public Socket createSocket() throws IOException {
        return ChannelSocket.unixUnconnected(path);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return ChannelSocket.unix(path);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return ChannelSocket.unix(path);
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return ChannelSocket.unix(path);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return ChannelSocket.unix(path);
    }
}
