package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.cli.Main;
import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadStateStore;
import io.linkbench.store.StoreContext;
import io.linkbench.tck.harness.FaultSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default store through the command line: a second load into the same data is refused. */
class RocksDbCliTest {
    @TempDir
    Path tmp;

    @Test
    void aSecondLoadIsRefusedInOneLineAndLeavesNoRunDirectory() throws IOException {
        Path results = tmp.resolve("results");
        String[] load = {"-D", "store=rocksdb", "-D", "data_dir=" + tmp.resolve("db"), "-D", "maxid1=501", "-l",
            "--results", results.toString()};
        assertEquals(0, FaultSupport.runCapturingErr(load).exitCode());
        assertEquals(1, runDirectories(results));
        FaultSupport.CapturedRun refused = FaultSupport.runCapturingErr(load);
        assertEquals(1, refused.exitCode());
        assertTrue(refused.firstLine("linkbench:").contains("schema = recreate"), refused.firstLine("linkbench:"));
        assertEquals(1, runDirectories(results), "the refused load left no run directory");
    }

    @Test
    void verifyRefusesADataDirWithoutADatabaseAndCreatesNothing() {
        Path mistyped = tmp.resolve("no-such-db");
        FaultSupport.CapturedRun run = FaultSupport.runCapturingErr("verify", "-D", "store=rocksdb", "-D", "data_dir=" + mistyped);
        assertEquals(1, run.exitCode(), run.err());
        assertEquals("linkbench: data_dir " + mistyped + " holds no RocksDB database: nothing loaded to verify"
                + " (check data_dir, or load it first with -l)", run.firstLine());
        assertFalse(Files.exists(mistyped), "verify created " + mistyped);
    }

    @Test
    void verifyRefusesADatabaseThatRecordsNoLoad() throws Exception {
        Path db = tmp.resolve("db");
        new RocksDbStoreProvider().open(new StoreContext(new Settings(Map.of("data_dir", db.toString())), 1)).close();
        FaultSupport.CapturedRun run = FaultSupport.runCapturingErr("verify", "-D", "store=rocksdb", "-D", "data_dir=" + db);
        assertEquals(1, run.exitCode(), run.err());
        assertTrue(run.firstLine().startsWith("linkbench: nothing loaded to verify: this store records no load"), run.err());
    }

    @Test
    void verifyChecksARandomSampleOfId1sAndSaysWhich() throws Exception {
        String[] verify = loadedAndVerify("verify_sample=40", "verify_seed=7");
        String printed = stdout(verify);
        assertTrue(printed.startsWith("verify: a random sample of "), printed);
        assertTrue(printed.contains(" id1s of [1, 501) with their 2 link types (verify_seed = 7; the same seed checks"
                + " the same id1s), the first "), printed);
        assertTrue(printed.matches("(?s).*\nverify: completed: (\\d+) of \\1 sampled id1s, [0-9,]+ \\(id1, link_type\\)"
                + " groups checked in [0-9.]+ s, 0 mismatches\n"), printed);
        assertEquals(printed.lines().findFirst(), stdout(verify).lines().findFirst(), "the same seed draws the same id1s");
        assertEquals(0, FaultSupport.runCapturingErr(verify).exitCode());
    }

    @Test
    void aSampleOfTheWholeGraphOrMoreRunsTheFullCheckAndSaysSo() throws Exception {
        String[] verify = loadedAndVerify("verify_sample=5000");
        String full = stdout(Arrays.copyOf(verify, verify.length - 2)); // without verify_sample
        String printed = stdout(verify);
        assertTrue(printed.startsWith("verify: verify_sample = 5,000 is at least the 500 id1s of [1, 501): the full"
                + " check of every group instead\nverify: 1,000 (id1, link_type) groups checked in "), printed);
        assertEquals(full.replaceAll("in [0-9.]+ s", ""), printed.lines().skip(1).findFirst().orElseThrow()
                .replaceAll("in [0-9.]+ s", "") + "\n", "the full check's line");
        assertEquals(0, FaultSupport.runCapturingErr(verify).exitCode());
    }

    @Test
    void verifyAfterALoadThatDidNotCompleteSaysSoFirst() throws Exception {
        Path db = tmp.resolve("db");
        String[] load = {"-D", "store=rocksdb", "-D", "data_dir=" + db, "-D", "maxid1=501", "-l", "--results",
            tmp.resolve("results").toString()};
        assertEquals(0, FaultSupport.runCapturingErr(load).exitCode());
        String[] verify = {"verify", "-D", "store=rocksdb", "-D", "data_dir=" + db};
        assertTrue(stdout(verify).startsWith("verify: 1,"), "a complete load verifies as before");
        try (GraphStore store = new RocksDbStoreProvider().open(new StoreContext(new Settings(Map.of("data_dir", db.toString())), 1))) {
            ((LoadStateStore) store).saveLoadState(LoadState.started(1, 1001, 5, "", Instant.parse("2026-01-02T03:04:05Z")));
        }
        String printed = stdout(verify);
        assertTrue(printed.startsWith("verify: the last load into this store did not complete (incomplete (startid1=1,"
                + " maxid1=1001, seed=5, started 2026-01-02T03:04:05Z)): mismatches below may be its unfinished work,"
                + " not the store's fault\nverify: "), printed);
    }

    @Test
    void verifyAfterALoadThatLeftNothingDurableSaysSoAndFails() throws Exception {
        Path db = tmp.resolve("db");
        LoadState started = LoadState.started(1, 1001, 5, "", Instant.parse("2026-01-02T03:04:05Z"));
        try (GraphStore store = new RocksDbStoreProvider().open(new StoreContext(new Settings(Map.of("data_dir", db.toString())), 1))) {
            ((LoadStateStore) store).saveLoadState(started); // what a load records first; killed before a row was written
        }
        String[] verify = {"verify", "-D", "store=rocksdb", "-D", "data_dir=" + db};
        FaultSupport.CapturedRun run = FaultSupport.runCapturingErr(verify);
        assertEquals(1, run.exitCode(), run.err());
        assertEquals("linkbench: nothing to verify: the store holds no counts and no links: the last load into it did not"
                + " complete and left nothing durable (incomplete (startid1=1, maxid1=1001, seed=5, started"
                + " 2026-01-02T03:04:05Z)); load it with -l", run.firstLine());
        assertEquals(1, run.err().strip().lines().count(), run.err());
        assertEquals("", stdout(verify), "no '0 groups checked, 0 mismatches'");
        try (GraphStore store = new RocksDbStoreProvider().open(new StoreContext(new Settings(Map.of("data_dir", db.toString())), 1))) {
            ((LoadStateStore) store).saveLoadState(started.completedAt(Instant.parse("2026-01-02T03:05:00Z")));
        }
        run = FaultSupport.runCapturingErr(verify);
        assertEquals(1, run.exitCode(), run.err());
        assertTrue(run.firstLine().startsWith("linkbench: nothing to verify: the store holds no counts and no links although"
                + " its last load completed (complete (startid1=1,"), run.firstLine());
    }

    /** What a command line prints on standard output (its exit code aside). */
    /** Loads ids 1..500 into tmp/db; the arguments of {@code verify} on it with {@code extra} keys. */
    private String[] loadedAndVerify(String... extra) throws Exception {
        Path db = tmp.resolve("db");
        String[] load = {"-D", "store=rocksdb", "-D", "data_dir=" + db, "-D", "maxid1=501", "-l", "--results",
            tmp.resolve("results").toString()};
        assertEquals(0, FaultSupport.runCapturingErr(load).exitCode());
        List<String> verify = new ArrayList<>(List.of("verify", "-D", "store=rocksdb", "-D", "data_dir=" + db, "-D", "maxid1=501"));
        for (String keyValue : extra) {
            verify.add("-D");
            verify.add(keyValue);
        }
        return verify.toArray(String[]::new);
    }

    private static String stdout(String... args) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        try (PrintStream capture = new PrintStream(buffer, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            Main.run(args);
        } finally {
            System.setOut(saved);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }

    private static long runDirectories(Path results) throws IOException {
        try (Stream<Path> s = Files.list(results)) {
            return s.count();
        }
    }
}
