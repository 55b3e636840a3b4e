package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.LocalHost;
import io.linkbench.tck.harness.Await;
import io.linkbench.tck.harness.FaultSupport;
import io.linkbench.tck.harness.FaultSupport.CapturedRun;
import io.linkbench.tck.harness.ServerScripts;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults: a server that cannot be reached at start ends the run at once with a one-line error and a
 * non-zero exit code, within the connect timeout; a server restart in the middle of a request phase
 * costs the operations that were running (counted as errors) and nothing else: the requesters
 * reconnect, the phase ends on time and reports, and the counts still verify.
 */
@Tag("mysql")
class MySqlFaultTest {
    private static final String HINT = "; a local server: bash scripts/start-mariadb.sh; another server: set host, port,"
            + " socket, user, password_file";

    @Test
    void refusedConnectionEndsTheRunWithOneLine(@TempDir Path results) throws Exception {
        int port = FaultSupport.closedPort();
        CapturedRun o = runCapturingErr("-D", "store=mysql", "-D", "host=127.0.0.1", "-D", "port=" + port,
                "-D", "password=x", "-r", "--results", results.toString());
        assertEquals(1, o.exitCode());
        assertTrue(o.firstLine().startsWith("linkbench: cannot connect to MySQL server 127.0.0.1:" + port), o.err());
        assertTrue(o.firstLine().endsWith(HINT), "the script and the keys: " + o.err());
    }

    @Test
    void unknownHostOrUserNamesTheScriptAndTheKeys(@TempDir Path results) throws Exception {
        CapturedRun host = runCapturingErr("-D", "store=mysql", "-D", "host=nosuchhost.invalid", "-D", "password=x", "-r",
                "--results", results.toString());
        assertEquals(1, host.exitCode());
        assertTrue(host.firstLine().endsWith(HINT), host.err());
        MySqlTestServer.assumeAvailable();
        CapturedRun user = runCapturingErr("-D", "store=mysql", "-D", "host=" + MySqlTestServer.HOST, "-D",
                "port=" + MySqlTestServer.PORT, "-D", "user=lbtest_nobody", "-D", "password=x", "-r",
                "--results", results.toString());
        assertEquals(1, user.exitCode());
        assertTrue(user.firstLine().contains("Access denied") && user.firstLine().endsWith(HINT), user.err());
    }

    @Test
    void silentServerEndsTheRunWithinTheConnectTimeout(@TempDir Path results) throws Exception {
        try (ServerSocket silent = FaultSupport.silentServer()) {
            long t0 = System.nanoTime();
            CapturedRun o = runCapturingErr("-D", "store=mysql", "-D", "host=127.0.0.1", "-D",
                    "port=" + silent.getLocalPort(), "-D", "connect_timeout=2", "-D", "password=x", "-r",
                    "--results", results.toString());
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertEquals(1, o.exitCode());
            assertTrue(o.firstLine().startsWith("linkbench: cannot connect to MySQL server"), o.err());
            assertFalse(o.firstLine().contains("scripts/start-mariadb.sh"), "a live but silent server needs no hint");
            assertTrue(seconds < 2 + 8, "gave up after " + seconds + " s with connect_timeout=2");
        }
    }

    @Test
    void serverRestartDuringRequestsCostsOnlyTheRunningOperations(@TempDir Path results) throws Exception {
        MySqlTestServer.assumeAvailable();
        boolean ours = Files.exists(Path.of("/run/mysqld/linkbench-started"))
                || "true".equals(System.getenv("LINKBENCH_MYSQL_ALLOW_RESTART"));
        Assumptions.assumeTrue(ours && LocalHost.isLocal(MySqlTestServer.HOST),
                "restart test skipped: the server was not started by scripts/start-mariadb.sh on this host"
                        + " (set LINKBENCH_MYSQL_ALLOW_RESTART=true to restart it anyway)");
        String db = "lbtest_restart";
        assertEquals(0, CliRunner.run("myrocks.properties", db, "-D", "maxid1=2001", "-D", "schema=recreate",
                "-l", "--results", results.resolve("load").toString()));

        int maxtime = 20; // long enough that the server is back before the end even on a busy machine (a call cut
        // by the end of the phase while the server is still away counts as failed): the restart comes 1-3 s in and
        // takes a few seconds here (1 s of it down); every second of it is waited out
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            long t0 = System.nanoTime();
            // retries that outlast a restart on a busy machine: a deadline of 60 s each, not a count
            Future<Integer> run = pool.submit(() -> CliRunner.run("myrocks.properties", db, "-D", "maxid1=2001", "-D", "maxtime=" + maxtime,
                    "-D", "requesters=2", "-D", "displayfreq=2", "-D", "retry_for=60",
                    "-D", "retry_backoff_ms=20", "-r",
                    "--results", results.resolve("r").toString()));
            awaitRequesters(db);
            ServerScripts.run("restart-mariadb.sh", "1");
            assertEquals(0, run.get(maxtime + 60, TimeUnit.SECONDS), "exit code of -r across a restart");
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(seconds < maxtime + 30, "a " + maxtime + " s phase took " + seconds + " s");
        } finally {
            pool.shutdownNow();
            if (!answers()) { // a restart that failed: the next test finds the server up all the same
                ServerScripts.run("start-mariadb.sh");
            }
        }
        String json = CliRunner.resultJson(results.resolve("r"));
        long retries = java.util.regex.Pattern.compile("\"retries\"\\s*:\\s*(\\d+)").matcher(json).results()
                .mapToLong(m -> Long.parseLong(m.group(1))).sum();
        assertTrue(retries > 0 || json.contains("\"CONNECTION\""),
                "operations the restart cut are counted: retried, or CONNECTION errors once the retries ran out");
        try (Connection c = MySqlTestServer.jdbc(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Com_stmt_execute'")) {
            assertTrue(rs.next());
            assertTrue(rs.getLong(2) > 100, "statements run since the restart: " + rs.getLong(2));
        }
        assertEquals(0, CliRunner.run("myrocks.properties", db, "verify"));
    }

    /**
     * Waits until both requesters have connected to {@code db} and run a few hundred operations (20 nodes added
     * past the loaded ids: ADD_NODE is 2.6% of the mix).
     */
    private static void awaitRequesters(String db) throws Exception {
        try (Connection c = MySqlTestServer.jdbc("")) {
            Await.until(Duration.ofSeconds(60), "both requesters connected to " + db, () -> queryLong(c,
                    "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE db = '" + db + "'") >= 2);
            Await.until(Duration.ofSeconds(60), "20 nodes added by the requesters",
                    () -> queryLong(c, "SELECT COALESCE(MAX(id), 0) FROM " + db + ".nodetable") >= 2001 + 20);
        }
    }

    private static boolean answers() {
        try (Connection c = MySqlTestServer.jdbc("")) {
            return true;
        } catch (java.sql.SQLException e) {
            return false;
        }
    }

    private static long queryLong(Connection c, String sql) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A run with stderr captured, which must say something. */
    private static CapturedRun runCapturingErr(String... args) {
        CapturedRun run = FaultSupport.runCapturingErr(args);
        assertFalse(run.firstLine().isBlank(), "an error message on stderr");
        return run;
    }
}
