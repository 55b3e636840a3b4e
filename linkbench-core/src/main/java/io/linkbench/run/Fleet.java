package io.linkbench.run;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.math.BigInteger;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/**
 * This client's place in a fleet of {@code client_count} hosts that together do what one host would
 * (distributed.md): the load's id slice, the share of {@code requests} and {@code requestrate}, the global
 * index of each requester (so host i's streams are those requesters i·R .. i·R+R-1 of one host would
 * have), and the absolute {@code start_at} that lines the hosts' windows up.
 *
 * @param count   {@code client_count}, 1 for a single host
 * @param index   {@code client_index}, 0 .. count-1
 * @param startAt {@code start_at}: when the first phase's measured window starts (and the load's
 *                base time of generated rows), or empty to start at once
 * @param waitSeconds {@code fleet_wait_seconds}: how long clients 1.. of a fleet load wait for client 0
 */
public record Fleet(int count, int index, Optional<Instant> startAt, double waitSeconds) {
    /** The keys {@link #from} reads, with their defaults. */
    public static final List<Setting> SETTINGS = List.of(
            Setting.of("client_count", "1", "client hosts that together do what one host would: each loads its slice of startid1..maxid1-1 and runs its share of requests and requestrate with streams of its own"),
            Setting.of("client_index", "0", "this host's index in the fleet, 0 .. client_count-1 (a Kubernetes Indexed Job's JOB_COMPLETION_INDEX sets it)"),
            Setting.of("start_at", "", "ISO-8601 instant (e.g. 2026-01-31T12:00:00Z) at which the first phase starts its measured window on every host; also the base time of loaded rows; empty: start at once"),
            Setting.of("fleet_wait_seconds", "300", "a fleet load: how long clients 1.. wait for client 0 to prepare the schema"));
    /** A host on its own. */
    public static final Fleet SINGLE = new Fleet(1, 0, Optional.empty(), 300);

    public Fleet {
        if (count < 1 || index < 0 || index >= count) {
            throw new ConfigException("client_index = " + index + " is outside 0.." + (count - 1)
                    + " (client_count = " + count + ")");
        }
    }

    public static Fleet from(Settings s) {
        int count = s.getInt("client_count", 1, 100_000);
        int index = s.getInt("client_index", 0, 100_000);
        Optional<Instant> at = s.optional("start_at").filter(v -> !v.isBlank()).map(Fleet::parseInstant);
        return new Fleet(count, index, at, s.getDouble("fleet_wait_seconds", 0, 86_400));
    }

    private static Instant parseInstant(String v) {
        try {
            return Instant.parse(v.trim());
        } catch (DateTimeParseException e) {
            throw new ConfigException("start_at = '" + v + "' is not an ISO-8601 instant such as 2026-01-31T12:00:00Z");
        }
    }

    /** More than one host. */
    public boolean shared() {
        return count > 1;
    }

    /** This host's part of {@code total} (the first {@code total mod count} hosts take one more). */
    public long share(long total) {
        return total / count + (index < total % count ? 1 : 0);
    }

    /** This host's part of a rate over the whole fleet. */
    public double share(double total) {
        return total / count;
    }

    /** First id of this host's slice of [start, end). */
    public long sliceStart(long start, long end) {
        return start + cut(end - start, index);
    }

    /** One past the last id of this host's slice of [start, end). */
    public long sliceEnd(long start, long end) {
        return start + cut(end - start, index + 1);
    }

    private long cut(long n, int i) {
        return BigInteger.valueOf(n).multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(count)).longValue();
    }

    /** The fleet-wide index of this host's requester {@code i} of {@code perHost}. */
    public int requesterIndex(int perHost, int i) {
        return index * perHost + i;
    }

    /** "client 2 of 3, start_at 2026-...": for headers and messages; empty for a single host without start_at. */
    public String describe() {
        return (shared() ? "client " + index + " of " + count : "") + startAt.map(a -> (shared() ? ", " : "")
                + "start_at " + a).orElse("");
    }

    /**
     * Sleeps until {@code at} (in slices, so a stop request ends the wait); returns at once when it has
     * passed.
     *
     * @return false when the run was stopped while waiting
     */
    public static boolean sleepUntil(Instant at, RunControl control) throws InterruptedException {
        long left;
        while ((left = at.toEpochMilli() - System.currentTimeMillis()) > 0) {
            if (control.interrupted()) {
                return false;
            }
            Thread.sleep(Math.min(left, 100));
        }
        return !control.interrupted();
    }
}
