package io.linkbench.measure.probe;

import io.linkbench.measure.probe.ProbeSnapshot.ServerReading;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What one server process (a node of a cluster), with its descendants, did between two
 * {@link ProbeSnapshot}s. Each counter is empty when it could not be measured over the whole interval (the
 * node is not on this host, its process was replaced or unreadable), and {@link #unavailable()} then says
 * why, each line starting with what it concerns ({@code process:}, {@code CPU:}, {@code IO:}, {@code RSS:}).
 *
 * @param name        the node's name
 * @param cpuNanos    user+system CPU, ns
 * @param readBytes   bytes it caused to be read from storage ({@code /proc/PID/io})
 * @param writeBytes  bytes it caused to be written to storage
 * @param rssKb       resident set size at the end, KiB (a level, not a difference)
 * @param unavailable one line per counter that could not be measured
 */
public record NodeDelta(String name, OptionalLong cpuNanos, OptionalLong readBytes, OptionalLong writeBytes,
                        OptionalLong rssKb, List<String> unavailable) {
    private static final OptionalLong NONE = OptionalLong.empty();

    public NodeDelta {
        Objects.requireNonNull(name, "name");
        for (OptionalLong o : new OptionalLong[] {cpuNanos, readBytes, writeBytes, rssKb}) {
            Objects.requireNonNull(o);
        }
        unavailable = List.copyOf(unavailable);
    }

    /** The differences of one node from {@code start} to {@code end}, CPU ticks at {@code hz} per second. */
    static NodeDelta between(ServerReading start, ServerReading end, long hz) {
        List<String> why = new ArrayList<>();
        String problem = comparable(start, end);
        if (problem != null) {
            why.add("process: " + problem);
            return new NodeDelta(start.name(), NONE, NONE, NONE, NONE, why);
        }
        ProcessStat a = start.stat().orElseThrow();
        ProcessStat b = end.stat().orElseThrow();
        OptionalLong cpu = ProbeDelta.ticksDelta("CPU", a, b, hz, why);
        OptionalLong read = NONE;
        OptionalLong write = NONE;
        if (a.readBytes().isPresent() && a.writeBytes().isPresent() && b.readBytes().isPresent()
                && b.writeBytes().isPresent()) {
            String back = ProbeDelta.first(
                    ProbeDelta.backwards("read_bytes", a.readBytes().getAsLong(), b.readBytes().getAsLong()),
                    ProbeDelta.backwards("write_bytes", a.writeBytes().getAsLong(), b.writeBytes().getAsLong()));
            if (back != null) {
                why.add("IO: " + back);
            } else {
                read = OptionalLong.of(b.readBytes().getAsLong() - a.readBytes().getAsLong());
                write = OptionalLong.of(b.writeBytes().getAsLong() - a.writeBytes().getAsLong());
            }
        } else {
            why.add("IO: /proc/" + a.pid() + "/io not readable (another user's process, or a kernel without task IO"
                    + " accounting)");
        }
        if (b.rssKb().isEmpty()) {
            why.add("RSS: no VmRSS in /proc/" + b.pid() + "/status");
        }
        return new NodeDelta(start.name(), cpu, read, write, b.rssKb(), why);
    }

    /** Why the node's readings cannot be compared (missing at either end, another process), or null. */
    private static String comparable(ServerReading start, ServerReading end) {
        if (start.stat().isEmpty()) {
            return "at the start: " + start.unavailable();
        }
        if (end.stat().isEmpty()) {
            return "at the end: " + end.unavailable();
        }
        return ProbeDelta.replaced(start.stat().get(), end.stat().get());
    }
}
