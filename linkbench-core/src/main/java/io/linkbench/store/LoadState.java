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
 */
public record LoadState(long startId1, long maxId1, long seed, String graph, Instant started,
                        Optional<Instant> completed) {
    /** The longest text {@link #toText()} returns: what a store must be able to hold. */
    public static final int MAX_TEXT = 400;

    public LoadState {
        Objects.requireNonNull(graph, "graph");
        Objects.requireNonNull(started, "started");
        Objects.requireNonNull(completed, "completed");
        if (!graph.matches("[0-9a-f]{0,64}")) {
            throw new IllegalArgumentException("graph must be a hex hash: " + graph);
        }
    }

    /** The state a load has while it runs. */
    public static LoadState started(long startId1, long maxId1, long seed, String graph, Instant at) {
        return new LoadState(startId1, maxId1, seed, graph, at, Optional.empty());
    }

    /** This load, completed at {@code at}. */
    public LoadState completedAt(Instant at) {
        return new LoadState(startId1, maxId1, seed, graph, started, Optional.of(at));
    }

    public boolean complete() {
        return completed.isPresent();
    }

    /** "complete (startid1=1, maxid1=1001, seed=5, started ..., completed ...)", for messages and results. */
    public String describe() {
        return (complete() ? "complete" : "incomplete") + " (startid1=" + startId1 + ", maxid1=" + maxId1 + ", seed="
                + seed + ", started " + started + completed.map(c -> ", completed " + c).orElse("") + ")";
    }

    /** One line of {@code key=value} fields, at most {@link #MAX_TEXT} characters. */
    public String toText() {
        return "state=" + (complete() ? "complete" : "incomplete") + " startid1=" + startId1 + " maxid1=" + maxId1
                + " seed=" + seed + " graph=" + graph + " started=" + started
                + completed.map(c -> " completed=" + c).orElse("");
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
            boolean complete = "complete".equals(f.get("state"));
            return complete ? s.completedAt(Instant.parse(f.get("completed"))) : s;
        } catch (RuntimeException e) { // missing field, bad number or time
            throw new StoreException(StoreException.Kind.OTHER, "unreadable load state '" + text + "'", e);
        }
    }
}
