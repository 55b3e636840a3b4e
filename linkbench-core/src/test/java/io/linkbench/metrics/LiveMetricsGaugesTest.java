package io.linkbench.metrics;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalSample;
import io.linkbench.measure.Phase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The store counters' deltas and the busy requesters of the last interval, as gauges of their own. */
class LiveMetricsGaugesTest {
    @Test
    void storeCountersAndBusyRequestersAreGaugesNotHostRates() throws Exception {
        try (LiveMetrics m = LiveMetrics.serve(0)) {
            Map<String, Double> rates = new LinkedHashMap<>();
            rates.put("cpu_busy_pct", 40.0);
            rates.put(IntervalPoint.STORE_COUNTER_PREFIX + "Innodb_buffer_pool_reads", 1234.0);
            rates.put(IntervalPoint.BUSY_MEAN, 2.5);
            rates.put(IntervalPoint.BUSY_MAX, 4.0);
            IntervalPoint point = new IntervalPoint(1, 1, false, List.of(), 0, rates);
            IntervalSample sample = new IntervalSample(0, 1_000_000_000L, new Histogram[] {new Histogram(3)}, null, null,
                    new long[1], new long[1]);
            m.interval(Phase.REQUEST, 0, new String[] {"GET_NODE"}, point, sample);
            String text = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://localhost:" + m.port() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(text.contains("linkbench_store_counter_delta{counter=\"Innodb_buffer_pool_reads\"} 1234.0"), text);
            assertTrue(text.contains("linkbench_busy_requesters{stat=\"mean\"} 2.5"), text);
            assertTrue(text.contains("linkbench_busy_requesters{stat=\"max\"} 4.0"), text);
            assertTrue(text.contains("linkbench_interval_rate{figure=\"cpu_busy_pct\"} 40.0"), text);
            assertFalse(text.contains("figure=\"store."), "store counters are not host rates");
        }
    }
}
