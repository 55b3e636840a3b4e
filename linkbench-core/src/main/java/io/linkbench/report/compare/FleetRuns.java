package io.linkbench.report.compare;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.PhaseResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The runs of one client fleet ({@code client_count > 1}): the check that they belong together
 * (same seed and count, distinct indexes, windows that overlap) and their intervals lined up on the
 * wall clock rather than by position.
 */
final class FleetRuns {
    private FleetRuns() {
    }

    /** Whether any of the runs says it was part of a fleet. */
    static boolean isFleet(List<LoadedRun> runs) {
        return runs.stream().anyMatch(r -> count(r) > 1);
    }

    /**
     * Refuses, in one line, runs that are not of one fleet (client_count, seed and start_at differ, an index twice,
     * windows apart) or, unless {@code allowMissing}, that are not all of it.
     *
     * @return which of the fleet's clients are missing ({@link #missingText}), or "" when none is
     */
    static String check(List<LoadedRun> runs, boolean allowMissing) {
        LoadedRun first = runs.get(0);
        Map<Long, LoadedRun> byIndex = new HashMap<>();
        for (LoadedRun r : runs) {
            if (count(r) != count(first)) {
                throw new ConfigException("cannot merge: " + r.dir() + " has client_count = " + count(r) + " but "
                        + first.dir() + " has " + count(first) + "; merge the runs of one fleet");
            }
            if (!value(r, "seed").equals(value(first, "seed"))) {
                throw new ConfigException("cannot merge: " + r.dir() + " has seed = " + value(r, "seed") + " but "
                        + first.dir() + " has " + value(first, "seed") + "; the hosts of one fleet share the seed");
            }
            if (!value(r, "start_at").equals(value(first, "start_at"))) {
                throw new ConfigException("cannot merge: " + r.dir() + " has start_at = '" + value(r, "start_at") + "' but "
                        + first.dir() + " has '" + value(first, "start_at") + "'; the hosts of one fleet share start_at");
            }
            long index = number(r, "client_index", 0);
            LoadedRun same = byIndex.putIfAbsent(index, r);
            if (same != null) {
                throw new ConfigException("cannot merge: " + r.dir() + " and " + same.dir() + " are both client_index = "
                        + index + "; each host of a fleet has its own index");
            }
        }
        RunMerger.checkOverlap(runs, "; give the hosts one start_at");
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < count(first); i++) {
            if (!byIndex.containsKey((long) i)) {
                missing.add(i);
            }
        }
        if (!missing.isEmpty() && !allowMissing) {
            throw new ConfigException("cannot merge: " + missingText(missing, count(first)) + " (given: "
                    + String.join(", ", byIndex.keySet().stream().sorted().map(String::valueOf).toList())
                    + "); give every client's run, or --allow-missing to merge these " + runs.size());
        }
        return missing.isEmpty() ? "" : missingText(missing, count(first));
    }

    /** E.g. "client 2 of the fleet of 3 is missing", "clients 1, 2 of the fleet of 4 are missing". */
    private static String missingText(List<Integer> missing, long count) {
        return (missing.size() == 1 ? "client " : "clients ") + String.join(", ", missing.stream().map(String::valueOf).toList())
                + " of the fleet of " + count + (missing.size() == 1 ? " is" : " are") + " missing";
    }

    /**
     * The hosts' intervals merged by wall-clock slot: a point's end, shifted by its host's start against
     * the earliest host's, rounded to the interval length. Counts and errors are summed, max is the
     * largest; percentiles are not kept (NaN).
     */
    static List<IntervalPoint> aligned(List<PhaseResult> parts) {
        long earliest = parts.stream().mapToLong(p -> p.window().startEpochMs()).min().orElseThrow();
        double length = parts.stream().flatMap(p -> p.intervals().stream()).mapToDouble(IntervalPoint::seconds)
                .filter(s -> s > 0).min().orElse(1);
        TreeMap<Long, List<IntervalPoint>> slots = new TreeMap<>();
        for (PhaseResult p : parts) {
            double shift = (p.window().startEpochMs() - earliest) / 1000.0;
            for (IntervalPoint point : p.intervals()) {
                slots.computeIfAbsent(Math.round((point.offsetSeconds() + shift) / length), k -> new ArrayList<>()).add(point);
            }
        }
        List<IntervalPoint> merged = new ArrayList<>();
        slots.forEach((slot, same) -> merged.add(RunMerger.mergePoints(same, slot * length)));
        return merged;
    }

    private static long count(LoadedRun r) {
        return number(r, "client_count", 1);
    }

    private static String value(LoadedRun r, String key) {
        return r.run().config().getOrDefault(key, "");
    }

    private static long number(LoadedRun r, String key, long absent) {
        String v = value(r, key).trim();
        try {
            return v.isEmpty() ? absent : Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new ConfigException("cannot merge: " + r.dir() + " has " + key + " = '" + v + "', not an integer");
        }
    }
}
