package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.cli.Main;
import io.linkbench.tck.harness.ServerStall;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that stops answering (the postmaster and its backends frozen with SIGSTOP for a few seconds, then
 * continued): a request phase and a load end {@code failed}, the server stalled, with status lines throughout,
 * instead of hanging and then reporting {@code completed}; Ctrl-C during the stall writes every result file at
 * once. PostgreSQL's own {@code statement_timeout} cannot end a statement of a stopped server: the client's
 * timeouts and the driver's limits must. The stalls are short ({@code stall_limit} and
 * {@code load_stall_limit} of 5 s) and always end with SIGCONT; {@code scripts/start-postgres.sh pause} and
 * {@code resume} signal every process of the server, a backend forked during the pause included.
 */
@Tag("postgres")
class PgStallTest {
    private static final String SCHEMA = "lbtest_stall";

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
        ServerStall.requestPhaseFails(server, tmp, PgFaultTest.cli(SCHEMA, "-r"));
    }

    @Test
    void aLoadOnAStalledServerEndsFailedWithProgressLinesThroughout(@TempDir Path tmp) throws Exception {
        PgServerProcess server = server();
        ServerStall.loadFails(server, tmp, PgFaultTest.cli(SCHEMA + "_load", "-D", "maxid1=500001", "-D",
                "schema=recreate", "-l"));
    }

    @Test
    void ctrlCDuringAStallWritesEveryResultFile(@TempDir Path tmp) throws Exception {
        PgServerProcess server = server();
        loadSmallGraph(tmp);
        ServerStall.ctrlCWritesTheResults(server, tmp, PgFaultTest.cli(SCHEMA, "-r"));
    }
}
