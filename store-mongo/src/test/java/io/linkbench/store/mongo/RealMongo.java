package io.linkbench.store.mongo;

import com.mongodb.ConnectionString;
import io.linkbench.tck.harness.PendingServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * A real MongoDB-compatible server with transactions for the tests that need them: named by the
 * environment variable LINKBENCH_MONGO_URL (a connection string: a MongoDB 4.4+ replica set, a
 * mongos, or the DocumentDB that {@code scripts/start-documentdb.sh} runs, which
 * {@code scripts/test.sh} and CI export). Without it those tests are skipped with a message on the
 * console. LINKBENCH_DOCUMENTDB_CONTROL names that script when the server is its DocumentDB, so the
 * fault tests can kill and restart the gateway or its PostgreSQL cluster.
 */
final class RealMongo {
    static final String ENV = "LINKBENCH_MONGO_URL";
    static final String CONTROL_ENV = "LINKBENCH_DOCUMENTDB_CONTROL";
    /** A sharded cluster's connection string: a mongos, or the DocumentDB cluster of scripts/start-documentdb-cluster.sh. */
    static final String CLUSTER_ENV = "LINKBENCH_MONGO_CLUSTER_URL";
    /** The script that runs that DocumentDB cluster (scripts/test.sh sets it). */
    static final String CLUSTER_CONTROL_ENV = "LINKBENCH_DOCUMENTDB_CLUSTER_CONTROL";
    private static final Pattern HOSTS = Pattern.compile("^(mongodb://(?:[^@/]*@)?)([^/?]+)(/?)([^?]*)(\\?.*)?$");

    private RealMongo() {
    }

    /** The connection string, or a skip of the calling test with a visible message. */
    static String urlOrSkip() {
        String url = System.getenv(ENV);
        if ((url == null || url.isBlank()) && System.getenv(PendingServer.ENV) != null) {
            url = StartedSingle.URL;
        }
        if (url == null || url.isBlank()) {
            String message = "test against a real MongoDB server skipped: set " + ENV
                    + " to its connection string (e.g. mongodb://127.0.0.1:27017/?replicaSet=rs0, or run"
                    + " scripts/start-documentdb.sh) to run it";
            System.err.println("SKIPPED: " + message);
            Assumptions.abort(message);
        }
        return url.trim();
    }

    /**
     * The sharded cluster's connection string ({@value #CLUSTER_ENV}, else the DocumentDB cluster that the test
     * command starts in the background), or a skip of the calling test with a visible message.
     */
    static String clusterUrlOrSkip() {
        String url = System.getenv(CLUSTER_ENV);
        if ((url == null || url.isBlank()) && System.getenv(PendingServer.ENV) != null) {
            url = StartedCluster.URL;
        }
        if (url == null || url.isBlank()) {
            String message = "test against a sharded MongoDB cluster skipped: set " + CLUSTER_ENV
                    + " to a mongos's connection string, or run scripts/start-documentdb-cluster.sh and set it to"
                    + " what its url action prints";
            System.err.println("SKIPPED: " + message);
            Assumptions.abort(message);
        }
        return url.trim();
    }

    /** The script that controls the DocumentDB cluster behind the cluster URL, or a skip. */
    static Path clusterControlOrSkip() {
        clusterUrlOrSkip();
        String script = System.getenv(CLUSTER_CONTROL_ENV);
        if (script == null || script.isBlank() || !Files.isExecutable(Path.of(script))) {
            String message = "cluster fault test skipped: " + CLUSTER_CONTROL_ENV
                    + " names no script that runs the cluster behind " + CLUSTER_ENV + " (scripts/test.sh sets it)";
            System.err.println("SKIPPED: " + message);
            Assumptions.abort(message);
        }
        return Path.of(script);
    }

    /**
     * A SQL connection to the coordinator of the DocumentDB cluster behind the cluster URL (127.0.0.1 on
     * LINKBENCH_DDBC_PORT, default 5470, as postgres, whom the script trusts on loopback), for checks behind the
     * store's back; or a skip when it does not answer there.
     */
    static Connection clusterCoordinatorOrSkip() {
        clusterUrlOrSkip();
        String port = System.getenv().getOrDefault("LINKBENCH_DDBC_PORT", "5470");
        try {
            return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port
                    + "/postgres?user=postgres&connectTimeout=10&socketTimeout=60");
        } catch (SQLException e) {
            String message = "the cluster's coordinator is not a DocumentDB on 127.0.0.1:" + port
                    + " (LINKBENCH_DDBC_PORT): " + e.getMessage();
            System.err.println("SKIPPED: " + message);
            Assumptions.abort(message);
            throw new AssertionError(e);
        }
    }

    /**
     * The URLs of the DocumentDB servers that the test command starts in the background ({@link PendingServer}),
     * each asked of its control script once its start has ended; null when it is not there (said on the console).
     */
    private static final class StartedSingle {
        static final String URL = ask("documentdb", CONTROL_ENV);
    }

    /** The same for the DocumentDB cluster (a holder of its own: a suite of the single server does not wait for it). */
    private static final class StartedCluster {
        static final String URL = ask("documentdb-cluster", CLUSTER_CONTROL_ENV);
    }

    private static String ask(String name, String controlEnv) {
        try {
            String why = PendingServer.await(name);
            String script = System.getenv(controlEnv);
            if (why == null && script != null && !script.isBlank()) {
                Process p = new ProcessBuilder("bash", script, "url").redirectError(ProcessBuilder.Redirect.INHERIT).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
                if (p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 && !out.isEmpty()) {
                    return out;
                }
                p.destroyForcibly();
                why = script + " url gave no URL";
            }
            System.err.println(name + " is not there: " + why);
        } catch (IOException e) {
            System.err.println(name + "'s URL could not be asked for: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }

    /** The script that controls the DocumentDB behind the URL, or a skip when the server is not its. */
    static Path controlOrSkip() {
        urlOrSkip();
        String script = System.getenv(CONTROL_ENV);
        if (script == null || script.isBlank() || !Files.isExecutable(Path.of(script))) {
            String message = "server restart test skipped: " + CONTROL_ENV
                    + " names no script that restarts the server behind " + ENV + " (scripts/test.sh sets it)";
            System.err.println("SKIPPED: " + message);
            Assumptions.abort(message);
        }
        return Path.of(script);
    }

    /**
     * Runs the control script {@code script} with {@code args} (an action and its node), its output printed with
     * any URL masked, within a deadline far above what an action takes; returns its exit code.
     */
    static int control(Path script, String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile("documentdb-" + args[0], ".txt");
        try {
            List<String> command = new ArrayList<>(List.of("bash", script.toString()));
            command.addAll(List.of(args));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            boolean ended = p.waitFor(300, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly();
            }
            System.out.print(Files.readString(out).replaceAll("mongodb://[^ ]*", "mongodb://..."));
            if (!ended) {
                throw new AssertionError(script + " " + String.join(" ", args) + " did not end within 300 s");
            }
            return p.exitValue();
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * The URL with its one host replaced by 127.0.0.1:{@code port} (a relay to it), a direct
     * connection and the driver's own retries off; empty for several hosts or mongodb+srv.
     */
    static Optional<String> through(String url, int port) {
        Matcher m = HOSTS.matcher(url);
        if (!m.matches() || new ConnectionString(url).getHosts().size() != 1) {
            return Optional.empty();
        }
        String options = m.group(5) == null ? "?" : m.group(5) + "&";
        return Optional.of(m.group(1) + "127.0.0.1:" + port + "/" + m.group(4) + options
                + "directConnection=true&retryWrites=false&retryReads=false");
    }

    /** The host:port of a one-host URL. */
    static String hostPort(String url) {
        return new ConnectionString(url).getHosts().get(0);
    }

    /** The port of a one-host URL. */
    static int port(String url) {
        String hp = hostPort(url);
        int colon = hp.lastIndexOf(':');
        return colon < 0 ? 27017 : Integer.parseInt(hp.substring(colon + 1));
    }
}
