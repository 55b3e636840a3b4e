package io.linkbench.run;

import io.linkbench.measure.IntervalSample;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Load progress: percent done, rows/s, the loaders still busy with each one's rows/s, and ETA. The
 * ETA is the inserts' (from the share of nodes and links written) plus the store's post-load steps at
 * the store's estimate ({@link PostLoad}), marked {@code +steps}; {@code inserts only} when the store
 * has steps and no estimate; {@code --:--} (unknown) after an interval without rows, a stalled server's. On a terminal one live line with a bar, redrawn in place; otherwise a
 * plain line per report (for logs and CI).
 */
final class Progress {
    private static final int BAR = 30;
    /** Up to this many loaders, the line gives each one's rows/s; beyond, the lowest and highest. */
    private static final int EACH = 8;

    private final PrintStream out;
    private final boolean live;
    private final long nodes;
    private final long expectedLinks;
    private final long startNanos;
    private final PostLoad post;
    private long nodesDone;
    private long linksDone;
    private long countsDone;
    private boolean drewLive;
    private long[] loaderRowsBefore;

    /** The loaders at a report: rows written so far by each, and how many are still running. */
    record Loaders(long[] rows, int busy) {
        /** From the rows of every loader and the loaders' threads. */
        static Loaders of(long[] rowsByLoader, List<Thread> loaders) {
            int busy = 0;
            for (Thread t : loaders) {
                busy += t.isAlive() ? 1 : 0;
            }
            return new Loaders(rowsByLoader.clone(), busy);
        }
    }

    /**
     * The store's post-load steps as the ETA counts them.
     *
     * @param steps their names, comma-separated; empty when the store has none
     * @param ratio their time as a multiple of the insert window's (the store's estimate), empty when unknown
     */
    record PostLoad(String steps, OptionalDouble ratio) {
        static final PostLoad NONE = new PostLoad("", OptionalDouble.empty());

        /** The line the load prints before its progress: what the ETA includes. */
        String describe() {
            if (steps.isEmpty()) {
                return "load ETA: the inserts (the store has no post-load steps)";
            }
            return ratio.isPresent()
                    ? String.format(Locale.ROOT, "load ETA: the inserts and the store's post-load steps (%s), which the"
                            + " store estimates at %.2fx the insert time (+steps)", steps, ratio.getAsDouble())
                    : "load ETA: the inserts only: the store gives no estimate of its post-load steps (" + steps + ")";
        }
    }

    Progress(PrintStream out, boolean live, long nodes, long expectedLinks, long startNanos, PostLoad post) {
        this.out = out;
        this.live = live;
        this.nodes = nodes;
        this.expectedLinks = Math.max(1, expectedLinks);
        this.startNanos = startNanos;
        this.post = post;
    }

    /**
     * A report of the interval {@code s}: the link loaders' rows and how many are busy, with {@code notes} (a
     * stalled server, missing counters) at its end.
     */
    void report(IntervalSample s, Loaders loaders, String notes) {
        long[] rows = s.rows();
        nodesDone += rows[LoadStep.LOAD_NODES.ordinal()];
        linksDone += rows[LoadStep.LOAD_LINKS.ordinal()];
        countsDone += rows[LoadStep.LOAD_COUNTS.ordinal()];
        double elapsed = (s.endNanos() - startNanos) / 1e9;
        double fraction = fraction(nodesDone, linksDone, nodes, expectedLinks);
        double rate = s.seconds() > 0 ? s.totalRows() / s.seconds() : 0;
        // an interval without rows (a stalled server) says nothing of when the load ends: no ETA, not 00:00
        double eta = fraction > 0 && s.totalRows() > 0 ? elapsed * (1 - fraction) / fraction : Double.NaN;
        String etaNote = "";
        if (Double.isNaN(eta)) {
            // unknown: nothing to add to it
        } else if (post.ratio().isPresent()) {
            eta += post.ratio().getAsDouble() * elapsed / fraction;
            etaNote = " +steps";
        } else if (!post.steps().isEmpty()) {
            etaNote = " inserts only";
        }
        String text = String.format(Locale.ROOT, "%5.1f%%  nodes %,d  links %,d  counts %,d  %,.0f rows/s  %s  elapsed %s  ETA %s%s",
                fraction * 100, nodesDone, linksDone, countsDone, rate, loaderText(loaders, s.seconds()), clock(elapsed),
                clock(eta), etaNote) + notes;
        if (live) {
            int filled = (int) Math.round(fraction * BAR);
            out.print("\r[" + "#".repeat(filled) + " ".repeat(BAR - filled) + "] " + text + "   ");
            out.flush();
            drewLive = true;
        } else {
            out.println("load: " + text);
        }
    }

    /**
     * The share of a load of {@code nodes} nodes and about {@code expectedLinks} links written once {@code nodesDone}
     * and {@code linksDone} are, 0 to 1: the loaders write each chunk's nodes and links together; count rows follow
     * the links.
     */
    static double fraction(long nodesDone, long linksDone, long nodes, long expectedLinks) {
        long links = Math.max(1, expectedLinks);
        return Math.min(1.0, (double) (Math.min(nodesDone, nodes) + Math.min(linksDone, links)) / (nodes + links));
    }

    /** A line of its own between the reports (the live line, if drawn, is ended first and drawn again at the next report). */
    void note(String line) {
        finish();
        out.println(line);
    }

    /** Ends the live line, if one was drawn; the next report draws a new one. */
    void finish() {
        if (drewLive) {
            out.println();
            drewLive = false;
        }
    }

    /** "loaders 2/2 busy: 131,002 129,450 rows/s" (each one's rows/s over the interval). */
    private String loaderText(Loaders loaders, double seconds) {
        long[] rows = loaders.rows();
        long[] before = loaderRowsBefore == null ? new long[rows.length] : loaderRowsBefore;
        loaderRowsBefore = rows;
        double[] rates = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            rates[i] = seconds > 0 ? (rows[i] - before[i]) / seconds : 0;
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "loaders %d/%d busy:", loaders.busy(),
                rows.length));
        if (rates.length <= EACH) {
            for (double r : rates) {
                b.append(String.format(Locale.ROOT, " %,.0f", r));
            }
            return b.append(" rows/s").toString();
        }
        double[] sorted = rates.clone();
        Arrays.sort(sorted);
        return b.append(String.format(Locale.ROOT, " %,.0f to %,.0f rows/s each", sorted[0], sorted[sorted.length - 1]))
                .toString();
    }

    private static String clock(double seconds) {
        if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
            return "--:--";
        }
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%02d:%02d", s / 60, s % 60);
    }
}
