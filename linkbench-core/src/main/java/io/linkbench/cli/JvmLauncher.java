package io.linkbench.cli;

import io.linkbench.config.MessageText;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs {@code java -jar linkbench.jar ...} in a child JVM with the start-up settings a short phase
 * profits from: a class-data archive of the classes a run loads ({@link ClassDataCache}), with the JVM's
 * own JIT settings (raising C2's thresholds saved CPU in phases of 20,000 requests but cost 1.14-1.21x
 * client CPU per request in 30 s ones). The child is this JVM's own {@code java}, with the user's JVM
 * options after ours, so they win: those of the command line, and those of {@code JAVA_TOOL_OPTIONS}
 * and {@code JDK_JAVA_OPTIONS}, which the child gets on its command line instead of its environment (so
 * their "Picked up" line is printed once). The child gets the same arguments, input and output; this JVM
 * passes SIGINT, SIGTERM and SIGHUP on to it and exits with its exit code, and the child stops when this
 * JVM is gone ({@link ParentWatch}).
 *
 * <p>Nothing is relaunched when linkbench was not started with {@code -jar} on its own jar, when the
 * environment variable {@value #ENV} is {@value #PLAIN}, inside the child, or when this JVM pre-touches
 * its heap ({@code -XX:+AlwaysPreTouch}: a child would hold the same memory again, beside this idle one).
 */
final class JvmLauncher {
    /** {@value #PLAIN}: run in the JVM as started, without a child; unset or empty: in a child. */
    static final String ENV = "LINKBENCH_JVM";
    static final String PLAIN = "plain";
    /** Set in the child's JVM to the launcher's pid, so it does not relaunch again and watches its parent. */
    static final String CHILD = "linkbench.jvm.child";
    /** The environment variables of JVM options, in the order the JVM applies them, before its command line. */
    private static final List<String> OPTION_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS");
    /** glibc's limit on malloc arenas, which the benchmark's JVM gets set to 2 unless the user set it. */
    static final String MALLOC_ARENA_MAX = "MALLOC_ARENA_MAX";
    /** Keeps the JVM silent about an archive it cannot map; the user's own -Xlog or -Xshare come after and win. */
    private static final List<String> QUIET_CDS = List.of("-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");

    private final Path jar;
    private final ClassDataCache cache;
    private final String javaVersion;

    JvmLauncher(Path jar, ClassDataCache cache, String javaVersion) {
        this.jar = jar;
        this.cache = cache;
        this.javaVersion = javaVersion;
    }

    /**
     * The child's exit code when linkbench runs in a child JVM (or 2 for a bad {@value #ENV}), empty to
     * run in this one: when started without {@code -jar}, with {@value #ENV}{@code =plain}, with a
     * pre-touched heap, or in the child itself.
     */
    static Optional<Integer> runInChild(String[] args, Map<String, String> env, PrintStream err) {
        if (System.getProperty(CHILD) != null) {
            return Optional.empty();
        }
        Optional<String> badMode = checkMode(env.get(ENV));
        if (badMode.isPresent()) {
            err.println("linkbench: " + badMode.get());
            return Optional.of(Main.BAD_INPUT);
        }
        if (PLAIN.equals(env.get(ENV))) {
            return Optional.empty();
        }
        Optional<List<String>> commandLine = jarLaunchOptions(ProcessHandle.current().info().arguments().orElse(null));
        String command = System.getProperty("sun.java.command", "");
        if (commandLine.isEmpty() || command.isEmpty()) {
            return Optional.empty();
        }
        Path jarPath = Path.of(command.split(" ", 2)[0]).toAbsolutePath();
        if (!Files.isRegularFile(jarPath) || !jarPath.equals(ownJar().orElse(null))) {
            return Optional.empty(); // another jar started this JVM (a test runner's): not ours to relaunch
        }
        List<String> options = jvmOptions(env, commandLine.get());
        if (preTouchesHeap(options)) {
            return Optional.empty();
        }
        ClassDataCache cache = ClassDataCache.of(env);
        if (List.of(args).contains("--verbose")) {
            cache.refusal().ifPresent(why -> err.println("linkbench: no class-data archive: " + why));
        }
        JvmLauncher launcher = new JvmLauncher(jarPath, cache, System.getProperty("java.vm.version", ""));
        try {
            return Optional.of(launcher.run(options, args, err));
        } catch (IOException e) {
            err.println("linkbench: could not start the run's JVM (" + e.getMessage() + "): running in this one;"
                    + " " + ENV + "=" + PLAIN + " always does");
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(Main.INTERRUPTED);
        }
    }

    /** Why {@code value} of {@value #ENV} is refused, if it is: only unset, empty and {@value #PLAIN} are known. */
    static Optional<String> checkMode(String value) {
        if (value == null || value.isEmpty() || value.equals(PLAIN)) {
            return Optional.empty();
        }
        return Optional.of(ENV + "='" + MessageText.value(MessageText.printable(value)) + "': unknown value; allowed: "
                + PLAIN + " (run in the JVM you started, without a child JVM or class-data archive), or unset or"
                + " empty (a child JVM with the archive)");
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

    /**
     * Every JVM option this JVM was given, in the order it applied them: {@code JAVA_TOOL_OPTIONS},
     * {@code JDK_JAVA_OPTIONS}, then the command line's.
     */
    static List<String> jvmOptions(Map<String, String> env, List<String> commandLine) {
        List<String> all = new ArrayList<>();
        for (String variable : OPTION_VARIABLES) {
            all.addAll(splitOptions(env.get(variable)));
        }
        all.addAll(commandLine);
        return all;
    }

    /** The options of a JVM option variable: separated by white space, quoted with ' or " to hold some. */
    static List<String> splitOptions(String text) {
        List<String> options = new ArrayList<>();
        if (text == null) {
            return options;
        }
        StringBuilder option = null;
        char quote = 0;
        for (char c : text.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    option.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                if (option != null) {
                    options.add(option.toString());
                    option = null;
                }
            } else {
                option = option == null ? new StringBuilder() : option;
                if (c == '\'' || c == '"') {
                    quote = c;
                } else {
                    option.append(c);
                }
            }
        }
        if (option != null) {
            options.add(option.toString());
        }
        return options;
    }

    /** Removes the JVM option variables from a child's environment: the child gets them on its command line. */
    static void withoutOptionVariables(Map<String, String> environment) {
        OPTION_VARIABLES.forEach(environment::remove);
    }

    /**
     * The benchmark's environment: without the option variables, and with glibc's malloc held to two arenas unless the
     * user chose ({@code MALLOC_ARENA_MAX}). With one arena per thread the embedded RocksDB store's compaction left
     * 250 MiB more resident at 10^7 ids (peak RSS 2,120 against 1,868 MiB), and more the larger the graph; the load's
     * rows/s were the same (performance.md, "The seeds' sizes").
     */
    static void childEnvironment(Map<String, String> environment) {
        withoutOptionVariables(environment);
        environment.putIfAbsent(MALLOC_ARENA_MAX, "2");
    }

    /** True when the last word on {@code -XX:AlwaysPreTouch} turns it on. */
    static boolean preTouchesHeap(List<String> options) {
        boolean on = false;
        for (String o : options) {
            if (o.equals("-XX:+AlwaysPreTouch") || o.equals("-XX:-AlwaysPreTouch")) {
                on = o.charAt(4) == '+';
            }
        }
        return on;
    }

    /** This JVM's own {@code java}, whatever PATH holds. */
    static String javaCommand() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The child's command: java, the archive or the class list, the user's options, the jar, the arguments. */
    List<String> command(List<String> userOptions, Path archiveOrNull, Path classListOrNull, String[] args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaCommand());
        if (!mentions(userOptions, "SharedArchiveFile", "-Xshare", "DumpLoadedClassList")) {
            if (archiveOrNull != null) {
                cmd.addAll(QUIET_CDS);
                cmd.add("-XX:SharedArchiveFile=" + archiveOrNull);
            } else if (classListOrNull != null) {
                cmd.add("-XX:DumpLoadedClassList=" + classListOrNull);
            }
        }
        cmd.addAll(userOptions);
        cmd.add("-D" + CHILD + "=" + ProcessHandle.current().pid());
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
        cache.removeStale();
        Path archive = cache.archive(jar, javaVersion);
        boolean have = cache.verified(archive);
        Path classList = !have && runsAPhase(args)
                ? cache.newClassList(jar, archive, ProcessHandle.current().pid()).orElse(null) : null;
        ProcessBuilder pb = new ProcessBuilder(command(userOptions, have ? archive : null, classList, args)).inheritIO();
        childEnvironment(pb.environment());
        try {
            Process child = pb.start();
            try (ReceivedSignal forward = ReceivedSignal.forwardTo(child)) {
                int code = child.waitFor();
                if (classList != null && code == 0) {
                    cache.make(jar, classList, archive, err);
                }
                return code;
            }
        } finally {
            if (classList != null) {
                ClassDataCache.delete(classList);
            }
        }
    }
}
