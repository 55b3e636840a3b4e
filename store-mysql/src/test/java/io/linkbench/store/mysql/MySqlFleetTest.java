package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.cli.Main;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.compare.LoadedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three client processes ({@code scripts/fleet.sh 3}) against MariaDB load the graph one
 * host loads with the same seed, run the request phase together, merge into the sum of their work,
 * and leave a graph that verifies.
 */
@Tag("mysql")
class MySqlFleetTest {
    private static final String FLEET_DB = "lbtest_fleet";
    private static final String SINGLE_DB = "lbtest_fleet_single";
    /**
     * How far ahead start_at lies: the time three JVMs take to start and connect on a busy machine. Six
     * seconds was too short at load average 14-20 (a client that arrives after start_at starts at once,
     * and the merge refuses windows that do not overlap).
     */
    private static final long HEAD_START_SECONDS = 20;

    @Test
    void threeProcessesLoadOneHostsGraphAndMergeIntoTheSum(@TempDir Path tmp) throws Exception {
        MySqlTestServer.assumeAvailable();
        String startAt = Instant.now().plusSeconds(HEAD_START_SECONDS).truncatedTo(ChronoUnit.SECONDS).toString();
        String[] graph = {"-D", "maxid1=4001", "-D", "seed=15", "-D", "loaders=1", "-D", "progressfreq=1"};
        fleet(tmp.resolve("load"), startAt, concat(graph, "-D", "schema=recreate", "-l"));
        // one host, the same seed and start_at (now passed: it is only the rows' base time)
        assertEquals(0, CliRunner.run("innodb.properties", SINGLE_DB, concat(graph, "-D", "schema=recreate",
                "-D", "start_at=" + startAt, "-l", "--results", tmp.resolve("single").toString())));
        assertEquals(MySqlTestServer.digest(SINGLE_DB), MySqlTestServer.digest(FLEET_DB), "the fleet loaded the single host's graph");

        // a phase of a number of requests, not of seconds: a window of 3 s held none on a fresh machine at load
        // average 20 (each JVM's first calls, class loading included, took longer than that); the warm-up takes
        // those first calls, and the measured windows open together at start_at
        Path requests = tmp.resolve("requests");
        fleet(requests, Instant.now().plusSeconds(HEAD_START_SECONDS).truncatedTo(ChronoUnit.SECONDS).toString(),
                concat(graph, "-D", "requesters=1", "-D", "warmup_time=2", "-D", "requests=300", "-D", "maxtime=120",
                        "-D", "displayfreq=1", "-r"));
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            try (Stream<Path> s = Files.list(requests.resolve("client-" + i))) {
                dirs.add(s.filter(Files::isDirectory).findFirst().orElseThrow());
            }
        }
        long sum = 0;
        for (LoadedRun r : LoadedRun.readAll(dirs)) {
            sum += requestPhase(r.run()).operations();
        }
        RunResult merged = LoadedRun.readAll(List.of(requests.resolve("merged"))).get(0).run();
        assertTrue(sum > 0, "the hosts' request phases did something: " + Files.readString(requests.resolve("client-0.log")));
        assertEquals(sum, requestPhase(merged).operations(), "the merged total is the sum of the hosts'");
        io.linkbench.measure.OpStats addNode = requestPhase(merged).ops().stream()
                .filter(o -> o.name().equals("ADD_NODE")).findFirst().orElseThrow();
        assertTrue(addNode.count() > 0, "the hosts added nodes");
        assertEquals(0, addNode.errors(), "ADD_NODE ids are unique across hosts (a duplicate would fail its insert)");
        assertEquals(0, CliRunner.run("innodb.properties", FLEET_DB, "verify"), "verify passes after the fleet");
    }

    private static PhaseResult requestPhase(RunResult run) {
        return run.phases().stream().filter(p -> !p.isLoad()).findFirst().orElseThrow();
    }

    /** scripts/fleet.sh 3 with this JVM's class path as the command; fails unless every process and the merge succeeded. */
    private static void fleet(Path out, String startAt, String... args) throws Exception {
        Path root = CliRunner.repositoryRoot();
        List<String> command = new ArrayList<>(List.of("bash", root.resolve("scripts/fleet.sh").toString(), "3"));
        command.addAll(List.of(CliRunner.args("innodb.properties", FLEET_DB, args)));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(Files.createDirectories(out).resolve("fleet.txt").toFile());
        pb.environment().put("FLEET_OUT", out.toString());
        pb.environment().put("FLEET_START_AT", startAt);
        pb.environment().put("LINKBENCH", Path.of(System.getProperty("java.home"), "bin", "java") + " -cp "
                + System.getProperty("java.class.path") + " " + Main.class.getName());
        Process p = pb.start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the fleet did not end");
        StringBuilder logs = new StringBuilder(Files.readString(out.resolve("fleet.txt")));
        for (int i = 0; i < 3; i++) {
            Path log = out.resolve("client-" + i + ".log");
            logs.append("\n--- client ").append(i).append('\n').append(Files.exists(log) ? Files.readString(log) : "");
        }
        assertEquals(0, p.exitValue(), logs.toString());
    }

    private static String[] concat(String[] a, String... b) {
        return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
    }
}
