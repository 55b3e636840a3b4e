package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.metrics.LiveMetrics;
import java.io.IOException;
import java.io.PrintStream;
import picocli.CommandLine.Option;

/** {@code --metrics-port}: serve the run's live figures to Prometheus ({@link LiveMetrics}). */
final class MetricsOption {
    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "serve live metrics (Prometheus/OpenMetrics text) at http://HOST:PORT/metrics during the run")
    Integer port;

    /** The endpoint, started, or null when not asked for; a {@link ConfigException} when the port is wrong or taken. */
    LiveMetrics start(PrintStream out) {
        if (port == null) {
            return null;
        }
        if (port < 0 || port > 65_535) {
            throw new ConfigException("--metrics-port " + port + ": expected a TCP port, 0 (any free one) to 65535");
        }
        try {
            LiveMetrics m = LiveMetrics.serve(port);
            out.println("metrics: http://localhost:" + m.port() + "/metrics");
            return m;
        } catch (IOException e) {
            throw new ConfigException("--metrics-port " + port + ": cannot listen (" + e.getMessage() + ")");
        }
    }

    /** {@code metrics} as an observer, or none. */
    static PhaseObserver observer(LiveMetrics metrics) {
        return metrics == null ? PhaseObserver.NONE : metrics;
    }
}
