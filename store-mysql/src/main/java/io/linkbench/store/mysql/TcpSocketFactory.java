package io.linkbench.store.mysql;

import com.mysql.cj.conf.PropertySet;
import com.mysql.cj.protocol.StandardSocketFactory;
import io.linkbench.store.support.ChannelSocket;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;

/**
 * The Connector/J socket factory ({@code socketFactory}) of the store's TCP connections: Connector/J's
 * own factory (host resolution, options, connect timeout, TLS) with core's {@link ChannelSocket} as the
 * raw socket, whose reads block in one system call where the JDK's socket, non-blocking once it has
 * a timeout, fails a read, polls and reads again for each response. A {@code socketFactory} in
 * {@code jdbc_url_options} replaces it.
 */
public final class TcpSocketFactory extends StandardSocketFactory {

    @Override
    protected Socket createSocket(PropertySet props) {
        try {
            return ChannelSocket.tcp();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a TCP channel: " + e.getMessage(), e);
        }
    }
}
