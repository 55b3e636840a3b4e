package io.linkbench.measure;

import java.util.Locale;
import java.util.Objects;

/**
 * How a phase ended: its status, what ended it and, in words, why.
 *
 * @param status  completed, interrupted (a signal: Ctrl-C, SIGTERM, SIGHUP) or failed (the store or the
 *                run broke: a batch that failed for good, requesters stuck in a store call)
 * @param endedBy what ended it, one token: {@code loaded} (a load that finished its rows and steps),
 *                {@code maxtime} or {@code requests} (the request phase's limits), {@code signal},
 *                {@code failure}
 * @param reason  the same in words for the console and report, e.g. "maxtime = 300 s"
 */
public record PhaseEnd(Status status, String endedBy, String reason) {
    /** A phase's status in {@code result.json} ({@code "completed"}, ...) and the report. */
    public enum Status {
        COMPLETED, INTERRUPTED, FAILED;

        /** The lower-case name used in files. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The status named {@code label}, as written by {@link #label()}. */
        public static Status of(String label) {
            return valueOf(label.toUpperCase(Locale.ROOT));
        }
    }

    /** A load that wrote every row and ran every post-load step. */
    public static final PhaseEnd LOADED = new PhaseEnd(Status.COMPLETED, "loaded", "every row loaded");

    public PhaseEnd {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(endedBy, "endedBy");
        Objects.requireNonNull(reason, "reason");
    }

    /** Ended by a limit of the phase ({@code maxtime}, {@code requests}). */
    public static PhaseEnd limit(String key, String reason) {
        return new PhaseEnd(Status.COMPLETED, key, reason);
    }

    /** Stopped by a signal, or by the run's own stop ({@code reason} says which). */
    public static PhaseEnd interrupted(String reason) {
        return new PhaseEnd(Status.INTERRUPTED, "signal", reason);
    }

    /** Stopped because something broke. */
    public static PhaseEnd failed(String reason) {
        return new PhaseEnd(Status.FAILED, "failure", reason);
    }

    /**
     * The end of a result read from a file written before the status was recorded: only "cut short or
     * not" is known.
     */
    public static PhaseEnd legacy(boolean interrupted) {
        return interrupted ? new PhaseEnd(Status.INTERRUPTED, "unknown", "cut short (cause not recorded)")
                : new PhaseEnd(Status.COMPLETED, "unknown", "");
    }

    /** True unless the phase completed: it was cut short by a signal or a failure. */
    public boolean cutShort() {
        return status != Status.COMPLETED;
    }

    /** "completed: maxtime = 300 s", "failed: load failed: ...". */
    public String describe() {
        return reason.isEmpty() ? status.label() : status.label() + ": " + reason;
    }
}
