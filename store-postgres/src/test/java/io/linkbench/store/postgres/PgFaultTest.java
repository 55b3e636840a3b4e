package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.cli.Main;
import io.linkbench.store.LocalHost;
import io.linkbench.tck.harness.Await;
import io.linkbench.tck.harness.FaultSupport;
import io.linkbench.tck.harness.FaultSupport.CapturedRun;
import io.linkbench.tck.harness.ServerScripts;
import io.linkbench.tck.harness.Signals;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults through the command line: an unreachable server, a silent one and a wrong password each end
 * the run with one line on stderr (no stack trace, no password) and a non-zero exit code; a bad value
 * with exit code 2; a server restart (scripts/start-postgres.sh restart) in the middle of a request
 * phase costs the operations that were running (counted as retries, or as CONNECTION errors when the
 * retries run out), the phase ends on time, and the counts verify.
 */
@Tag("postgres")
class PgFaultTest {
    private static final String SECRET = "not-the-password-42";
    private static final String HINT = "; a local server: bash scripts/start-postgres.sh; another server: set host, port,"
            + " socket, user, password_file";

    @Test
    void unreachableServerEndsTheRunWithOneLine(@TempDir Path results) throws Exception {
        int port = FaultSupport.closedPort();
        CapturedRun o = oneLine(FaultSupport.runCapturingErr("-D", "store=postgres", "-D", "host=127.0.0.1",
                "-D", "port=" + port, "-D", "password=" + SECRET, "-r", "--results", results.toString()));
        assertEquals(1, o.exitCode());
        assertTrue(o.firstLine().startsWith("linkbench: cannot connect to PostgreSQL server 127.0.0.1:" + port), o.err());
        assertTrue(o.firstLine().endsWith(HINT), "the script and the keys: " + o.err());
    }

    @Test
    void unknownHostNamesTheScriptAndTheKeys(@TempDir Path results) throws Exception {
        CapturedRun o = oneLine(FaultSupport.runCapturingErr("-D", "store=postgres", "-D", "host=nosuchhost.invalid",
                "-D", "password=" + SECRET, "-r", "--results", results.toString()));
        assertEquals(1, o.exitCode());
        assertTrue(o.firstLine().endsWith(HINT), o.err());
    }

    @Test
    void silentServerEndsTheRunWithinTheConnectTimeout(@TempDir Path results) throws Exception {
        try (ServerSocket silent = FaultSupport.silentServer()) {
            long t0 = System.nanoTime();
            CapturedRun o = oneLine(FaultSupport.runCapturingErr("-D", "store=postgres", "-D", "host=127.0.0.1",
                    "-D", "port=" + silent.getLocalPort(), "-D", "connect_timeout=2", "-D", "password=" + SECRET,
                    "-r", "--results", results.toString()));
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertEquals(1, o.exitCode());
            assertTrue(o.firstLine().startsWith("linkbench: cannot connect to PostgreSQL server"), o.err());
            assertFalse(o.firstLine().contains("scripts/start-postgres.sh"), "a live but silent server needs no hint");
            assertTrue(seconds < 2 + 8, "gave up after " + seconds + " s with connect_timeout=2");
        }
    }

    @Test
    void wrongPasswordEndsTheRunWithOneLine(@TempDir Path results) throws Exception {
        PgTestServer.assumeAvailable();
        List<String> args = cli("lbtest_fault", "-r", "--results", results.toString());
        args.addAll(List.of("-D", "password=" + SECRET));
        CapturedRun o = oneLine(FaultSupport.runCapturingErr(args.toArray(String[]::new)));
        assertEquals(1, o.exitCode());
        assertTrue(o.firstLine().contains("cannot connect to PostgreSQL server")
                && o.firstLine().contains("password authentication failed"), o.err());
        assertTrue(o.firstLine().endsWith(HINT), o.err());
    }

    @Test
    void badIsolationIsOneLineWithExitCode2(@TempDir Path results) {
        CapturedRun o = oneLine(FaultSupport.runCapturingErr("-D", "store=postgres", "-D", "isolation=snapshot",
                "-D", "password=" + SECRET, "-r", "--results", results.toString()));
        assertEquals(2, o.exitCode());
        assertTrue(o.firstLine().contains("isolation"), o.err());
    }

    @Test
    void serverRestartDuringRequestsCostsOnlyTheRunningOperations(@TempDir Path results) throws Exception {
        PgTestServer.assumeAvailable();
        boolean ours = Files.isRegularFile(Path.of(System.getenv().getOrDefault("LINKBENCH_PG_DIR",
                "/var/tmp/linkbench-postgres"), "data", "postmaster.pid"));
        Assumptions.assumeTrue(ours && LocalHost.isLocal(PgTestServer.HOST),
                "restart test skipped: the server was not started by scripts/start-postgres.sh on this host");
        String schema = "lbtest_restart";
        assertEquals(0, requestsAcross(schema, results, 30, () -> ServerScripts.run("start-postgres.sh", "restart")),
                "exit code of -r across a restart");
        String json = resultJson(results.resolve("r"));
        long retries = sum(json, "retries");
        assertTrue(retries > 0 || json.contains("\"CONNECTION\""),
                "operations hit by the restart are counted: retried, or CONNECTION errors when retries ran out");
        try (Connection c = PgTestServer.jdbc(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")) {
            assertTrue(rs.next());
            assertTrue(rs.getLong(1) > 100, "transactions since the restart: " + rs.getLong(1));
        }
        assertEquals(0, Main.run(cli(schema, "verify").toArray(String[]::new)));
    }

    /**
     * A crash of the server of scripts/start-postgres.sh in the middle of a request phase, with one of its
     * backends stopped (SIGSTOP) at the moment of the kill: {@code start-postgres.sh kill} kills that one too (a
     * list of pids taken before the kill would miss a backend forked meanwhile, which then keeps the shared
     * memory and fails every start), {@code start-postgres.sh} starts the server again within 60 s (crash
     * recovery), the phase ends on time (completed, or failed saying so when more than 1% of the calls failed),
     * and verify finds 0 mismatches.
     */
    @Test
    void serverKilledWithABackendStoppedDuringRequestsStartsAgainAndVerifies(@TempDir Path results) throws Exception {
        PgTestServer.assumeAvailable();
        PgServerProcess server = PgServerProcess.find();
        Assumptions.assumeTrue(server != null, "kill test skipped: the server was not started by scripts/start-postgres.sh on this host");
        String schema = "lbtest_kill";
        int exitCode = requestsAcross(schema, results, 60, () -> {
            long backend;
            try (Connection c = PgTestServer.jdbc()) {
                backend = queryLong(c, "SELECT MAX(pid) FROM pg_stat_activity WHERE application_name = 'linkbench'"
                        + " AND pid <> pg_backend_pid()");
            }
            Signals.send("STOP", backend);
            server.kill();
            assertFalse(Files.exists(Path.of("/proc", Long.toString(backend))), "the stopped backend " + backend + " died");
            long started = System.nanoTime();
            ServerScripts.run("start-postgres.sh", "start");
            double startSeconds = (System.nanoTime() - started) / 1e9;
            assertTrue(startSeconds < 60, "start-postgres.sh took " + startSeconds + " s after the kill");
        });
        String json = resultJson(results.resolve("r"));
        String status = status(json, "request");
        assertTrue(List.of("completed", "failed").contains(status), "status " + status + ": " + json);
        assertEquals(status.equals("completed") ? 0 : 1, exitCode, "exit code of -r across the crash, status " + status);
        assertTrue(sum(json, "retries") > 0 || json.contains("\"CONNECTION\""),
                "the calls the crash cut are counted: retried, or CONNECTION errors: " + json);
        assertEquals(0, Main.run(cli(schema, "verify").toArray(String[]::new)));
    }

    /** What a test does to the server while the request phase runs. */
    private interface Fault {
        void inject() throws Exception;
    }

    /**
     * Loads a small graph into {@code schema}, runs a request phase of 20 s (2 requesters) with {@code fault}
     * injected once they are at work, checks that the phase ended within {@code slack} seconds past its time,
     * restores the server whatever happened, and returns the phase's exit code (result.json under results/r).
     */
    private static int requestsAcross(String schema, Path results, int slack, Fault fault) throws Exception {
        assertEquals(0, Main.run(cli(schema, "-D", "maxid1=2001", "-D", "schema=recreate", "-l",
                "--results", results.resolve("load").toString()).toArray(String[]::new)));
        int maxtime = 20; // long enough that the server is back before the end even on a busy machine (a call cut
        // by the end of the phase while the server is still away counts as failed): the fault comes 1-3 s in and the
        // server starts again in 1-2 s here; every second of it is waited out
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            long t0 = System.nanoTime();
            // retries that outlast a restart on a busy machine: a deadline of 60 s each, not a count
            Future<Integer> run = pool.submit(() -> Main.run(cli(schema, "-D", "maxid1=2001", "-D",
                    "maxtime=" + maxtime, "-D", "requesters=2", "-D", "displayfreq=2", "-D", "retry_for=60",
                    "-D", "retry_backoff_ms=20", "-r",
                    "--results", results.resolve("r").toString()).toArray(String[]::new)));
            awaitRequesters(schema);
            fault.inject();
            int exitCode = run.get(maxtime + slack + 60, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(seconds < maxtime + slack, "a " + maxtime + " s phase took " + seconds + " s");
            return exitCode;
        } finally {
            pool.shutdownNow();
            restoreServer();
        }
    }

    /** Leaves the server of scripts/start-postgres.sh running and continued, whatever a test did to it. */
    private static void restoreServer() throws Exception {
        if (Files.isRegularFile(PgServerProcess.DATA.resolve("PG_VERSION"))) {
            ServerScripts.run("start-postgres.sh", "resume");
            ServerScripts.run("start-postgres.sh", "start");
        }
    }

    /** The status of the phase named {@code phase} ("load", "request") in result.json. */
    static String status(String json, String phase) {
        var m = java.util.regex.Pattern.compile("\"phase\"\\s*:\\s*\"" + phase + "\".*?\"status\"\\s*:\\s*\"(\\w+)\"",
                java.util.regex.Pattern.DOTALL).matcher(json);
        return m.find() ? m.group(1) : "(no " + phase + " phase)";
    }

    /** The sum of every {@code "key": N} in result.json. */
    static long sum(String json, String key) {
        return java.util.regex.Pattern.compile("\"" + key + "\"\\s*:\\s*(\\d+)").matcher(json).results()
                .mapToLong(m -> Long.parseLong(m.group(1))).sum();
    }

    /**
     * Waits until both requesters are connected and have run a few hundred operations (20 nodes added past the
     * loaded ids: ADD_NODE is 2.6% of the mix).
     */
    private static void awaitRequesters(String schema) throws Exception {
        try (Connection c = PgTestServer.jdbc()) {
            Await.until(Duration.ofSeconds(60), "the admin connection and two requesters", () -> queryLong(c,
                    "SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = 'linkbench' AND pid <> pg_backend_pid()")
                    >= 3);
            Await.until(Duration.ofSeconds(60), "20 nodes added by the requesters",
                    () -> queryLong(c, "SELECT COALESCE(MAX(id), 0) FROM " + schema + ".nodetable") >= 2001 + 20);
        }
    }

    private static long queryLong(Connection c, String sql) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** {@code -c config/postgres.properties} with the test server's coordinates, a schema, and {@code args}. */
    static List<String> cli(String schema, String... args) {
        return cli("config/postgres.properties", PgTestServer.settings(schema, Map.of()), args);
    }

    /**
     * {@code -c <config>} of the repository, {@code -D key=value} of each of {@code keys}, and {@code args}, with
     * a subcommand ({@code verify}) first, as its options follow it.
     */
    static List<String> cli(String config, Map<String, String> keys, String... args) {
        List<String> all = new ArrayList<>();
        if (List.of(args).contains("verify")) {
            all.add("verify");
        }
        all.addAll(List.of("-c", repositoryRoot().resolve(config).toString()));
        for (Map.Entry<String, String> e : keys.entrySet()) {
            all.add("-D");
            all.add(e.getKey() + "=" + e.getValue());
        }
        for (String a : args) {
            if (!a.equals("verify")) {
                all.add(a);
            }
        }
        return all;
    }

    static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("config/postgres.properties"))) {
                return p;
            }
        }
        throw new IllegalStateException("config/postgres.properties not found above " + Path.of("").toAbsolutePath());
    }

    static String resultJson(Path results) throws IOException {
        try (Stream<Path> files = Files.walk(results)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().equals("result.json")).toList();
            assertEquals(1, found.size(), "one result.json under " + results + ": " + found);
            return Files.readString(found.get(0));
        }
    }

    /** A run whose stderr is one message line: no stack trace, no password. */
    private static CapturedRun oneLine(CapturedRun run) {
        assertFalse(run.firstLine().isBlank(), "an error message on stderr");
        assertFalse(run.err().contains("\tat "), "no stack trace: " + run.err());
        assertFalse(run.err().contains(SECRET), "the password is never printed: " + run.err());
        return run;
    }
}
