package io.linkbench.run;

import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadStateStore;
import io.linkbench.store.StoreException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The load record of a {@link LoadStateStore}: what a load writes into it, and the check of a request
 * phase without a load ({@code -r} alone) on what it finds. A store whose last load did not complete,
 * or that records none, is refused unless {@value #KEY} is true; a complete load of another graph than
 * the configuration's (startid1, maxid1, seed, or other keys that shape the graph) is a warning.
 */
public final class LoadRecord {
    /** The key that lets {@code -r} run on a store whose last load did not complete. */
    public static final String KEY = "allow_incomplete_load";
    /** The keys {@link #check} reads (declared before {@link #GRAPH_KEYS}, which {@link CoreSettings} builds from it). */
    public static final List<Setting> SETTINGS = List.of(Setting.of(KEY, "false",
            "-r without -l: true runs the request phase on a store whose last load did not complete (killed, interrupted, failed) or that records none; false refuses"));
    /** The keys declared as shaping the graph ({@link Setting#shapesGraph()}), sorted, so a declaration's place does not matter. */
    static final List<String> GRAPH_KEYS = CoreSettings.all().stream().filter(Setting::shapesGraph).map(Setting::key)
            .sorted().toList();

    private LoadRecord() {
    }

    /**
     * The state a load of this configuration starts with; a fleet's (up to {@link LoadState#MAX_FLEET}
     * clients) records each client's slice, so that it is complete once every slice is.
     */
    public static LoadState starting(Settings s, Instant now) {
        LoadState state = LoadState.started(s.getLong("startid1", 0, Long.MAX_VALUE), s.getLong("maxid1", 1, Long.MAX_VALUE),
                s.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE), graphHash(s), now);
        Fleet fleet = Fleet.from(s);
        return fleet.shared() && fleet.count() <= LoadState.MAX_FLEET ? state.byFleet(fleet.count()) : state;
    }

    /** The first 16 hex digits of the SHA-256 of the {@link #GRAPH_KEYS}' values. */
    static String graphHash(Settings s) {
        StringBuilder text = new StringBuilder();
        for (String key : GRAPH_KEYS) {
            text.append(key).append('=').append(s.optional(key).orElse("")).append('\n');
        }
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** Saves {@code state} when the store records loads. */
    static void save(GraphStore store, LoadState state) throws StoreException {
        if (store instanceof LoadStateStore s) {
            s.saveLoadState(state);
        }
    }

    /**
     * What {@code -r} alone may do on this store.
     *
     * @param refusal  the one-line reason not to run, naming {@value #KEY}; empty: run
     * @param warnings lines to print before running
     * @param fact     the store's load state for the result ({@code load_state}), empty when it records none
     */
    public record Verdict(Optional<String> refusal, List<String> warnings, Optional<String> fact) {
    }

    /** Checks the store's last load against the configuration before a request phase without a load. */
    public static Verdict check(GraphStore store, Settings s) throws StoreException {
        boolean allow = s.getBoolean(KEY, false);
        if (!(store instanceof LoadStateStore records)) {
            return new Verdict(Optional.empty(), List.of("this store does not record its loads: the request phase"
                    + " runs on whatever it holds, unchecked"), Optional.empty());
        }
        Optional<LoadState> found = records.loadState();
        String goOn = ": load it with -l, or set " + KEY + " = true to run the request phase on it anyway";
        List<String> warnings = new ArrayList<>();
        if (found.isEmpty()) {
            String why = "no load is recorded in this store (it is empty, was recreated, or was loaded by a tool"
                    + " that does not record loads)";
            if (!allow) {
                return new Verdict(Optional.of(why + goOn), List.of(), Optional.empty());
            }
            warnings.add(why + ", " + KEY + " = true: running anyway");
            return new Verdict(Optional.empty(), warnings, Optional.of("none recorded"));
        }
        LoadState state = found.get();
        if (!state.complete()) { // a fleet load is complete once every client recorded its slice
            String why = "the last load into this store did not complete: " + state.describe();
            if (!allow) {
                return new Verdict(Optional.of(why + goOn), List.of(), Optional.of(state.describe()));
            }
            warnings.add(why + "; " + KEY + " = true: running anyway");
        }
        mismatch(state, starting(s, Instant.EPOCH)).ifPresent(warnings::add);
        return new Verdict(Optional.empty(), warnings, Optional.of(state.describe()));
    }

    /** A warning when the loaded graph is not the one this configuration describes. */
    static Optional<String> mismatch(LoadState loaded, LoadState configured) {
        List<String> diffs = new ArrayList<>();
        diff(diffs, "startid1", loaded.startId1(), configured.startId1());
        diff(diffs, "maxid1", loaded.maxId1(), configured.maxId1());
        diff(diffs, "seed", loaded.seed(), configured.seed());
        if (!loaded.graph().isEmpty() && !loaded.graph().equals(configured.graph())) {
            diffs.add("other values of the keys that shape the graph (link types, degrees, payloads)");
        }
        if (diffs.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("the store holds a graph loaded with " + String.join(", ", diffs)
                + ": the request phase's ids and payloads do not match it, and verify will report mismatches");
    }

    private static void diff(List<String> diffs, String key, long loaded, long configured) {
        if (loaded != configured) {
            diffs.add(key + "=" + loaded + " (this configuration: " + configured + ")");
        }
    }
}
