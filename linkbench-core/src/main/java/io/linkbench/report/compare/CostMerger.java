package io.linkbench.report.compare;

import io.linkbench.measure.PhaseCost;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The cost of one phase measured by several client hosts at the same time, as if one client had
 * done all the work: the raw totals ({@link PhaseCost#TOTAL_READS reads}, {@code read_kb},
 * {@code write_kb}, host / server / client CPU seconds, host CPU capacity, context switches) are
 * summed over the hosts, and the per-operation figures are recomputed from the sums and the summed
 * operations, never averaged:
 * <ul>
 *   <li>{@code r/op = reads / ops}, {@code rKB/op = read_kb / ops}, {@code wKB/op = write_kb / ops},
 *       {@code cs/op = context_switches / ops}, {@code server_rKB/op = server_read_kb / ops},
 *       {@code server_wKB/op = server_write_kb / ops};</li>
 *   <li>{@code host|server|client_cpu_us/op = <x>_cpu_s * 10^6 / ops};</li>
 *   <li>{@code Mcpu/op = (host_cpu_s / host_cpu_capacity_s * 100) * 10^6 / (ops/s)};</li>
 *   <li>{@code store NAME/op = (summed store counter NAME) / ops};</li>
 *   <li>{@code ops/s} = the summed throughput; {@code server_rss_bytes} and {@code secs} = the largest (a
 *       level, not a counter); {@code dirtyKB/op = dirty_change_kb / ops}, the change summed over the hosts
 *       (each host's own page cache); the hosts' {@code dirty_start_kb} etc. are levels and not merged.</li>
 * </ul>
 * A load split into parts (insert window, post-load steps) is merged part by part by the same rules,
 * each divided by the merged rows; the total's {@code ops/s} is then the sum of the hosts' totals'
 * (rows over the insert window and steps), and a step's {@code Mcpu/op} uses rows over its longest
 * {@code secs}.
 * A total that one host could not measure makes the sum, and what is derived from it, unavailable
 * (NaN), with a line in {@link PhaseCost#unavailable()}; so does a figure with no raw total to sum.
 * Each host's own unavailable lines are kept, prefixed with {@code host <name>: }.
 *
 * <p>When the hosts ran against one shared server, the server's totals ({@code server_cpu_s},
 * {@code server_read_kb}, {@code server_write_kb}) and the store counters (server-wide) were each
 * measured by every host that could see them, over the same window: they are taken once, the largest
 * of the hosts' values, and a host that could not measure them (a client on another host than the
 * server) does not make them unavailable.
 */
final class CostMerger {
    private static final List<String> TOTALS = List.of(PhaseCost.TOTAL_READS, PhaseCost.TOTAL_READ_KB,
            PhaseCost.TOTAL_WRITE_KB, PhaseCost.HOST_CPU_S, PhaseCost.HOST_CPU_CAPACITY_S, PhaseCost.SERVER_CPU_S,
            PhaseCost.CLIENT_CPU_S, PhaseCost.TOTAL_CONTEXT_SWITCHES, PhaseCost.SERVER_READ_KB, PhaseCost.SERVER_WRITE_KB,
            PhaseCost.DIRTY_CHANGE_KB, PhaseCost.OTHERS_CPU_S, PhaseCost.OTHERS_READ_KB, PhaseCost.OTHERS_WRITE_KB);

    private static final List<String> SERVER_TOTALS = List.of(PhaseCost.SERVER_CPU_S, PhaseCost.SERVER_READ_KB,
            PhaseCost.SERVER_WRITE_KB);

    private static final String STORE_PREFIX = "store ";
    private static final String PER_OP = "/op";

    private CostMerger() {
    }

    /**
     * Merges the hosts' costs of one phase.
     *
     * @param costs      one per host, in the order of {@code hosts}
     * @param hosts      the hosts' display names
     * @param operations the merged phase's operations (rows, for a load)
     * @param throughput the merged phase's operations per second (the sum over the hosts)
     * @param counters   the merged phase's store counter deltas (summed over the hosts, or the largest
     *                   with a shared server)
     * @param sharedServer the hosts ran against one server: its totals are taken once, not summed
     */
    static PhaseCost merge(List<PhaseCost> costs, List<String> hosts, long operations, double throughput,
                           Map<String, Long> counters, boolean sharedServer) {
        if (costs.stream().allMatch(c -> c.parts().isEmpty())) {
            return mergeOne(costs, hosts, operations, throughput, throughput, counters, sharedServer);
        }
        // a load split into parts: the total's rows/s is over the insert window and every step
        double rate = sum(costs, hosts, PhaseCost.OPS_PER_S, new ArrayList<>());
        PhaseCost total = mergeOne(costs, hosts, operations, rate, rate, counters, sharedServer);
        Set<String> names = new LinkedHashSet<>();
        costs.forEach(c -> names.addAll(c.parts().keySet()));
        Map<String, PhaseCost> parts = new LinkedHashMap<>();
        for (String name : names) {
            List<PhaseCost> ofPart = costs.stream().map(c -> c.parts().getOrDefault(name, PhaseCost.NONE)).toList();
            double partRate = sum(ofPart, hosts, PhaseCost.OPS_PER_S, new ArrayList<>());
            double seconds = max(ofPart, c -> c.get(PhaseCost.SECONDS));
            parts.put(name, mergeOne(ofPart, hosts, operations, partRate,
                    Double.isFinite(partRate) ? partRate : operations / seconds, partCounters(costs, ofPart, sharedServer),
                    sharedServer));
        }
        return total.withParts(parts);
    }

    /**
     * A part's store counter deltas, summed over the hosts (the largest with a shared server): each host's
     * {@code store NAME/op} times its rows (the total's {@code ops/s} times its {@code secs}).
     */
    private static Map<String, Long> partCounters(List<PhaseCost> totals, List<PhaseCost> parts, boolean sharedServer) {
        Map<String, Long> counters = new LinkedHashMap<>();
        for (int h = 0; h < parts.size(); h++) {
            double rows = Math.round(totals.get(h).get(PhaseCost.OPS_PER_S) * totals.get(h).get(PhaseCost.SECONDS));
            parts.get(h).figures().forEach((name, v) -> {
                if (name.startsWith(STORE_PREFIX) && name.endsWith(PER_OP) && Double.isFinite(v) && rows > 0) {
                    counters.merge(name.substring(STORE_PREFIX.length(), name.length() - PER_OP.length()),
                            Math.round(v * rows), sharedServer ? Math::max : Long::sum);
                }
            });
        }
        return counters;
    }

    /**
     * One cost (a phase, or a part of a load) merged.
     *
     * @param throughput the merged operations per second shown ({@code ops/s})
     * @param mcpuRate   the operations per second {@code Mcpu/op} divides by (a step's: rows / its seconds)
     */
    private static PhaseCost mergeOne(List<PhaseCost> costs, List<String> hosts, long operations, double throughput,
                                      double mcpuRate, Map<String, Long> counters, boolean sharedServer) {
        Set<String> names = new LinkedHashSet<>();
        List<String> unavailable = new ArrayList<>();
        for (int h = 0; h < costs.size(); h++) {
            names.addAll(costs.get(h).figures().keySet());
            for (String u : costs.get(h).unavailable()) {
                unavailable.add("host " + hosts.get(h) + ": " + u);
            }
        }
        Map<String, Double> totals = new LinkedHashMap<>();
        for (String t : TOTALS) {
            totals.put(t, sharedServer && SERVER_TOTALS.contains(t) ? max(costs, c -> c.get(t))
                    : sum(costs, hosts, t, unavailable));
        }
        double ops = operations;
        Map<String, Double> figures = new LinkedHashMap<>();
        for (String name : names) {
            double v = switch (name) {
                case PhaseCost.OPS_PER_S -> throughput;
                case PhaseCost.READS -> totals.get(PhaseCost.TOTAL_READS) / ops;
                case PhaseCost.READ_KB -> totals.get(PhaseCost.TOTAL_READ_KB) / ops;
                case PhaseCost.WRITE_KB -> totals.get(PhaseCost.TOTAL_WRITE_KB) / ops;
                case PhaseCost.HOST_CPU_US -> totals.get(PhaseCost.HOST_CPU_S) * 1e6 / ops;
                case PhaseCost.SERVER_CPU_US -> totals.get(PhaseCost.SERVER_CPU_S) * 1e6 / ops;
                case PhaseCost.CLIENT_CPU_US -> totals.get(PhaseCost.CLIENT_CPU_S) * 1e6 / ops;
                case PhaseCost.MCPU -> totals.get(PhaseCost.HOST_CPU_S) / totals.get(PhaseCost.HOST_CPU_CAPACITY_S)
                        * 100 * 1e6 / mcpuRate;
                case PhaseCost.CONTEXT_SWITCHES -> totals.get(PhaseCost.TOTAL_CONTEXT_SWITCHES) / ops;
                case PhaseCost.SERVER_READ_KB_PER_OP -> totals.get(PhaseCost.SERVER_READ_KB) / ops;
                case PhaseCost.SERVER_WRITE_KB_PER_OP -> totals.get(PhaseCost.SERVER_WRITE_KB) / ops;
                case PhaseCost.SERVER_RSS -> max(costs, c -> c.get(PhaseCost.SERVER_RSS));
                case PhaseCost.SECONDS -> max(costs, c -> c.get(PhaseCost.SECONDS));
                case PhaseCost.DIRTY_KB_PER_OP -> totals.get(PhaseCost.DIRTY_CHANGE_KB) < 0 ? Double.NaN // see CostProbe
                        : totals.get(PhaseCost.DIRTY_CHANGE_KB) / ops;
                case PhaseCost.OTHERS_CPU_US -> totals.get(PhaseCost.OTHERS_CPU_S) * 1e6 / ops;
                case PhaseCost.OTHERS_CPU_PCT -> totals.get(PhaseCost.OTHERS_CPU_S) / totals.get(PhaseCost.HOST_CPU_CAPACITY_S) * 100;
                case PhaseCost.OTHERS_READ_KB_PER_OP -> totals.get(PhaseCost.OTHERS_READ_KB) / ops;
                case PhaseCost.OTHERS_WRITE_KB_PER_OP -> totals.get(PhaseCost.OTHERS_WRITE_KB) / ops;
                default -> totals.containsKey(name) ? totals.get(name) : storeCounterPerOp(name, counters, ops);
            };
            v = Double.isFinite(v) ? v : Double.NaN;
            if (Double.isNaN(v) && !TOTALS.contains(name) && costs.stream().anyMatch(c -> Double.isFinite(c.get(name)))) {
                unavailable.add(name + ": cannot be merged: " + (isDerived(name)
                        ? "a raw total it is computed from is unavailable or there were no operations"
                        : "no raw total or store counter to sum"));
            }
            figures.put(name, v);
        }
        return new PhaseCost(figures, unavailable);
    }

    /** {@code store NAME/op} from the summed counter NAME, else NaN. */
    private static double storeCounterPerOp(String name, Map<String, Long> counters, double ops) {
        if (!name.startsWith(STORE_PREFIX) || !name.endsWith(PER_OP)) {
            return Double.NaN;
        }
        Long total = counters.get(name.substring(STORE_PREFIX.length(), name.length() - PER_OP.length()));
        return total == null ? Double.NaN : total / ops;
    }

    private static boolean isDerived(String name) {
        return List.of(PhaseCost.OPS_PER_S, PhaseCost.READS, PhaseCost.READ_KB, PhaseCost.WRITE_KB,
                PhaseCost.HOST_CPU_US, PhaseCost.SERVER_CPU_US, PhaseCost.CLIENT_CPU_US, PhaseCost.MCPU,
                PhaseCost.CONTEXT_SWITCHES, PhaseCost.SERVER_READ_KB_PER_OP, PhaseCost.SERVER_WRITE_KB_PER_OP,
                PhaseCost.SERVER_RSS, PhaseCost.SECONDS, PhaseCost.DIRTY_KB_PER_OP, PhaseCost.OTHERS_CPU_US,
                PhaseCost.OTHERS_CPU_PCT, PhaseCost.OTHERS_READ_KB_PER_OP, PhaseCost.OTHERS_WRITE_KB_PER_OP).contains(name);
    }

    /** The sum over the hosts, or NaN (with a reason when some host had it) when any host lacks it. */
    private static double sum(List<PhaseCost> costs, List<String> hosts, String total, List<String> unavailable) {
        double sum = 0;
        List<String> missing = new ArrayList<>();
        for (int h = 0; h < costs.size(); h++) {
            double v = costs.get(h).get(total);
            if (Double.isFinite(v)) {
                sum += v;
            } else {
                missing.add(hosts.get(h));
            }
        }
        if (missing.isEmpty()) {
            return sum;
        }
        if (missing.size() < costs.size()) {
            unavailable.add(total + ": not measured on host " + String.join(", ", missing)
                    + ", so the sum over the hosts is unavailable");
        }
        return Double.NaN;
    }

    private static double max(List<PhaseCost> costs, ToDoubleFunction<PhaseCost> f) {
        double max = Double.NaN;
        for (PhaseCost c : costs) {
            double v = f.applyAsDouble(c);
            if (Double.isFinite(v) && (Double.isNaN(max) || v > max)) {
                max = v;
            }
        }
        return max;
    }
}
