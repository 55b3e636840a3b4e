package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.store.StoreProviders;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                StoreProviders.discover(), args);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void badValueIsOneLineNamingTheKeyWithExitCode2() {
        assertEquals(2, run("-D", "store=memory", "-D", "maxid1=abc", "-l"));
        assertTrue(err().startsWith("linkbench: maxid1=abc: must be an integer"), err());
        assertEquals(1, err().strip().lines().count(), err());
    }

    @Test
    void zeroRequestersIsRejected() {
        assertEquals(2, run("-D", "store=memory", "-D", "requesters=0", "-r"));
        assertTrue(err().contains("requesters=0: must be an integer from 1"), err());
    }

    @Test
    void negativeMixWeightIsRejected() {
        assertEquals(2, run("-D", "store=memory", "-D", "addlink=-5", "-r"));
        assertTrue(err().contains("addlink=-5"), err());
    }

    @Test
    void unknownKeySuggestsTheClosestKnownKey() {
        assertEquals(2, run("-D", "store=memory", "-D", "requestors=4", "-r"));
        assertTrue(err().contains("did you mean 'requesters'"), err());
    }

    @Test
    void unknownStoreListsTheKnownOnes() {
        assertEquals(2, run("-D", "store=oracle", "-l"));
        assertTrue(err().contains("store=oracle: must be one of"), err());
        assertTrue(err().contains("memory"), err());
    }

    @Test
    void missingConfigFileIsBadInput() {
        assertEquals(2, run("-c", tmp.resolve("nope.properties").toString(), "-l"));
        assertTrue(err().contains("no such file"), err());
    }

    @Test
    void nothingToDoIsBadInput() {
        assertEquals(2, run("-D", "store=memory"));
        assertTrue(err().contains("give -l"), err());
    }

    @Test
    void unknownOptionIsBadInput() {
        assertEquals(2, run("--frobnicate"));
    }

    @Test
    void versionAndKeyListWork() {
        assertEquals(0, run("--version"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("linkbench "));
        assertEquals(0, run("--list-keys"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("maxid1"));
    }

    @Test
    void loadAndRequestsWriteResultFilesWithoutSecrets() throws IOException {
        Path config = tmp.resolve("t.properties");
        Files.writeString(config, "store = memory\nmaxid1 = 3001\nmaxtime = 600\nrequests = 2000\ndisplayfreq = 0.5\n");
        Path results = tmp.resolve("results");
        int code = run("-c", config.toString(), "-l", "-r", "--results", results.toString());
        assertEquals(0, code, err());
        String console = out.toString(StandardCharsets.UTF_8);
        for (String op : List.of("GET_NODE", "ADD_LINK", "GET_LINKS_LIST", "LOAD_LINKS")) {
            assertTrue(console.contains(op), op + " missing from:\n" + console);
        }
        List<Path> dirs;
        try (Stream<Path> s = Files.list(results)) {
            dirs = new ArrayList<>(s.toList());
        }
        assertEquals(1, dirs.size());
        Path dir = dirs.get(0);
        assertTrue(dir.getFileName().toString().endsWith("-memory"), dir.toString());
        JsonNode json = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
        assertEquals(2, json.get("phases").size());
        assertEquals("3001", json.get("config").get("maxid1").asText());
        assertTrue(Files.readString(dir.resolve("summary.txt")).contains("GET_NODE"));
        assertTrue(Files.isRegularFile(dir.resolve("report.html")));
        JsonNode cost = json.get("phases").get(1).get("cost").get("figures");
        assertTrue(cost.get("client_cpu_us/op").asDouble() > 0, "client CPU per op: " + cost);
        assertTrue(cost.get("host_cpu_us/op").asDouble() > 0, "host CPU per op: " + cost);
        assertTrue(cost.get("server_cpu_us/op").isNull(), "the memory store has no server process: " + cost);
        assertTrue(json.get("phases").get(1).get("cost").get("unavailable").toString().contains("server"),
                "says why the server figures are missing");
    }

    @Test
    void loopsRunTheRequestPhaseAgainAndIntervalFilesAreWritten() throws Exception {
        Path results = tmp.resolve("loops");
        int code = run("-D", "store=memory", "-D", "maxid1=2001", "-D", "maxtime=1", "-D", "displayfreq=0.25",
                "-D", "progressfreq=0.1", "-l", "-r", "--loops", "2", "--results", results.toString());
        assertEquals(0, code, err());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("loop 2 "), out.toString(StandardCharsets.UTF_8));
        Path dir;
        try (Stream<Path> s = Files.list(results)) {
            dir = s.findFirst().orElseThrow();
        }
        JsonNode json = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
        assertEquals(3, json.get("phases").size(), "load + 2 loops");
        assertEquals(1, json.get("phases").get(2).get("loop").asInt());
        assertTrue(json.get("phases").get(1).get("intervals").size() >= 2, "interval points of loop 1");
        List<String> csv = Files.readAllLines(dir.resolve("intervals.csv"));
        assertTrue(csv.get(0).startsWith("phase,loop,offset_s,interval_s,warmup,errors"), csv.get(0));
        assertTrue(csv.get(0).contains("GET_NODE_p99_ms"), csv.get(0));
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("request,1,")), "rows of loop 2");
        assertTrue(csv.stream().anyMatch(l -> l.startsWith("load,0,")), "rows of the load");
        // HdrHistogram's own reader understands the log and finds tagged GET_NODE histograms
        long tagged = 0;
        try (org.HdrHistogram.HistogramLogReader reader =
                     new org.HdrHistogram.HistogramLogReader(dir.resolve("latency.hlog").toFile())) {
            org.HdrHistogram.EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if ("GET_NODE".equals(h.getTag())) {
                    tagged += ((org.HdrHistogram.Histogram) h).getTotalCount();
                }
            }
        }
        // every measured GET_NODE call of both loops is in exactly one interval histogram (no warm-up here)
        long getNodes = 0;
        for (int phase = 1; phase <= 2; phase++) {
            for (JsonNode op : json.get("phases").get(phase).get("ops")) {
                if ("GET_NODE".equals(op.get("name").asText())) {
                    getNodes += op.get("count").asLong() - op.get("errors").asLong();
                }
            }
        }
        assertTrue(getNodes > 0, "GET_NODE calls in result.json");
        assertEquals(getNodes, tagged, "GET_NODE calls in result.json vs. in latency.hlog's histograms");
    }

    @Test
    void optionsBeforeVerifyApplyToIt() {
        assertEquals(2, run("-D", "store=memory", "-D", "maxid=1", "verify"));
        assertTrue(err().contains("did you mean 'maxid1'"), err());
        assertEquals(1, run("-D", "store=memory", "verify"), err());
        assertTrue(err().strip().endsWith("\nlinkbench: nothing loaded to verify: this store records no load (it is empty,"
                + " was recreated, or is a memory store in a new process); load it first with -l"), err());
    }

    @Test
    void verifyOnAFreshMemoryStoreRefusesInOneLine() {
        assertEquals(1, run("verify", "-D", "store=memory"), err());
        assertEquals(1, err().lines().filter(l -> l.startsWith("linkbench: nothing loaded to verify: ")).count(), err());
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("0 mismatches"), "no verdict on nothing");
    }

    @Test
    void ctrlCStillWritesTheResults() throws Exception {
        signalStillWritesTheResults("INT", 130);
    }

    @Test
    void sigtermAndSighupAlsoWriteTheResultsWithTheirExitCodes() throws Exception {
        signalStillWritesTheResults("TERM", 143);
        signalStillWritesTheResults("HUP", 129);
    }

    /** True when process {@code pid} ignores {@code signal} (HUP, INT or TERM): its bit in SigIgn of /proc/PID/status. */
    private static boolean ignores(long pid, String signal) throws IOException {
        int number = Map.of("HUP", 1, "INT", 2, "TERM", 15).get(signal);
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (!Files.isRegularFile(status)) {
            return false;
        }
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:"))
                .anyMatch(l -> new java.math.BigInteger(l.substring(7).trim(), 16).testBit(number - 1));
    }

    private void signalStillWritesTheResults(String signal, int exitCode) throws Exception {
        Files.deleteIfExists(tmp.resolve("console.txt"));
        Path results = tmp.resolve("r-" + signal);
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "-D", "store=memory", "-D", "maxid1=2001",
                "-D", "maxtime=600", "-D", "displayfreq=0.5", "-l", "-r", "--results", results.toString());
        pb.redirectErrorStream(true);
        pb.redirectOutput(tmp.resolve("console.txt").toFile());
        Process p = pb.start();
        Path console = tmp.resolve("console.txt");
        long deadline = System.nanoTime() + 120_000_000_000L; // a start-up and a load on a busy machine
        while (!Files.readString(console).contains("p99 ms:") && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(Files.readString(console).contains("p99 ms:"), Files.readString(console));
        if (ignores(p.pid(), signal)) {
            p.destroyForcibly();
            p.waitFor();
            org.junit.jupiter.api.Assumptions.abort("the child JVM ignores SIG" + signal + ", inherited from this test's JVM"
                    + " (the suite runs in the background of a script or under nohup, as POSIX says): it cannot be tested here");
        }
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "exits after SIG" + signal);
        assertFalse(p.isAlive());
        assertEquals(exitCode, p.exitValue(), "the documented exit code of SIG" + signal);
        String text = Files.readString(console);
        assertTrue(text.contains("GET_NODE"), text);
        try (Stream<Path> s = Files.list(results)) {
            Path dir = s.findFirst().orElseThrow();
            JsonNode json = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
            JsonNode request = json.get("phases").get(1);
            assertTrue(request.get("interrupted").asBoolean());
            assertEquals("interrupted", request.get("status").asText());
            assertEquals("signal", request.get("ended_by").asText());
            assertEquals("stopped by SIG" + signal + " (exit " + exitCode + ")", request.get("end_reason").asText(),
                    "the reason names the signal received, not all three");
            assertEquals("completed", json.get("phases").get(0).get("status").asText(), "the load was done");
        }
    }
}
