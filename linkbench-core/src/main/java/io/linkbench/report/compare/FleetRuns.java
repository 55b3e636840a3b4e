package io.linkbench.report.compare;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.PhaseResult;
import java.time.Instant;
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

    /** Refuses, in one line, runs that are not of one fleet. */
    static void check(List<LoadedRun> runs) {
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
            long index = number(r, "client_index", 0);
            LoadedRun same = byIndex.putIfAbsent(index, r);
            if (same != null) {
                throw new ConfigException("cannot merge: " + r.dir() + " and " + same.dir() + " are both client_index = "
                        + index + "; each host of a fleet has its own index");
            }
        }
        for (int i = 0; i < first.run().phases().size(); i++) {
            int phase = i;
            List<PhaseResult> parts = runs.stream().map(r -> r.run().phases().get(phase)).toList();
            long latestStart = parts.stream().mapToLong(p -> p.window().startEpochMs()).max().orElseThrow();
            long earliestEnd = parts.stream().mapToLong(p -> p.window().endEpochMs()).min().orElseThrow();
            if (latestStart >= earliestEnd) {
                throw new ConfigException("cannot merge: the fleet's " + RunMerger.phaseName(parts.get(0))
                        + " windows do not overlap (latest start " + Instant.ofEpochMilli(latestStart) + ", earliest end "
                        + Instant.ofEpochMilli(earliestEnd) + "); give the hosts one start_at");
            }
        }
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
