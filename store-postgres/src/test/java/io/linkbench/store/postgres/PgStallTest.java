package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.cli.Main;
import io.linkbench.tck.harness.HeldLock;
import io.linkbench.tck.harness.ServerStall;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that stops answering (the postmaster and its backends frozen with SIGSTOP for a few seconds, then
 * continued): a request phase and a load end {@code failed}, the server stalled, with status lines throughout,
 * instead of hanging and then reporting {@code completed}; Ctrl-C during the stall writes every result file at
 * once; a post-load step ({@code vacuum analyze}, held on a lock so that it is still running) on a stalled server
 * ends the load failed too, and Ctrl-C during it ends the run at once. PostgreSQL's own {@code statement_timeout} cannot end a statement of a stopped server: the client's
 * timeouts and the driver's limits must. The stalls are short ({@code stall_limit} and
 * {@code load_stall_limit} of 5 s) and always end with SIGCONT; {@code scripts/start-postgres.sh pause} and
 * {@code resume} signal every process of the server, a backend forked during the pause included.
 */
@Tag("postgres")
class PgStallTest {
    private static final String SCHEMA = "lbtest_stall";
    /**
     * The stalled request phase's maxtime: the server is stopped at its first status line with operations (about
     * 1 s in), and the phase ends failed {@code stall_limit} after this; far more than a busy machine takes to stop it.
     */
    private static final int REQUEST_SECONDS = 20;

    /** The test server's processes, or the test skipped saying why they cannot be stopped here. */
    private static PgServerProcess server() throws Exception {
        PgTestServer.assumeAvailable();
        PgServerProcess server = PgServerProcess.find();
        Assumptions.assumeTrue(server != null,
                "stall test skipped: the test server is not the one scripts/start-postgres.sh runs on this host");
        return server;
    }

    /** A small graph in the schema {@value #SCHEMA}, loaded while the server answers. */
    private static void loadSmallGraph(Path tmp) {
        assertEquals(0, Main.run(PgFaultTest.cli(SCHEMA, "-D", "maxid1=2001", "-D", "schema=recreate", "-l",
                "--results", tmp.resolve("load").toString()).toArray(String[]::new)));
    }

    @Test
    void aRequestPhaseOnAStalledServerEndsFailedWithStatusLinesThroughout(@TempDir Path tmp) throws Exception {
        PgServerProcess server = server();
        loadSmallGraph(tmp);
        ServerStall.requestPhaseFails(server, tmp, PgFaultTest.cli(SCHEMA, "-r"), REQUEST_SECONDS);
    }

    @Test
    void aLoadOnAStalledServerEndsFailedWithProgressLinesThroughout(@TempDir Path tmp) throws Exception {
        PgServerProcess server = server();
        ServerStall.loadFails(server, tmp, PgFaultTest.cli(SCHEMA + "_load", "-D", "maxid1=500001", "-D",
                "schema=recreate", "-l"));
    }

    /**
     * Empty tables in {@code schema}, and a transaction that holds the count table in SHARE UPDATE EXCLUSIVE mode
     * until closed (idempotent): a load into them with {@code schema = create} runs, but its {@code vacuum analyze}
     * waits for the lock, so it is still running whenever the test acts.
     */
    private static AutoCloseable heldVacuum(String schema) throws Exception {
        PgTestServer.freshStore(schema, Map.of("index_after_load", "false"), 1).close();
        return HeldLock.hold(PgTestServer.jdbc(), "LOCK TABLE " + schema + ".counttable IN SHARE UPDATE EXCLUSIVE MODE");
    }

    /** Runs {@code test} with the vacuum of a load into the schema {@value #SCHEMA}{@code suffix} held. */
    private static void withHeldVacuum(String suffix, HeldLock.HeldLoad test) throws Exception {
        String schema = SCHEMA + suffix;
        try (AutoCloseable held = heldVacuum(schema)) {
            test.run(PgFaultTest.cli(schema, "-D", "maxid1=2001", "-D", "schema=create", "-D", "index_after_load=false",
                    "-l"), held);
        }
    }

    @Test
    void aPostLoadStepOnAStalledServerEndsTheLoadFailedWithStatusLinesThroughout(@TempDir Path tmp) throws Exception {
        PgServerProcess server = server();
        withHeldVacuum("_step", (load, held) -> ServerStall.postLoadStepFails(server, tmp, load, "vacuum analyze"));
    }

    @Test
    void aPostLoadStepWaitingOnALockOfAnAnsweringServerIsWaitedFor(@TempDir Path tmp) throws Exception {
        PgTestServer.assumeAvailable();
        withHeldVacuum("_long_step", (load, held) -> ServerStall.postLoadStepWaitedFor(tmp, load, "vacuum analyze", held));
    }

    @Test
    void ctrlCDuringAStalledPostLoadStepEndsTheRunWithoutWaitingForTheServer(@TempDir Path tmp) throws Exception {
        PgServerProcess server = server();
        withHeldVacuum("_step_ctrl_c",
                (load, held) -> ServerStall.ctrlCDuringAStalledPostLoadStep(server, tmp, load, "vacuum analyze"));
    }

    @Test
    void ctrlCDuringAStallWritesEveryResultFile(@TempDir Path tmp) throws Exception {
        PgServerProcess server = server();
        loadSmallGraph(tmp);
        ServerStall.ctrlCWritesTheResults(server, tmp, PgFaultTest.cli(SCHEMA, "-r"));
    }
}
