package io.linkbench.store.postgres;

import io.linkbench.store.support.ChannelSocket;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * The pgJDBC socket factory ({@code socketFactory}) of the store's TCP connections: core's
 * {@link ChannelSocket}, whose reads block in one system call where the JDK's socket, non-blocking
 * after pgJDBC's timed connect, fails a read, polls and reads again for each response. pgJDBC creates
 * the socket unconnected and connects it with its {@code connectTimeout}. A {@code socketFactory} in
 * {@code jdbc_url_options} replaces it (the URL wins over the store's properties).
 */
public final class TcpSocketFactory extends SocketFactory {

    @Override
    public Socket createSocket() throws IOException {
        return ChannelSocket.tcp();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return connected(new InetSocketAddress(address, port));
    }

    private static Socket connected(InetSocketAddress address) throws IOException {
        ChannelSocket s = ChannelSocket.tcp();
        try {
            s.connect(address);
            return s;
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }
}
