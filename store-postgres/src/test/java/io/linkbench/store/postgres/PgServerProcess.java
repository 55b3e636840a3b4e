package io.linkbench.store.postgres;

import io.linkbench.store.LocalHost;
import io.linkbench.tck.harness.ServerScripts;
import io.linkbench.tck.harness.ServerStall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The test server when {@code scripts/start-postgres.sh} runs it on this host (its data directory is
 * LINKBENCH_PG_DIR/data, default /var/tmp/linkbench-postgres/data), and the script's fault helpers:
 * {@code pause} and {@code resume} send SIGSTOP and SIGCONT to every process of the server (found by their
 * working directory, looked for again after each round, so a backend forked meanwhile is stopped too),
 * {@code kill} crashes it (SIGKILL until none is left), and {@code start} brings it back (crash recovery,
 * after ending what the killed server left running).
 */
final class PgServerProcess implements ServerStall.Server {
    private static final String SCRIPT = "start-postgres.sh";
    static final Path DATA = Path.of(System.getenv().getOrDefault("LINKBENCH_PG_DIR", "/var/tmp/linkbench-postgres"), "data");

    private PgServerProcess() {
    }

    /**
     * The script's server, or null with the reason printed when the test server runs elsewhere or in
     * another data directory (a server the script did not start is not the tests' to stop or kill).
     */
    static PgServerProcess find() throws SQLException {
        if (!LocalHost.isLocal(PgTestServer.HOST)) {
            System.err.println("the test server is not on this host");
            return null;
        }
        try (Connection c = PgTestServer.jdbc(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW data_directory")) {
            rs.next();
            Path dir = Path.of(rs.getString(1));
            if (!Files.isDirectory(DATA) || !Files.isSameFile(dir, DATA)) {
                System.err.println("the test server's data directory " + dir + " is not " + DATA + " of scripts/" + SCRIPT);
                return null;
            }
            return new PgServerProcess();
        } catch (java.io.IOException e) {
            System.err.println("the test server's data directory was not found here: " + e);
            return null;
        }
    }

    @Override
    public void stop() throws Exception {
        ServerScripts.run(SCRIPT, "pause");
    }

    @Override
    public void resume() throws Exception {
        ServerScripts.run(SCRIPT, "resume");
    }

    /** A crash: SIGKILL to every process of the server, until none is left. */
    void kill() throws Exception {
        ServerScripts.run(SCRIPT, "kill");
    }

    /**
     * Leaves the server as the tests found it: continued, and started again when it does not answer (after a
     * kill, or a test that failed between its kill and its start).
     */
    void restore() throws Exception {
        ServerScripts.run(SCRIPT, "resume");
        if (!answers()) {
            ServerScripts.run(SCRIPT, "start");
        }
    }

    /** True when a connection to the test server opens. */
    static boolean answers() {
        try (Connection c = PgTestServer.jdbc()) {
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
