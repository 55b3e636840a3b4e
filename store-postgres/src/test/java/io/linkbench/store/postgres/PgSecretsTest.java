package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No secret reaches an output, whichever way it is passed: the {@code password} key on the command
 * line or in a {@code -c} file, {@code password_file}, the environment variable, and inside the driver's
 * URL options ({@code jdbc_url_options}, whose {@code password} pgJDBC logs in with). Each run is a
 * separate linkbench process (so its logs are caught too); every file of its results directory, its
 * standard output and error, {@code --print-config} and the error line of a failed connection are
 * searched for the secret.
 */
class PgSecretsTest {
    private static final String SCHEMA = "lb_secrets";
    /** pgJDBC takes the password of the URL over the one passed beside it: the run logs in with this. */
    private static final String URL_LOGIN = "password=" + PgTestServer.PASSWORD;

    @TempDir
    Path tmp;

    @BeforeEach
    void server() {
        PgTestServer.assumeAvailable();
    }

    /** A linkbench process's exit code and everything it printed. */
    private record Ran(int code, String printed) {
    }

    private Ran linkbench(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.linkbench.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("printed.txt").toFile());
        pb.environment().remove("LINKBENCH_PASSWORD");
        pb.environment().putAll(env);
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "linkbench ended within 2 minutes: " + cmd);
        return new Ran(p.exitValue(), Files.readString(tmp.resolve("printed.txt")));
    }

    /** The server's coordinates and a tiny graph, without a password. */
    private List<String> base(String... more) {
        List<String> args = new ArrayList<>();
        for (String kv : List.of("store=postgres", "host=" + PgTestServer.HOST, "port=" + PgTestServer.PORT,
                "user=" + PgTestServer.USER, "dbid=" + PgTestServer.DATABASE, "pg_schema=" + SCHEMA, "maxid1=201",
                "schema=recreate")) {
            args.add("-D");
            args.add(kv);
        }
        args.addAll(List.of(more));
        return args;
    }

    /** Runs a load with {@code args}, then --print-config and a run on a closed port; none shows {@code secret}. */
    private void assertNowhere(String secret, Map<String, String> env, List<String> args) throws Exception {
        Path results = Files.createDirectories(tmp.resolve("results"));
        List<String> load = new ArrayList<>(args);
        load.addAll(List.of("-l", "--results", results.toString()));
        Ran run = linkbench(env, load.toArray(String[]::new));
        assertEquals(0, run.code(), run.printed());
        assertAbsent(secret, "the run's output", run.printed());
        int files = 0;
        try (Stream<Path> all = Files.walk(results)) {
            for (Path f : all.filter(Files::isRegularFile).toList()) {
                assertAbsent(secret, f.toString(), new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
                files++;
            }
        }
        assertTrue(files >= 3, "result.json, summary and report written: " + files);

        List<String> print = new ArrayList<>(args);
        print.add("--print-config");
        Ran printed = linkbench(env, print.toArray(String[]::new));
        assertEquals(0, printed.code(), printed.printed());
        assertAbsent(secret, "--print-config", printed.printed());

        List<String> closed = new ArrayList<>(args);
        closed.addAll(List.of("-D", "port=1", "-D", "connect_timeout=2", "-l", "--results", results.toString()));
        Ran failed = linkbench(env, closed.toArray(String[]::new));
        assertEquals(1, failed.code(), failed.printed());
        assertAbsent(secret, "the error of a failed connection", failed.printed());
    }

    private static void assertAbsent(String secret, String where, String text) {
        int at = text.toLowerCase(Locale.ROOT).indexOf(secret.toLowerCase(Locale.ROOT));
        assertFalse(at >= 0, () -> "the secret '" + secret + "' is in " + where + ": ..."
                + text.substring(Math.max(0, at - 100), Math.min(text.length(), at + 100)) + "...");
    }

    @Test
    void aPasswordInTheUrlOptionsLogsInAndIsShownNowhere() throws Exception {
        assertNowhere(URL_LOGIN, Map.of(), base("-D", "jdbc_url_options=ApplicationName=lb&" + URL_LOGIN));
    }

    @Test
    void otherSecretsInTheUrlOptionsAreShownNowhere() throws Exception {
        assertNowhere("Url-Option-Secret-71", Map.of(), base("-D",
                "jdbc_url_options=" + URL_LOGIN + "&sslpassword=Url-Option-Secret-71&tcpKeepAlive=true"));
    }

    @Test
    void aPasswordKeyOnTheCommandLineIsShownNowhere() throws Exception {
        assertNowhere("Key-Secret-72", Map.of(), base("-D", "password=Key-Secret-72", "-D", "jdbc_url_options=" + URL_LOGIN));
    }

    @Test
    void aPasswordInAConfigFileIsShownNowhere() throws Exception {
        Path file = Files.writeString(tmp.resolve("pg.properties"), "password = File-Secret-73\n");
        assertNowhere("File-Secret-73", Map.of(), base("-c", file.toString(), "-D", "jdbc_url_options=" + URL_LOGIN));
    }

    @Test
    void aPasswordFileIsShownNowhere() throws Exception {
        Path file = Files.writeString(tmp.resolve("pw"), "PwFile-Secret-74\n");
        assertNowhere("PwFile-Secret-74", Map.of(), base("-D", "password_file=" + file, "-D", "jdbc_url_options=" + URL_LOGIN));
    }

    @Test
    void aPasswordInTheEnvironmentIsShownNowhere() throws Exception {
        assertNowhere("Env-Secret-75", Map.of("LINKBENCH_PASSWORD", "Env-Secret-75"), base("-D", "jdbc_url_options=" + URL_LOGIN));
    }

    @Test
    void theRealPasswordGivenAsTheKeyIsShownNowhere() throws Exception {
        // the test server's password may be a common word; what must not show is it next to its name
        assertNowhere(URL_LOGIN, Map.of(), base("-D", "password=" + PgTestServer.PASSWORD));
    }
}
