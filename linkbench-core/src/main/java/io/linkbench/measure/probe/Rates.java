package io.linkbench.measure.probe;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Host and process counters per second over an interval; NaN when unavailable (see
 * {@link ProbeDelta#unavailable()}).
 *
 * @param seconds                  length of the interval
 * @param readsPerSecond           disk reads completed per second
 * @param readKbPerSecond          KiB read from the devices per second
 * @param writeKbPerSecond         KiB written to the devices per second
 * @param hostCpuBusyPct           host CPU busy, percent of all CPUs (0 to 100)
 * @param serverCpuCores           server process CPU seconds per second (1.0 = one core busy)
 * @param clientCpuCores           linkbench process CPU seconds per second
 * @param contextSwitchesPerSecond host context switches per second
 */
public record Rates(double seconds, double readsPerSecond, double readKbPerSecond, double writeKbPerSecond,
                    double hostCpuBusyPct, double serverCpuCores, double clientCpuCores,
                    double contextSwitchesPerSecond) {

    /** The rates by column name, in display order: {@code r/s rKB/s wKB/s cpu_busy_pct cores server cores client cs/s}. */
    public Map<String, Double> asMap() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("r/s", readsPerSecond);
        m.put("rKB/s", readKbPerSecond);
        m.put("wKB/s", writeKbPerSecond);
        m.put("cpu_busy_pct", hostCpuBusyPct);
        m.put("cores server", serverCpuCores);
        m.put("cores client", clientCpuCores);
        m.put("cs/s", contextSwitchesPerSecond);
        return m;
    }
}
