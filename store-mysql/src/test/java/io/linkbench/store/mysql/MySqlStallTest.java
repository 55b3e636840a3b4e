package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.tck.harness.Await;
import io.linkbench.tck.harness.HeldLock;
import io.linkbench.tck.harness.ServerStall;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that stops answering (its process frozen with SIGSTOP for a few seconds, then continued): a request
 * phase and a load end {@code failed}, the server stalled, with status lines throughout, instead of hanging and
 * then reporting {@code completed}; Ctrl-C during the stall writes every result file at once; a post-load step
 * ({@code build index}, held on a metadata lock so that it is still running) on a stalled server ends the load
 * failed within {@code load_stall_limit}, while one held on a server that answers is waited for, and one that fails
 * (its connection killed) ends the load failed with its result written. The stalls are
 * short ({@code stall_limit} and {@code load_stall_limit} of 3 to 5 s) and always end with SIGCONT. A TAOBench phase
 * (transactions open across calls) ends failed the same way.
 */
@Tag("mysql")
class MySqlStallTest {
    private static final String DB = "lbtest_stall";
    /**
     * The stalled request phase's maxtime: the server is stopped at its first status line with operations (about
     * 1 s in), and the phase ends failed {@code stall_limit} after this; far more than a busy machine takes to stop it.
     */
    private static final int REQUEST_SECONDS = 20;
    private static final String BUILD_INDEX = "build index id1_type";

    /** The test server's process, or the test skipped saying why it cannot be stopped here. */
    private static LocalServerProcess server() throws Exception {
        MySqlTestServer.assumeAvailable();
        LocalServerProcess server = LocalServerProcess.find();
        Assumptions.assumeTrue(server != null && server.signallable(),
                "stall test skipped: the test server's process is not on this host, or this user may not signal it");
        return server;
    }

    /** A small graph in {@value #DB}, loaded while the server answers. */
    private static void loadSmallGraph(Path tmp) {
        assertEquals(0, CliRunner.run("innodb.properties", DB, "-D", "maxid1=2001", "-D", "schema=recreate", "-l",
                "--results", tmp.resolve("load").toString()));
    }

    @Test
    void aRequestPhaseOnAStalledServerEndsFailedWithStatusLinesThroughout(@TempDir Path tmp) throws Exception {
        LocalServerProcess server = server();
        loadSmallGraph(tmp);
        ServerStall.requestPhaseFails(server, tmp, List.of(CliRunner.args("innodb.properties", DB, "-r")),
                REQUEST_SECONDS);
    }

    /**
     * The same for a TAOBench phase (config/taobench-a.properties), whose transactions hold a session from BEGIN to
     * COMMIT: a transaction open when the server stops ends the phase failed too, with status lines throughout.
     */
    @Test
    void aTaoBenchPhaseOnAStalledServerEndsFailedWithStatusLinesThroughout(@TempDir Path tmp) throws Exception {
        LocalServerProcess server = server();
        String tao = CliRunner.repositoryRoot().resolve("config").resolve("taobench-a.properties").toString();
        String db = DB + "_tao";
        assertEquals(0, CliRunner.run("innodb.properties", db, "-c", tao, "-D", "maxid1=2001", "-D", "schema=recreate",
                "-l", "--results", tmp.resolve("load").toString()));
        ServerStall.requestPhaseFails(server, tmp, List.of(CliRunner.args("innodb.properties", db, "-c", tao, "-r")),
                REQUEST_SECONDS);
    }

    @Test
    void aLoadOnAStalledServerEndsFailedWithProgressLinesThroughout(@TempDir Path tmp) throws Exception {
        LocalServerProcess server = server();
        ServerStall.loadFails(server, tmp, List.of(CliRunner.args("innodb.properties", DB + "_load", "-D",
                "maxid1=500001", "-D", "schema=recreate", "-l")));
    }

    @Test
    void ctrlCDuringAStallWritesEveryResultFile(@TempDir Path tmp) throws Exception {
        LocalServerProcess server = server();
        loadSmallGraph(tmp);
        ServerStall.ctrlCWritesTheResults(server, tmp, List.of(CliRunner.args("innodb.properties", DB, "-r")));
    }

    /**
     * Empty tables in {@code db} without the list index, and a transaction that read the link table and so holds its
     * metadata lock until closed (idempotent): a load into them with {@code schema = create} and {@code
     * index_after_load} runs (its inserts share the lock), but its index build waits for the lock, so it is still
     * running whenever the test acts.
     */
    private static AutoCloseable heldIndexBuild(String db) throws Exception {
        MySqlTestServer.freshStore("InnoDB", db, Map.of("index_after_load", "true")).close();
        return HeldLock.hold(MySqlTestServer.jdbc(db), "SELECT * FROM linktable LIMIT 1");
    }

    private static void withHeldIndexBuild(String suffix, HeldLock.HeldLoad test) throws Exception {
        String db = DB + suffix;
        try (AutoCloseable held = heldIndexBuild(db)) {
            test.run(List.of(CliRunner.args("innodb.properties", db, "-D", "maxid1=2001", "-D", "schema=create", "-D",
                    "index_after_load=true", "-l")), held);
        }
    }

    @Test
    void aPostLoadStepOnAStalledServerEndsTheLoadFailedWithStatusLinesThroughout(@TempDir Path tmp) throws Exception {
        LocalServerProcess server = server();
        withHeldIndexBuild("_step", (load, held) -> ServerStall.postLoadStepFails(server, tmp, load, BUILD_INDEX));
    }

    /**
     * The index build's connection killed on the server (as a server crash or a full disk fails a step): the load ends
     * {@code failed} with the step's error, and its result is still written, as a stalled step's is.
     */
    @Test
    void aPostLoadStepThatFailsEndsTheLoadFailedAndItsResultIsWritten(@TempDir Path tmp) throws Exception {
        MySqlTestServer.assumeAvailable();
        String db = DB + "_failed_step";
        Path results = tmp.resolve("failed-step");
        try (AutoCloseable held = heldIndexBuild(db)) {
            CompletableFuture<Integer> load = CompletableFuture.supplyAsync(() -> CliRunner.run("innodb.properties", db,
                    "-D", "maxid1=2001", "-D", "schema=create", "-D", "index_after_load=true", "-l",
                    "--results", results.toString()));
            long build = Await.until(Duration.ofSeconds(180), "the index build waiting for the held lock",
                    () -> indexBuild(db), id -> id > 0);
            try (Connection c = MySqlTestServer.jdbc(db); Statement s = c.createStatement()) {
                s.execute("KILL CONNECTION " + build);
            }
            assertEquals(1, load.get(180, TimeUnit.SECONDS), "the failed step fails the run");
        }
        JsonNode phase = new ObjectMapper().readTree(CliRunner.resultJson(results)).get("phases").get(0);
        assertEquals("failed", phase.get("status").asText(), phase.toString());
        assertTrue(phase.get("end_reason").asText().startsWith("the post-load step " + BUILD_INDEX + " failed after "),
                phase.toString());
        assertTrue(phase.get("ops").toString().contains("LOAD_LINKS"), "what the load measured: " + phase);
    }

    /** The server thread of the ALTER TABLE that adds the index in {@code db}, or 0 while there is none. */
    private static long indexBuild(String db) throws Exception {
        try (Connection c = MySqlTestServer.jdbc(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE 'ALTER TABLE %"
                     + db + "%ADD INDEX%'")) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    @Test
    void aPostLoadStepWaitingOnALockOfAnAnsweringServerIsWaitedFor(@TempDir Path tmp) throws Exception {
        MySqlTestServer.assumeAvailable();
        withHeldIndexBuild("_long_step", (load, held) -> ServerStall.postLoadStepWaitedFor(tmp, load, BUILD_INDEX, held));
    }
}
