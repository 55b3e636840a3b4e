package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar linkbench.jar} as a user starts it, with the run in a child JVM: the child ends with
 * its launcher, a damaged class-data archive is never mapped, signals arrive as sent whatever PATH holds,
 * and the user's JVM options reach the run's JVM once and win. Each test has a HOME of its own (the
 * archive cache goes there) and waits on what the run prints, with deadlines.
 */
class LauncherTest {
    private static final long SECOND = 1_000_000_000L;

    @TempDir
    static Path jarDir;
    static Path jar;

    @TempDir
    Path home;

    @BeforeAll
    static void makeJar() throws IOException {
        jar = LauncherJar.make(jarDir);
    }

    @Test
    void theRunsJvmEndsWithinSecondsOfItsLaunchersSigkillAndWritesItsResults() throws Exception {
        Process launcher = startRun(List.of());
        List<ProcessHandle> run = launcher.descendants().toList();
        assertEquals(1, run.size(), "one child JVM runs the benchmark: " + describe(run));
        launcher.destroyForcibly(); // SIGKILL: nothing of the launcher runs after it
        assertNoProcessLeft(launcher, run);
        String console = console();
        assertTrue(console.contains("linkbench: the linkbench JVM that started this one (pid " + launcher.pid()
                + ") is gone: stopping the run"), console);
        JsonNode request = phases().get(1);
        assertEquals("interrupted", request.get("status").asText());
        assertEquals("stopped: the linkbench JVM that started this one (pid " + launcher.pid() + ") is gone",
                request.get("end_reason").asText());
    }

    @Test
    void aJvmThatPreTouchesItsHeapRunsTheBenchmarkWithoutAChild() throws Exception {
        Process launcher = startRun(List.of("-Xms64m", "-XX:+AlwaysPreTouch"));
        try {
            assertEquals(List.of(), launcher.descendants().map(ProcessHandle::pid).toList(),
                    "a second JVM would hold a pre-touched heap again");
        } finally {
            launcher.destroyForcibly();
            launcher.waitFor();
        }
    }

    @Test
    void sigintReachesTheRunAsSigintWhenPathHoldsNeitherJavaNorKill() throws Exception {
        Process launcher = startRun(List.of(), Map.of("PATH", home.resolve("empty").toString()));
        if (ignores(launcher.pid(), 2)) {
            launcher.destroyForcibly();
            launcher.waitFor();
            Assumptions.abort("the launcher ignores SIGINT, inherited from this test's JVM (the suite runs in the"
                    + " background of a script or under nohup, as POSIX says): it cannot be tested here");
        }
        new ProcessBuilder(ReceivedSignal.SHELL, "-c", "kill -s INT " + launcher.pid()).start().waitFor();
        assertTrue(launcher.waitFor(60, TimeUnit.SECONDS), "exits after SIGINT");
        assertEquals(130, launcher.exitValue(), console());
        assertEquals("stopped by SIGINT (exit 130)", phases().get(1).get("end_reason").asText());
    }

    @Test
    void aDamagedArchiveIsNeverMappedAndIsMadeAgainUnderHome() throws Exception {
        assertEquals(0, run(List.of(), Map.of(), "-D", "store=memory", "-D", "maxid1=2001", "-l", "--results", results()));
        Path cache = home.resolve(".cache/linkbench"); // HOME's, not the password file's home
        Path archive = onlyArchive(cache);
        assertEquals(ClassDataCache.checksum(archive), Files.readString(Path.of(archive + ".crc32c")).strip());

        archive.toFile().setWritable(true);
        try (RandomAccessFile f = new RandomAccessFile(archive.toFile(), "rw")) {
            f.seek(f.length() / 3);
            f.write(new byte[4096]); // zeroed inside, as the disk or a careless copy may leave it
        }
        assertEquals(0, run(List.of(), Map.of(), "--list-keys"), console());
        assertEquals(0, run(List.of(), Map.of(), "-D", "store=memory", "--print-config"), console());
        try (Stream<Path> crashes = Files.list(home)) {
            assertEquals(List.of(), crashes.filter(p -> p.getFileName().toString().startsWith("hs_err")).toList());
        }
        assertFalse(Files.exists(archive), "the damaged archive is gone");

        assertEquals(0, run(List.of(), Map.of(), "-D", "store=memory", "-D", "maxid1=2001", "-l", "--results", results()));
        assertTrue(console().contains("made the class-data archive"), console());
        archive = onlyArchive(cache);
        assertEquals(ClassDataCache.checksum(archive), Files.readString(Path.of(archive + ".crc32c")).strip());

        // the user's options reach the run's JVM, once, after ours: its -Xlog:cds shows the archive mapped
        assertEquals(0, run(List.of(), Map.of("JAVA_TOOL_OPTIONS", "-Xlog:cds"), "--list-keys"));
        String console = console();
        assertEquals(1, console.lines().filter(l -> l.startsWith("Picked up JAVA_TOOL_OPTIONS")).count(), console);
        assertTrue(console.contains("Opened archive " + archive + "."), console);
    }

    /**
     * The MySQL part of a killed launcher: the run's connections close within 10 s of the SIGKILL. Its
     * server is the one scripts/start-mariadb.sh starts (or LINKBENCH_MYSQL_HOST, _PORT, _USER and
     * LINKBENCH_PASSWORD); without one the test is skipped, under CI=true it fails.
     */
    @Test
    @Tag("mysql")
    void theRunsServerConnectionsCloseWithinTenSecondsOfItsLaunchersSigkill() throws Exception {
        String database = "lbtest_launcher";
        String host = env("LINKBENCH_MYSQL_HOST", "127.0.0.1");
        String port = env("LINKBENCH_MYSQL_PORT", "3306");
        String user = env("LINKBENCH_MYSQL_USER", "linkbench");
        String password = env("LINKBENCH_PASSWORD", "linkbench");
        try (Connection c = mysql(host, port, user, password)) {
            Process launcher = startRun(List.of(), Map.of(), "-D", "store=mysql", "-D", "host=" + host, "-D", "port=" + port,
                    "-D", "user=" + user, "-D", "password=" + password, "-D", "dbid=" + database, "-D", "schema=recreate");
            List<ProcessHandle> run = launcher.descendants().toList();
            long deadline = System.nanoTime() + 30 * SECOND;
            while (connections(c, database) == 0 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertTrue(connections(c, database) > 0, "the run talks to the server: " + console());
            launcher.destroyForcibly();
            deadline = System.nanoTime() + 10 * SECOND;
            while (connections(c, database) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertEquals(0, connections(c, database), "connections of the run left 10 s after its launcher's SIGKILL");
            assertNoProcessLeft(launcher, run);
            try (Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + database);
            }
        }
    }

    private static Connection mysql(String host, String port, String user, String password) {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password);
        try {
            return DriverManager.getConnection("jdbc:mysql://" + host + ":" + port + "/?connectTimeout=3000", p);
        } catch (SQLException e) {
            String message = "this test needs a MySQL or MariaDB server at " + host + ":" + port + " as " + user
                    + " (run scripts/start-mariadb.sh): " + e.getMessage();
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(message);
            }
            System.err.println("SKIPPED: " + message);
            Assumptions.abort(message);
            return null;
        }
    }

    private static int connections(Connection c, String database) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB = '" + database + "'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static String env(String name, String defaultValue) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? defaultValue : v;
    }

    /** Within 10 s of the launcher's death, none of the run's processes is left, nor any JVM it started. */
    private static void assertNoProcessLeft(Process launcher, List<ProcessHandle> run) throws Exception {
        assertTrue(launcher.waitFor(10, TimeUnit.SECONDS));
        long deadline = System.nanoTime() + 10 * SECOND;
        for (ProcessHandle p : run) {
            long left = Math.max(0, deadline - System.nanoTime());
            try {
                p.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                fail("the run's JVM " + p.pid() + " still runs 10 s after its launcher's SIGKILL");
            }
        }
        String marker = "-D" + JvmLauncher.CHILD + "=" + launcher.pid();
        List<ProcessHandle> left = ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().map(a -> List.of(a).contains(marker)).orElse(false)).toList();
        assertEquals(List.of(), left, "JVMs started by the killed launcher");
    }

    /**
     * Starts a run on the memory store (or as {@code args} say) that lasts until it is stopped, and returns
     * its launcher once the request phase printed its first line.
     */
    private Process startRun(List<String> jvmOptions, Map<String, String> env, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("-D", "store=memory", "-D", "maxid1=2001", "-D", "maxtime=600",
                "-D", "displayfreq=0.5", "-l", "-r", "--results", results()));
        all.addAll(List.of(args));
        Process launcher = start(jvmOptions, env, all.toArray(String[]::new));
        long deadline = System.nanoTime() + 60 * SECOND;
        while (!requestPhaseRuns() && launcher.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        if (!requestPhaseRuns()) {
            launcher.destroyForcibly();
            fail("the request phase did not start within 60 s: " + console());
        }
        return launcher;
    }

    private Process startRun(List<String> jvmOptions) throws Exception {
        return startRun(jvmOptions, Map.of());
    }

    private boolean requestPhaseRuns() throws IOException {
        return console().contains("\nrequest phase: ");
    }

    private int run(List<String> jvmOptions, Map<String, String> env, String... args) throws Exception {
        Process p = start(jvmOptions, env, args);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ends within 120 s: " + console());
        return p.exitValue();
    }

    /** {@code java OPTIONS -jar linkbench.jar ARGS} from HOME, with HOME's cache and the console in a file. */
    private Process start(List<String> jvmOptions, Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(JvmLauncher.javaCommand()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-jar", jar.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(home.resolve("console.txt").toFile());
        for (String v : List.of("XDG_CACHE_HOME", JvmLauncher.ENV, "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS")) {
            pb.environment().remove(v);
        }
        pb.environment().put("HOME", home.toString());
        pb.environment().putAll(env);
        return pb.start();
    }

    private String results() {
        return home.resolve("results").toString();
    }

    private String console() throws IOException {
        Path c = home.resolve("console.txt");
        return Files.exists(c) ? Files.readString(c, StandardCharsets.UTF_8) : "";
    }

    private JsonNode phases() throws IOException {
        try (Stream<Path> files = Files.walk(home.resolve("results"))) {
            Path json = files.filter(p -> p.getFileName().toString().equals("result.json")).findFirst().orElseThrow();
            return new ObjectMapper().readTree(json.toFile()).get("phases");
        }
    }

    private static Path onlyArchive(Path cache) throws IOException {
        try (Stream<Path> files = Files.list(cache)) {
            List<Path> archives = files.filter(p -> p.getFileName().toString().endsWith(".jsa")).toList();
            assertEquals(1, archives.size(), archives.toString());
            return archives.get(0);
        }
    }

    private static String describe(List<ProcessHandle> processes) {
        return processes.stream().map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList().toString();
    }

    /** True when process {@code pid} ignores signal {@code number}: its bit in SigIgn of /proc/PID/status. */
    private static boolean ignores(long pid, int number) throws IOException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        return Files.isRegularFile(status) && Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:"))
                .anyMatch(l -> new BigInteger(l.substring(7).trim(), 16).testBit(number - 1));
    }
}
