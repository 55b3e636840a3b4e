package io.linkbench.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Names what processes other than the database server and linkbench used in a measured window, when
 * it is enough to distort the host-wide columns ({@code Mcpu}, {@code r}, {@code rKB}, {@code wKB}):
 * more than {@value #CPU_PCT_LIMIT}% of the host's CPU, or storage reads or writes of more than
 * {@value #IO_FACTOR} times the server's own (and at least {@value #IO_FLOOR_KB} KB), each process's from its
 * own {@code /proc/PID/io}, like the server's. The figures come
 * from the window's cost ({@link PhaseCost#OTHERS_CPU_S} and friends; {@code metrics.md} gives the
 * formulas).
 */
public final class OtherProcesses {
    /** Percent of the host's CPU capacity that other processes may use without a warning. */
    public static final double CPU_PCT_LIMIT = 5;
    /** Times the server's own device IO that other processes may read or write without a warning. */
    public static final double IO_FACTOR = 2;
    /** KB of other processes' device IO in a window below which it is not worth a warning. */
    public static final double IO_FLOOR_KB = 1024;

    private OtherProcesses() {
    }

    /** The one-line warning for a window's cost, or empty when other processes stayed below the limits. */
    public static Optional<String> warning(PhaseCost c) {
        List<String> found = new ArrayList<>();
        double capacity = c.get(PhaseCost.HOST_CPU_CAPACITY_S);
        double cpuPct = c.get(PhaseCost.OTHERS_CPU_PCT);
        if (cpuPct > CPU_PCT_LIMIT) {
            double client = 100 * c.get(PhaseCost.CLIENT_CPU_S) / capacity;
            found.add(c.unavailable().contains(PhaseCost.EMBEDDED_SERVER)
                    ? String.format(Locale.ROOT, "used %.1f%% of the host's CPU (linkbench with its embedded store %.1f%%)",
                            cpuPct, client)
                    : String.format(Locale.ROOT, "used %.1f%% of the host's CPU (linkbench %.1f%%, server %s)", cpuPct,
                            client, percent(c.get(PhaseCost.SERVER_CPU_S), capacity)));
        }
        io("read from storage", c.get(PhaseCost.OTHERS_READ_KB), c.get(PhaseCost.SERVER_READ_KB), found);
        io("wrote to storage", c.get(PhaseCost.OTHERS_WRITE_KB), c.get(PhaseCost.SERVER_WRITE_KB), found);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("other processes " + String.join(" and ", found)
                + ": the host-wide columns (Mcpu, r, rKB, wKB) include them; the server_ and client_ figures do not");
    }

    private static void io(String verb, double othersKb, double serverKb, List<String> found) {
        if (othersKb >= IO_FLOOR_KB && othersKb > IO_FACTOR * serverKb) {
            found.add(String.format(Locale.ROOT, "%s %,.0f KB (the server %,.0f KB)", verb,
                    othersKb, serverKb));
        }
    }

    private static String percent(double seconds, double capacity) {
        return Double.isFinite(seconds) ? String.format(Locale.ROOT, "%.1f%%", 100 * seconds / capacity) : "not measured";
    }
}
