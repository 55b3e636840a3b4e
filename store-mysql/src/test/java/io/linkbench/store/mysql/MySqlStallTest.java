package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.tck.harness.ServerStall;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server that stops answering (its process frozen with SIGSTOP for a few seconds, then continued): a request
 * phase and a load end {@code failed}, the server stalled, with status lines throughout, instead of hanging and
 * then reporting {@code completed}; Ctrl-C during the stall writes every result file at once. The stalls are
 * short ({@code stall_limit} and {@code load_stall_limit} of 5 s) and always end with SIGCONT.
 */
@Tag("mysql")
class MySqlStallTest {
    private static final String DB = "lbtest_stall";

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
        ServerStall.requestPhaseFails(server, tmp, List.of(CliRunner.args("innodb.properties", DB, "-r")));
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
}
