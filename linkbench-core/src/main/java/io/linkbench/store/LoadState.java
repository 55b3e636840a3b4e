package io.linkbench.store;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a store records about its last load ({@link LoadStateStore}): the parameters that shape the
 * graph, when the load started, and when it completed, if it did. A store persists it as the one line
 * of {@link #toText()} and reads it back with {@link #parse(String)}.
 *
 * @param startId1  first node id of the load
 * @param maxId1    one past its last node id
 * @param seed      the load's seed
 * @param graph     a hash of the other keys that shape the graph, or "" when unknown
 * @param started   when the load started
 * @param completed when every insert and post-load step had finished; empty while the load runs and
 *                  after it was killed, interrupted or failed
 * @param slices    a fleet load ({@code client_count} hosts, each loading a slice): "N:" and the
 *                  lower-case hex bitmap of the clients whose slice completed (bit i of client i), e.g.
 *                  "4:b" (clients 0, 1 and 3 done); "" for a load by one host. A fleet load is complete
 *                  once every client's slice is.
 */
public record LoadState(long startId1, long maxId1, long seed, String graph, Instant started,
                        Optional<Instant> completed, String slices) {
    /** The longest text {@link #toText()} returns: what a store must be able to hold. */
    public static final int MAX_TEXT = 400;
    /** The largest fleet whose slices are recorded (its bitmap fits {@link #MAX_TEXT}). */
    public static final int MAX_FLEET = 512;

    public LoadState {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(started, "started");
        Objects.requireNonNull(completed, "completed");
        Objects.requireNonNull(slices, "slices");
        if (!graph.matches("[0-9a-f]{0,64}")) {
            throw new IllegalArgumentException("graph must be a hex hash: " + graph);
        }
        if (!slices.isEmpty() && (!slices.matches("[0-9]{1,3}:[0-9a-f]{0,128}") || clientsOf(slices) < 2
                || clientsOf(slices) > MAX_FLEET)) {
            throw new IllegalArgumentException("slices must be N:hex with N from 2 to " + MAX_FLEET + ": " + slices);
        }
    }

    /** The state a load has while it runs. */
    public static LoadState started(long startId1, long maxId1, long seed, String graph, Instant at) {
        return new LoadState(startId1, maxId1, seed, graph, at, Optional.empty(), "");
    }

    /** This load, completed at {@code at}. */
    public LoadState completedAt(Instant at) {
        return new LoadState(startId1, maxId1, seed, graph, started, Optional.of(at), slices);
    }

    /** This load made by a fleet of {@code clients} hosts (2 to {@link #MAX_FLEET}), no slice done yet. */
    public LoadState byFleet(int clients) {
        return new LoadState(startId1, maxId1, seed, graph, started, Optional.empty(), clients + ":");
    }

    /** The fleet's clients, 0 for a load by one host. */
    public int clients() {
        return slices.isEmpty() ? 0 : clientsOf(slices);
    }

    private static int clientsOf(String slices) {
        return Integer.parseInt(slices.substring(0, slices.indexOf(':')));
    }

    private java.math.BigInteger done() {
        String hex = slices.substring(slices.indexOf(':') + 1);
        return hex.isEmpty() ? java.math.BigInteger.ZERO : new java.math.BigInteger(hex, 16);
    }

    /** True when the slice of fleet client {@code index} is recorded complete. */
    public boolean sliceDone(int index) {
        return clients() > 0 && done().testBit(index);
    }

    /** How many of the fleet's slices are recorded complete. */
    public int slicesDone() {
        return clients() == 0 ? 0 : done().bitCount();
    }

    /**
     * This fleet load with client {@code index}'s slice recorded complete too; completed at {@code at}
     * when that was the last one.
     */
    public LoadState withSliceDone(int index, Instant at) {
        java.math.BigInteger d = done().setBit(index);
        LoadState s = new LoadState(startId1, maxId1, seed, graph, started, completed, clients() + ":" + d.toString(16));
        return s.slicesDone() == clients() ? s.completedAt(at) : s;
    }

    /** True when {@code other} records the same load (its fleet's progress and completion aside). */
    public boolean sameLoad(LoadState other) {
        return startId1 == other.startId1 && maxId1 == other.maxId1 && seed == other.seed && graph.equals(other.graph)
                && started.equals(other.started) && clients() == other.clients();
    }

    public boolean complete() {
        return completed.isPresent();
    }

    /** "complete (startid1=1, maxid1=1001, seed=5, started ..., completed ...)", for messages and results. */
    public String describe() {
        return (complete() ? "complete" : "incomplete") + " (startid1=" + startId1 + ", maxid1=" + maxId1 + ", seed="
                + seed + ", started " + started + completed.map(c -> ", completed " + c).orElse("")
                + (clients() > 0 ? ", " + slicesDone() + " of " + clients() + " fleet clients' slices complete" : "") + ")";
    }

    /** One line of {@code key=value} fields, at most {@link #MAX_TEXT} characters. */
    public String toText() {
        return "state=" + (complete() ? "complete" : "incomplete") + " startid1=" + startId1 + " maxid1=" + maxId1
                + " seed=" + seed + " graph=" + graph + " started=" + started
                + completed.map(c -> " completed=" + c).orElse("") + (slices.isEmpty() ? "" : " slices=" + slices);
    }

    /**
     * Reads the text of {@link #toText()}.
     *
     * @throws StoreException of kind OTHER when the text is not one
     */
    public static LoadState parse(String text) throws StoreException {
        Map<String, String> f = new LinkedHashMap<>();
        for (String field : text.trim().split(" +")) {
            int eq = field.indexOf('=');
            if (eq > 0) {
                f.put(field.substring(0, eq), field.substring(eq + 1));
            }
        }
        try {
            LoadState s = started(Long.parseLong(f.get("startid1")), Long.parseLong(f.get("maxid1")),
                    Long.parseLong(f.get("seed")), f.getOrDefault("graph", ""), Instant.parse(f.get("started")));
            String slices = f.getOrDefault("slices", "");
            if (!slices.isEmpty()) {
                s = new LoadState(s.startId1, s.maxId1, s.seed, s.graph, s.started, Optional.empty(), slices);
            }
            boolean complete = "complete".equals(f.get("state"));
            return complete ? s.completedAt(Instant.parse(f.get("completed"))) : s;
        } catch (RuntimeException e) { // missing field, bad number or time
            throw new StoreException(StoreException.Kind.OTHER, "unreadable load state '" + text + "'", e);
        }
    }
}
