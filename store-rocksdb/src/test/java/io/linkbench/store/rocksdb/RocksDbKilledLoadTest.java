package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.tck.harness.FaultSupport;
import io.linkbench.tck.harness.FaultSupport.CapturedRun;
import io.linkbench.tck.harness.KilledLoad;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -r on a store whose load was killed (the child JVM running it destroyed forcibly) is refused in one
 * line naming allow_incomplete_load, runs with that key set, and runs after a complete load.
 */
class RocksDbKilledLoadTest {
    @TempDir
    Path tmp;

    private List<String> args(String... more) {
        List<String> all = new ArrayList<>(List.of("-D", "store=rocksdb", "-D", "data_dir=" + tmp.resolve("db"),
                "-D", "maxtime=1", "-D", "requesters=1", "-D", "displayfreq=1", "-D", "progressfreq=1"));
        all.addAll(List.of(more));
        return all;
    }

    private CapturedRun run(String... more) {
        return FaultSupport.runCapturingErr(args(more).toArray(String[]::new));
    }

    @Test
    void requestsOnAKilledLoadAreRefusedUnlessAllowed() throws Exception {
        Path results = tmp.resolve("results");
        KilledLoad.run(tmp, 500, args("-D", "maxid1=400001", "-l", "--results", results.resolve("load").toString()));

        CapturedRun refused = run("-D", "maxid1=400001", "-r", "--results", results.resolve("refused").toString());
        assertEquals(1, refused.exitCode(), refused.err());
        List<String> lines = refused.err().lines().toList();
        assertEquals(1, lines.size(), "one line: " + lines);
        assertTrue(lines.get(0).startsWith("linkbench: the last load into this store did not complete"), lines.get(0));
        assertTrue(lines.get(0).contains("set allow_incomplete_load = true"), lines.get(0));
        assertTrue(!Files.exists(results.resolve("refused")) || runs(results.resolve("refused")) == 0,
                "the refusal leaves no run directory");

        CapturedRun allowed = run("-D", "maxid1=400001", "-D", "allow_incomplete_load=true", "-r",
                "--results", results.resolve("allowed").toString());
        assertEquals(0, allowed.exitCode(), allowed.err());
        assertTrue(allowed.firstLine("linkbench: warning:").contains("did not complete"), allowed.err());
    }

    @Test
    void requestsAfterACompleteLoadRunAndRecordIt() throws Exception {
        Path results = tmp.resolve("results");
        assertEquals(0, run("-D", "maxid1=2001", "-l", "--results", results.resolve("load").toString()).exitCode());
        CapturedRun requests = run("-D", "maxid1=2001", "-r", "--results", results.resolve("r").toString());
        assertEquals(0, requests.exitCode(), requests.err());
        assertEquals("", requests.firstLine("linkbench:"), "no warning after a complete load of the same graph");
        String json = resultJson(results.resolve("r"));
        assertTrue(json.contains("\"load_state\": \"complete (startid1=1, maxid1=2001, seed=20111, started "), json);

        CapturedRun other = run("-D", "maxid1=3001", "-r", "--results", results.resolve("other").toString());
        assertEquals(0, other.exitCode(), other.err());
        assertTrue(other.firstLine("linkbench: warning:").contains("maxid1=2001 (this configuration: 3001)"),
                other.err());
    }

    @Test
    void requestsOnAnEmptyStoreAreRefused() {
        CapturedRun refused = run("-r", "--results", tmp.resolve("results").toString());
        assertEquals(1, refused.exitCode(), refused.err());
        assertTrue(refused.firstLine().startsWith("linkbench: no load is recorded in this store"), refused.err());
        assertTrue(refused.firstLine().contains("allow_incomplete_load = true"), refused.err());
    }

    private static long runs(Path results) throws Exception {
        try (Stream<Path> s = Files.list(results)) {
            return s.count();
        }
    }

    private static String resultJson(Path results) throws Exception {
        try (Stream<Path> s = Files.walk(results)) {
            return Files.readString(s.filter(p -> p.endsWith("result.json")).findFirst().orElseThrow());
        }
    }
}
