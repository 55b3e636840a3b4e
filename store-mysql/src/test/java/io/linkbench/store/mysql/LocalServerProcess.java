package io.linkbench.store.mysql;

import io.linkbench.store.LocalHost;
import io.linkbench.tck.harness.ServerScripts;
import io.linkbench.tck.harness.ServerStall;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

/**
 * The test server's process on this host, found by the test itself (the server's {@code @@pid_file}, a
 * process named mysqld or mariadbd), and a way to freeze it for a while with SIGSTOP and SIGCONT
 * ({@link #pause}, or {@link #stop} and {@link #resume} around a {@link ServerStall} check). The signals go to
 * every process of that name whose working directory is the data directory (scripts/lib/procs.sh), looked
 * for again after each round: never to a pid noted earlier alone.
 *
 * @param pid     the server's process id
 * @param dataDir the server's {@code @@datadir}
 * @param name    the server's command name (mariadbd, mysqld)
 */
record LocalServerProcess(long pid, Path dataDir, String name) implements ServerStall.Server {

    /** The server's process here, or null with the reason printed when it runs elsewhere or cannot be found. */
    static LocalServerProcess find() throws SQLException {
        if (!LocalHost.isLocal(MySqlTestServer.HOST)) {
            return null;
        }
        try (Connection c = MySqlTestServer.jdbc(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@pid_file, @@datadir")) {
            rs.next();
            Path dataDir = Path.of(rs.getString(2));
            Path pidFile = dataDir.resolve(rs.getString(1)); // a relative pid_file is in the data directory
            long pid = Long.parseLong(Files.readString(pidFile, StandardCharsets.US_ASCII).trim());
            String comm = Files.readString(Path.of("/proc", Long.toString(pid), "comm"), StandardCharsets.US_ASCII);
            return comm.contains("mysqld") || comm.contains("mariadbd") ? new LocalServerProcess(pid, dataDir, comm.trim()) : null;
        } catch (IOException | RuntimeException e) {
            System.err.println("the test server's process was not found here: " + e);
            return null;
        }
    }

    /** True when this process may send the server signals (root, or the same user): {@code kill -0} succeeds. */
    boolean signallable() throws InterruptedException {
        try {
            return kill("-0");
        } catch (IOException e) {
            return false; // no bash to run kill
        }
    }

    /**
     * Freezes the server with SIGSTOP for {@code millis}, then resumes it with SIGCONT. Once {@code kill -STOP}
     * was run, SIGCONT is sent whatever happens (a timeout, an interrupt), so the test never leaves the server
     * frozen; a SIGCONT to a server that was not stopped does nothing.
     */
    void pause(long millis) throws IOException, InterruptedException {
        try {
            stop();
            Thread.sleep(millis); // the fault itself lasts this long: nothing to wait for
        } finally {
            resume();
        }
    }

    @Override
    public void stop() throws IOException, InterruptedException {
        ServerScripts.signalDir("STOP", dataDir, name);
    }

    @Override
    public void resume() throws IOException, InterruptedException {
        ServerScripts.signalDir("CONT", dataDir, name);
    }

    private boolean kill(String signal) throws IOException, InterruptedException {
        // bash's own kill: a /bin/kill (procps) may not be installed
        Process p = new ProcessBuilder("bash", "-c", "kill " + signal + " " + pid).redirectErrorStream(true).start();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return false;
        }
        return p.exitValue() == 0;
    }
}
