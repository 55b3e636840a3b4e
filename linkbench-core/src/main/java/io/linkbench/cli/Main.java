package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.run.CoreSettings;
import io.linkbench.run.RunSpec;
import io.linkbench.config.MessageText;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code linkbench} command: {@code java -jar linkbench.jar [-c FILE] [-D key=value]... [-l] [-r]}.
 * Exit codes: 0 success, 1 a failed run (store unreachable, failed load, verification mismatch),
 * 2 bad input (unknown key, bad value, bad option); a run stopped by a signal exits as the JVM does,
 * 128 + the signal's number (130 SIGINT, 143 SIGTERM, 129 SIGHUP), after writing what it measured.
 */
@Command(name = "linkbench", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = "A LinkBench-style social-graph benchmark. -l loads the graph, -r runs the request phase.",
        subcommands = {VerifyCommand.class, CompareCommand.class, MergeCommand.class})
public final class Main implements Callable<Integer> {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int BAD_INPUT = 2;
    static final int INTERRUPTED = 130;

    @CommandLine.Mixin
    CommonOptions common = new CommonOptions();

    @Option(names = "-l", description = "load phase: write nodes, links and counts")
    boolean load;

    @Option(names = "-r", description = "request phase: run the operation mix")
    boolean requests;

    @Option(names = "--results", paramLabel = "DIR", description = "where run directories go (default: ${DEFAULT-VALUE})")
    Path results = Path.of("results");

    @Option(names = "--list-keys", description = "print every configuration key with its default and exit")
    boolean listKeys;

    @Option(names = "--print-config",
            description = "print the effective configuration (after -c, -D, the translation of original LinkBench files and the defaults) and exit")
    boolean printConfig;

    @Option(names = "--loops", paramLabel = "N", defaultValue = "1",
            description = "run the request phase N times back to back, each reported on its own (default: ${DEFAULT-VALUE})")
    int loops;

    @Option(names = "--details", description = "after each phase print every cost figure and the store counters too "
            + "(always in summary.txt), not only the published row")
    boolean details;

    @CommandLine.Mixin
    CurveRun.Options curve = new CurveRun.Options();

    @CommandLine.Mixin
    MetricsOption metrics = new MetricsOption();

    @CommandLine.Mixin
    RunLabel label = new RunLabel();

    private final PrintStream out;
    private final PrintStream err;
    private final StoreProviders providers;

    Main(PrintStream out, PrintStream err, StoreProviders providers) {
        this.out = out;
        this.err = err;
        this.providers = providers;
    }

    /**
     * Runs the command line and returns the exit code; never calls System.exit. The stores are the
     * bundled ones and those of the plug-in jars ({@link PluginJars}).
     */
    public static int run(String... args) {
        return runWithPlugins(System.out, System.err, System.getenv("LINKBENCH_PLUGINS"), args);
    }

    /** {@link #run(String...)} with the value of {@code LINKBENCH_PLUGINS} given (null: unset). */
    static int runWithPlugins(PrintStream out, PrintStream err, String pluginsEnv, String... args) {
        try (PluginJars plugins = PluginJars.open(args, pluginsEnv, PluginJars.DEFAULT_DIR)) {
            return run(out, err, plugins.providers(), args);
        } catch (ConfigException e) {
            err.println("linkbench: " + e.getMessage());
            return BAD_INPUT;
        }
    }

    static int run(PrintStream out, PrintStream err, StoreProviders providers, String... args) {
        boolean verbose = List.of(args).contains("--verbose");
        if (verbose) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "debug");
        }
        CommandLine cl = new CommandLine(new Main(out, err, providers), new Factory(out, err, providers));
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        cl.setExitCodeExceptionMapper(e -> e instanceof ConfigException ? BAD_INPUT : FAILED);
        cl.registerConverter(Integer.class, Main::asciiInt);
        cl.registerConverter(Integer.TYPE, Main::asciiInt);
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof ConfigException) {
                err.println("linkbench: " + e.getMessage());
                return BAD_INPUT;
            }
            StoreException se = storeException(e);
            err.println("linkbench: " + MessageText.line(se != null ? se.getMessage() : e.toString()));
            if (verbose) {
                e.printStackTrace(err);
            } else if (se == null || !se.isRefusal()) {
                err.println("(--verbose shows the stack trace)");
            }
            return FAILED;
        });
        cl.setParameterExceptionHandler((e, a) -> {
            // picocli words some errors "option option '-D'": one "option" is enough
            String message = e.getMessage().replace("option option '", "option '");
            err.println("linkbench: " + MessageText.line(message) + " (--help shows the options)");
            return BAD_INPUT;
        });
        return cl.execute(args);
    }

    /** The first StoreException among {@code e} and its causes, or null. */
    private static StoreException storeException(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StoreException se) {
                return se;
            }
        }
        return null;
    }

    /** An option's integer, in ASCII digits like every configuration value. */
    private static Integer asciiInt(String text) {
        try {
            long v = Settings.parseInteger(text);
            if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
                return (int) v;
            }
        } catch (NumberFormatException notAnInteger) {
            // reported below
        }
        throw new CommandLine.TypeConversionException("'" + MessageText.value(text) + "' is not an integer in ASCII digits");
    }

    public static void main(String[] args) {
        // the run's JVM stops when the launcher is gone: as a signal does, then halted by a deadline
        ParentWatch.ofThisJvm().ifPresent(w -> w.start(System.err, System::exit, Runtime.getRuntime()::halt));
        Optional<Integer> inChild = JvmLauncher.runInChild(args, System.getenv(), System.err);
        System.exit(inChild.isPresent() ? inChild.get() : run(args));
    }

    @Override
    public Integer call() throws Exception {
        if (listKeys) {
            printKeys();
            return OK;
        }
        if (printConfig) {
            ConfigLoader.Loaded cfg = ConfigLoader.load(common.configFiles, common.overrides, providers);
            cfg.printMessages(err);
            RunSpec.from(cfg.settings()); // what a run refuses, --print-config refuses: exit 2
            ConfigPrinter.print(cfg, out);
            return OK;
        }
        if (!load && !requests) {
            throw new ConfigException("nothing to do: give -l (load), -r (request phase) or both; --help shows all options");
        }
        if (loops < 1) {
            throw new ConfigException("--loops " + loops + ": must be 1 or more");
        }
        label.check();
        return new RunCommand(out, err, providers, common, results, load, requests, loops,
                curve.plan(requests, loops), metrics, details, label).call();
    }

    private void printKeys() {
        out.println("# core keys (default: meaning)");
        print(CoreSettings.all());
        for (StoreProvider p : providers.all()) {
            out.println();
            out.println("# store = " + p.name() + ": " + p.description());
            if (p.settings().isEmpty()) {
                out.println("(no keys of its own)");
            }
            print(p.settings());
        }
    }

    private void print(List<Setting> settings) {
        for (Setting s : settings) {
            String description = s.key().equals("store") ? "store provider, one of: "
                    + String.join(", ", providers.all().stream().map(StoreProvider::name).toList()) : s.description();
            out.printf("%-26s %-12s %s%n", s.key(), s.secret() ? "(secret)" : s.defaultValue() == null ? "" : s.defaultValue(),
                    description);
        }
    }

    /** Options shared by the main command and its subcommands. */
    static final class CommonOptions {
        @Option(names = {"-c", "--config"}, paramLabel = "FILE",
                description = "properties file, ours or the original LinkBench's (translated); repeatable, later files win"
                        + " (default: none, store = rocksdb)")
        List<Path> configFiles = new java.util.ArrayList<>();

        @Option(names = "-D", paramLabel = "key=value", description = "set a configuration key (repeatable; wins over -c)")
        Map<String, String> overrides = new LinkedHashMap<>();

        @Option(names = "--verbose", description = "debug logging and stack traces")
        boolean verbose;

        @Option(names = PluginJars.OPTION, paramLabel = "DIR", description = "load store plug-ins from the *.jar files in DIR"
                + " (besides ./plugins and $LINKBENCH_PLUGINS)")
        Path plugins;
    }

    /** The version from the jar manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"linkbench " + version()};
        }
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** Builds the commands with their output streams and providers. */
    private record Factory(PrintStream out, PrintStream err, StoreProviders providers) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> cls) throws Exception {
            if (cls == VerifyCommand.class) {
                return cls.cast(new VerifyCommand(out, err, providers));
            }
            return CommandLine.defaultFactory().create(cls);
        }
    }
}
