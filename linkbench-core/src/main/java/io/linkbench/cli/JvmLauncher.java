package io.linkbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code java -jar linkbench.jar ...} in a child JVM with the start-up settings a short phase
 * profits from: a class-data archive of the classes a run loads (AppCDS; made once per jar and JVM,
 * after the first run, from the classes it loaded), with the JVM's own JIT settings (raising C2's thresholds
 * saved CPU in phases of 20,000 requests but cost 1.14-1.21x client CPU per request in 30 s ones). The user's
 * own JVM options come first and win. The child gets the same arguments, input and output; this JVM
 * passes SIGINT, SIGTERM and SIGHUP on to it and exits with its exit code.
 *
 * <p>Nothing is relaunched when linkbench was not started with {@code -jar} on its own jar, when the environment
 * variable {@value #ENV} is {@code plain}, or inside the child. An archive that is missing, made for
 * another jar or another JVM is never used (its name carries the jar's size and time and the JVM's
 * version), and one that the JVM cannot map is ignored by the JVM without a word.
 */
final class JvmLauncher {
    /** {@code plain}: run in the JVM as started, without a child. */
    static final String ENV = "LINKBENCH_JVM";
    /** Set in the child's JVM, so it does not relaunch again. */
    static final String CHILD = "linkbench.jvm.child";
    /** Keeps the JVM silent about an archive it cannot use. */
    private static final List<String> QUIET_CDS = List.of("-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    /** How long making the archive may take before it is given up. */
    private static final long DUMP_SECONDS = 300;

    private final Path jar;
    private final Path cacheDir;
    private final String javaVersion;

    JvmLauncher(Path jar, Path cacheDir, String javaVersion) {
        this.jar = jar;
        this.cacheDir = cacheDir;
        this.javaVersion = javaVersion;
    }

    /**
     * The child's exit code when linkbench runs in a child JVM, empty to run in this one: when started
     * without {@code -jar}, with {@value #ENV}{@code =plain}, or in the child itself.
     */
    static Optional<Integer> runInChild(String[] args, Map<String, String> env, PrintStream err) {
        if (System.getProperty(CHILD) != null || "plain".equals(env.get(ENV))) {
            return Optional.empty();
        }
        Optional<List<String>> jvmOptions = jarLaunchOptions(ProcessHandle.current().info().arguments().orElse(null));
        String command = System.getProperty("sun.java.command", "");
        if (jvmOptions.isEmpty() || command.isEmpty()) {
            return Optional.empty();
        }
        Path jarPath = Path.of(command.split(" ", 2)[0]).toAbsolutePath();
        if (!Files.isRegularFile(jarPath) || !jarPath.equals(ownJar().orElse(null))) {
            return Optional.empty(); // another jar started this JVM (a test runner's): not ours to relaunch
        }
        JvmLauncher launcher = new JvmLauncher(jarPath, cacheDir(env), System.getProperty("java.vm.version", ""));
        try {
            return Optional.of(launcher.run(jvmOptions.get(), args, err));
        } catch (IOException e) {
            err.println("linkbench: could not start the run's JVM (" + e.getMessage() + "): running in this one;"
                    + " " + ENV + "=plain always does");
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(Main.INTERRUPTED);
        }
    }

    /** The jar this class was loaded from, if it was. */
    private static Optional<Path> ownJar() {
        try {
            java.security.CodeSource source = JvmLauncher.class.getProtectionDomain().getCodeSource();
            Path p = source == null ? null : Path.of(source.getLocation().toURI()).toAbsolutePath();
            return p != null && Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The JVM options before {@code -jar} in this JVM's arguments (as the OS has them), or empty when it
     * was not started with {@code -jar}.
     */
    static Optional<List<String>> jarLaunchOptions(String[] arguments) {
        if (arguments == null) {
            return Optional.empty();
        }
        List<String> options = new ArrayList<>();
        for (String a : arguments) {
            if (a.equals("-jar")) {
                return Optional.of(options);
            }
            if (!a.startsWith("-") || a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path")
                    || a.equals("-m") || a.equals("--module")) {
                return Optional.empty(); // a main class or module: not a jar launch
            }
            options.add(a);
        }
        return Optional.empty();
    }

    /** Where archives are kept: $XDG_CACHE_HOME/linkbench, ~/.cache/linkbench, else the temporary directory. */
    static Path cacheDir(Map<String, String> env) {
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "linkbench");
        }
        String home = System.getProperty("user.home");
        if (home != null && !home.isBlank() && !home.equals("?")) {
            return Path.of(home, ".cache", "linkbench");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "linkbench-" + System.getProperty("user.name", "user"));
    }

    /** The archive for this jar (as it is now) and JVM. */
    Path archive() throws IOException {
        return cacheDir.resolve(jarPrefix() + "-" + hash(Files.size(jar) + "/" + Files.getLastModifiedTime(jar).toMillis()
                + "/" + javaVersion + "/" + System.getProperty("java.home", "")) + ".jsa");
    }

    /** The part of an archive's name that names the jar's path: older archives of this jar share it. */
    private String jarPrefix() {
        return "cds-" + hash(jar.toString());
    }

    /** The child's command: java, the user's options, the archive or the class list, the jar, the arguments. */
    List<String> command(List<String> userOptions, Path archiveOrNull, Path classListOrNull, String[] args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(userOptions);
        if (!mentions(userOptions, "SharedArchiveFile", "-Xshare")) {
            if (archiveOrNull != null) {
                cmd.addAll(QUIET_CDS);
                cmd.add("-XX:SharedArchiveFile=" + archiveOrNull);
            } else if (classListOrNull != null) {
                cmd.add("-XX:DumpLoadedClassList=" + classListOrNull);
            }
        }
        cmd.add("-D" + CHILD + "=1");
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** True when the arguments ask for a load or a request phase, whose classes make a useful archive. */
    static boolean runsAPhase(String[] args) {
        for (String a : args) {
            if (a.matches("-[lr]{1,2}")) {
                return true;
            }
        }
        return false;
    }

    private static boolean mentions(List<String> options, String... names) {
        for (String o : options) {
            for (String n : names) {
                if (o.contains(n)) {
                    return true;
                }
            }
        }
        return false;
    }

    private int run(List<String> userOptions, String[] args, PrintStream err) throws IOException, InterruptedException {
        Path archive = archive();
        boolean have = Files.isRegularFile(archive);
        Path classList = null;
        if (!have && runsAPhase(args)) {
            try {
                Files.createDirectories(cacheDir);
                classList = cacheDir.resolve(jarPrefix() + "-" + ProcessHandle.current().pid() + ".classes");
            } catch (IOException e) {
                classList = null; // a read-only home: runs go without an archive
            }
        }
        Process child = new ProcessBuilder(command(userOptions, have ? archive : null, classList, args)).inheritIO().start();
        try (ReceivedSignal forward = ReceivedSignal.forwardTo(child)) {
            int code = child.waitFor();
            if (classList != null && code == 0) {
                makeArchive(classList, archive, err);
            }
            return code;
        } finally {
            if (classList != null) {
                Files.deleteIfExists(classList);
            }
        }
    }

    /**
     * Makes the archive from the classes the run loaded: a static AppCDS dump, in its own JVM, bounded
     * by {@link #DUMP_SECONDS}. The JDK 17 dump fails on the lambda proxy entries of a class list, so they
     * are left out (lambdas are then made at run time, as without an archive). A failure is one line.
     */
    private void makeArchive(Path classList, Path archive, PrintStream err) throws IOException, InterruptedException {
        if (!Files.isRegularFile(classList)) {
            return;
        }
        List<String> classes = new ArrayList<>();
        for (String line : Files.readAllLines(classList, StandardCharsets.UTF_8)) {
            if (!line.startsWith("@lambda-proxy")) {
                classes.add(line);
            }
        }
        Path filtered = Files.write(classList.resolveSibling(classList.getFileName() + ".cds"), classes, StandardCharsets.UTF_8);
        Path tmp = archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        long t0 = System.nanoTime();
        try {
            Process dump = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xshare:dump", "-XX:SharedClassListFile=" + filtered, "-XX:SharedArchiveFile=" + tmp,
                    "-cp", jar.toString()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!dump.waitFor(DUMP_SECONDS, TimeUnit.SECONDS)) {
                dump.destroyForcibly();
                err.println("linkbench: the class-data archive took over " + DUMP_SECONDS + " s to make: given up");
                return;
            }
            if (dump.exitValue() != 0 || !Files.isRegularFile(tmp)) {
                err.println("linkbench: could not make the class-data archive (java -Xshare:dump exited "
                        + dump.exitValue() + "); runs start without it");
                return;
            }
            removeOlder(archive);
            try {
                Files.move(tmp, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, archive, StandardCopyOption.REPLACE_EXISTING);
            }
            err.printf(java.util.Locale.ROOT, "linkbench: made the class-data archive for faster start-ups, once per jar"
                    + " and JVM (%.1f s): %s%n", (System.nanoTime() - t0) / 1e9, archive);
        } finally {
            Files.deleteIfExists(filtered);
            Files.deleteIfExists(tmp);
        }
    }

    /** Deletes this jar's archives of earlier builds or JVMs. */
    private void removeOlder(Path keep) throws IOException {
        try (DirectoryStream<Path> old = Files.newDirectoryStream(cacheDir, jarPrefix() + "-*.jsa")) {
            for (Path p : old) {
                if (!p.equals(keep)) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static String hash(String text) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
