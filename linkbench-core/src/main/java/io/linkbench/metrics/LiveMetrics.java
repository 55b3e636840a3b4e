package io.linkbench.metrics;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalSample;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseObserver;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import org.HdrHistogram.HistogramIterationValue;

/**
 * {@code --metrics-port}: the run's figures in the Prometheus/OpenMetrics text format at
 * {@code http://HOST:PORT/metrics}, updated at every interval ({@code displayfreq}, load
 * {@code progressfreq}): per operation the successful calls, errors and a latency histogram (measured
 * window only, so they add up to {@code result.json}), rows loaded per load step, the phase and loop
 * running, the schedule lag, the host rates of the last interval (the cost probe's), each store counter's
 * change over the last interval and, open loop, the requesters busy at once. Served from a
 * registry of this run's own by {@link MetricsServer}, on the loopback address unless another is asked for.
 */
public final class LiveMetrics implements PhaseObserver, AutoCloseable {
    /** Latency buckets: 10 µs doubling to about 5 s. */
    private static final int BUCKETS = 20;

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter requests = Counter.builder().name("linkbench_requests")
            .help("successful calls per operation in the measured windows (warm-up excluded)").labelNames("op")
            .register(registry);
    private final Counter errors = Counter.builder().name("linkbench_errors")
            .help("failed calls per operation (after retries) in the measured windows").labelNames("op")
            .register(registry);
    private final Histogram latency = Histogram.builder().name("linkbench_latency_seconds")
            .help("latency per operation: response time (from the intended start) open loop, service time closed loop")
            .labelNames("op").classicOnly().classicExponentialUpperBounds(1e-5, 2, BUCKETS).register(registry);
    private final Counter loadRows = Counter.builder().name("linkbench_load_rows")
            .help("rows loaded per load step").labelNames("step").register(registry);
    private final Gauge phase = Gauge.builder().name("linkbench_phase")
            .help("1 for the phase running (load or request), 0 for the other").labelNames("phase").register(registry);
    private final Gauge loop = Gauge.builder().name("linkbench_loop")
            .help("0-based loop or curve step of the request phase running").register(registry);
    private final Gauge lag = Gauge.builder().name("linkbench_schedule_lag_p99_seconds")
            .help("open loop: p99 of the lag behind the arrival schedule in the last interval").register(registry);
    private final Gauge rates = Gauge.builder().name("linkbench_interval_rate")
            .help("host and process rates of the last interval, as the cost probe reads them (cpu_busy_pct, rKB/s, ...)")
            .labelNames("figure").register(registry);
    private final Gauge storeCounters = Gauge.builder().name("linkbench_store_counter_delta")
            .help("each store counter's change over the last interval (InnoDB buffer-pool reads, RocksDB stall micros, ...)")
            .labelNames("counter").register(registry);
    private final Gauge busy = Gauge.builder().name("linkbench_busy_requesters")
            .help("open loop: requesters inside a store call at once in the last interval, mean and max")
            .labelNames("stat").register(registry);
    private final MetricsServer server;

    private LiveMetrics(InetSocketAddress bind) throws IOException {
        server = new MetricsServer(bind, registry);
    }

    /** Starts serving on the loopback address, {@code port} (0: any free port, see {@link #port()}). */
    public static LiveMetrics serve(int port) throws IOException {
        return serve(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    }

    /** Starts serving on {@code bind} (port 0: any free port). */
    public static LiveMetrics serve(InetSocketAddress bind) throws IOException {
        return new LiveMetrics(bind);
    }

    /** The address and port the endpoint listens on. */
    public InetSocketAddress address() {
        return server.address();
    }

    /** The port the endpoint listens on. */
    public int port() {
        return address().getPort();
    }

    @Override
    public void windowStarted(Phase p, int newLoop) {
        for (Phase each : Phase.values()) {
            phase.labelValues(each.label()).set(each == p ? 1 : 0);
        }
        loop.set(newLoop);
    }

    @Override
    public void interval(Phase p, int at, String[] names, IntervalPoint point, IntervalSample sample) {
        for (Map.Entry<String, Double> e : point.rates().entrySet()) {
            String name = e.getKey();
            if (!Double.isFinite(e.getValue())) {
                continue;
            }
            if (name.startsWith(IntervalPoint.STORE_COUNTER_PREFIX)) {
                storeCounters.labelValues(name.substring(IntervalPoint.STORE_COUNTER_PREFIX.length())).set(e.getValue());
            } else if (name.equals(IntervalPoint.BUSY_MEAN)) {
                busy.labelValues("mean").set(e.getValue());
            } else if (name.equals(IntervalPoint.BUSY_MAX)) {
                busy.labelValues("max").set(e.getValue());
            } else {
                rates.labelValues(name).set(e.getValue());
            }
        }
        if (sample.lag() != null && sample.lag().getTotalCount() > 0) {
            lag.set(sample.lag().getValueAtPercentile(99) / 1e9);
        }
        if (p == Phase.LOAD) {
            for (int i = 0; i < names.length; i++) {
                loadRows.labelValues(names[i]).inc(sample.rows()[i]);
            }
            return;
        }
        if (point.warmup()) {
            return; // as in the result: the warm-up is not counted
        }
        for (int i = 0; i < names.length; i++) {
            org.HdrHistogram.Histogram h = sample.response() != null ? sample.response()[i] : sample.service()[i];
            requests.labelValues(names[i]).inc(sample.service()[i].getTotalCount());
            errors.labelValues(names[i]).inc(sample.errors()[i]);
            var dataPoint = latency.labelValues(names[i]);
            for (HistogramIterationValue v : h.recordedValues()) {
                double seconds = v.getValueIteratedTo() / 1e9; // the top of its HdrHistogram bucket
                for (long n = v.getCountAtValueIteratedTo(); n > 0; n--) {
                    dataPoint.observe(seconds);
                }
            }
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
