package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.metrics.LiveMetrics;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import picocli.CommandLine.Option;

/**
 * {@code --metrics-port [HOST:]PORT} and {@code --metrics-bind ADDR}: serve the run's live figures to
 * Prometheus ({@link LiveMetrics}), on the loopback address 127.0.0.1 unless an address is given.
 */
final class MetricsOption {
    @Option(names = "--metrics-port", paramLabel = "[HOST:]PORT",
            description = "serve live metrics (Prometheus text) at http://127.0.0.1:PORT/metrics during the run;"
                    + " HOST:PORT (or --metrics-bind) listens on another address, 0.0.0.0 on every one")
    String port;

    @Option(names = "--metrics-bind", paramLabel = "ADDR",
            description = "the address --metrics-port listens on (default: 127.0.0.1, this machine only)")
    String bind;

    /** The endpoint, started, or null when not asked for; a {@link ConfigException} when the address is wrong or taken. */
    LiveMetrics start(PrintStream out) {
        if (port == null) {
            if (bind != null) {
                throw new ConfigException("--metrics-bind " + bind + ": needs --metrics-port");
            }
            return null;
        }
        InetSocketAddress address = address();
        try {
            LiveMetrics m = LiveMetrics.serve(address);
            InetSocketAddress at = m.address();
            String host = at.getAddress().isAnyLocalAddress() ? "HOST" : at.getAddress().getHostAddress();
            out.println("metrics: http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + at.getPort() + "/metrics"
                    + (at.getAddress().isAnyLocalAddress() ? " (every address of this machine)" : ""));
            return m;
        } catch (IOException e) {
            throw new ConfigException("--metrics-port " + port + ": cannot listen (" + e.getMessage() + ")");
        }
    }

    /** Where to listen: the host of {@code HOST:PORT} or {@code --metrics-bind}, else the loopback address. */
    private InetSocketAddress address() {
        int colon = port.lastIndexOf(':');
        String host = colon < 0 ? bind : port.substring(0, colon);
        String number = port.substring(colon + 1);
        if (colon >= 0 && bind != null) {
            throw new ConfigException("--metrics-port " + port + ": give the address either here or in --metrics-bind, not both");
        }
        int p;
        try {
            p = number.matches("[0-9]{1,5}") ? Integer.parseInt(number) : -1;
        } catch (NumberFormatException e) {
            p = -1;
        }
        if (p < 0 || p > 65_535) {
            throw new ConfigException("--metrics-port " + port + ": expected a TCP port, 0 (any free one) to 65535, or HOST:PORT");
        }
        if (host == null) {
            return new InetSocketAddress(InetAddress.getLoopbackAddress(), p);
        }
        String name = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        try {
            if (name.isEmpty()) {
                throw new UnknownHostException("empty");
            }
            return new InetSocketAddress(InetAddress.getByName(name), p);
        } catch (UnknownHostException e) {
            throw new ConfigException((colon >= 0 ? "--metrics-port " + port : "--metrics-bind " + bind)
                    + ": not an address of this machine (expected an IP address or host name, e.g. 127.0.0.1 or 0.0.0.0)");
        }
    }

    /** {@code metrics} as an observer, or none. */
    static PhaseObserver observer(LiveMetrics metrics) {
        return metrics == null ? PhaseObserver.NONE : metrics;
    }
}
