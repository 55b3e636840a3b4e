package io.linkbench.store.postgres;

import io.linkbench.store.LocalHost;
import io.linkbench.tck.harness.ServerStall;
import io.linkbench.tck.harness.Signals;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The test server's processes on this host: the postmaster (the first line of {@code postmaster.pid} in the
 * server's {@code data_directory}) and its children, the backends and background workers. Stopping the server
 * stops the postmaster first, so it forks no new backend, then every child; resuming continues all of them.
 */
final class PgServerProcess implements ServerStall.Server {
    private final long postmaster;
    private final Set<Long> stopped = new LinkedHashSet<>();

    private PgServerProcess(long postmaster) {
        this.postmaster = postmaster;
    }

    /** The test server's postmaster here, or null with the reason printed when it runs elsewhere or cannot be found. */
    static PgServerProcess find() throws SQLException {
        if (!LocalHost.isLocal(PgTestServer.HOST)) {
            return null;
        }
        try (Connection c = PgTestServer.jdbc(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW data_directory")) {
            rs.next();
            Path pidFile = Path.of(rs.getString(1), "postmaster.pid");
            long pid = Long.parseLong(Files.readAllLines(pidFile, StandardCharsets.US_ASCII).get(0).trim());
            return Files.isDirectory(Path.of("/proc", Long.toString(pid))) ? new PgServerProcess(pid) : null;
        } catch (IOException | RuntimeException e) {
            System.err.println("the test server's postmaster was not found here: " + e);
            return null;
        }
    }

    /** True when this process may send the server signals (root, or the same user). */
    boolean signallable() {
        try {
            Signals.send("0", postmaster);
            return true;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    @Override
    public synchronized void stop() throws IOException, InterruptedException {
        stopped.add(postmaster);
        Signals.send("STOP", postmaster);
        List<Long> children = children();
        stopped.addAll(children);
        if (!children.isEmpty()) {
            Signals.send("STOP", children.stream().mapToLong(Long::longValue).toArray());
        }
    }

    @Override
    public synchronized void resume() throws IOException, InterruptedException {
        Set<Long> all = new LinkedHashSet<>(stopped);
        all.addAll(children());
        all.add(postmaster);
        long[] alive = all.stream().filter(p -> Files.isDirectory(Path.of("/proc", p.toString())))
                .mapToLong(Long::longValue).toArray();
        try {
            if (alive.length > 0) {
                Signals.send("CONT", alive);
            }
        } finally {
            stopped.clear();
        }
    }

    /** The postmaster's children now: the processes whose parent (field 4 of /proc/PID/stat) it is. */
    private List<Long> children() throws IOException {
        List<Long> out = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).toList()) {
                try {
                    String stat = Files.readString(p.resolve("stat"), StandardCharsets.US_ASCII);
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    if (Long.parseLong(fields[1]) == postmaster) {
                        out.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException gone) {
                    // the process ended meanwhile
                }
            }
        }
        return out;
    }
}
