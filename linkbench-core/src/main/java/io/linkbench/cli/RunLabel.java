package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.config.MessageText;
import io.linkbench.config.Setting;
import io.linkbench.measure.RunMeta;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --tag} and {@code --notes}, and the rest of what a run keeps so it can be reproduced: its
 * command line (secrets redacted), the JVM and the build ({@link RunMeta}).
 */
final class RunLabel {
    /** Resource written by the Maven build: the git commit linkbench was built from. */
    static final String COMMIT_RESOURCE = "/io/linkbench/build-commit.txt";

    @Option(names = "--tag", paramLabel = "NAME",
            description = "label of the run in result.json and the compare tables (default: the store and its engine)")
    String tag;

    @Option(names = "--notes", paramLabel = "TEXT", description = "free text kept with the run in result.json")
    String notes;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /**
     * Refuses a {@code --tag} with a line break or a terminal escape in it: the tag labels the run's row in
     * {@code compare}'s tables (a Markdown row would break, an escape would reach the terminal).
     *
     * @throws ConfigException (one line) naming the option and what it holds
     */
    void check() {
        oneLine("--tag", tag);
    }

    /** Refuses a label option's value holding a control character (line break, escape). */
    static void oneLine(String option, String value) {
        int at = value == null ? -1 : MessageText.controlCharacter(value, true);
        if (at >= 0) {
            throw new ConfigException(option + " '" + MessageText.printable(value) + "': holds "
                    + MessageText.describeControl(value, at) + "; a label is one line of text without control characters");
        }
    }

    /**
     * The run's facts without host and server configuration.
     *
     * @param storeLabel the default tag: store and engine
     * @param declared   every declared setting, whose secret keys are redacted from the command line
     */
    RunMeta meta(String storeLabel, List<Setting> declared) {
        List<String> args = spec == null ? List.of() : spec.commandLine().getParseResult().originalArgs();
        return new RunMeta(tag == null || tag.isBlank() ? storeLabel : tag, notes == null ? "" : MessageText.redact(notes),
                redacted(args, declared), null, jvm(), new RunMeta.BuildFacts(Main.version(), commit()), "");
    }

    /** Each argument with secret values hidden: {@code key=value} of a secret key, and what looks like one. */
    static List<String> redacted(List<String> args, List<Setting> declared) {
        List<String> out = new ArrayList<>(args.size());
        for (String a : args) {
            String r = MessageText.redact(a);
            int eq = r.indexOf('=');
            if (eq > 0) {
                String key = r.substring(0, eq).replaceFirst("^-D", "").trim();
                for (Setting s : declared) {
                    if (s.secret() && s.key().equals(key)) {
                        r = r.substring(0, eq + 1) + MessageText.HIDDEN;
                    }
                }
            }
            out.add(r);
        }
        return out;
    }

    private static RunMeta.JvmFacts jvm() {
        List<String> flags = new ArrayList<>();
        try {
            for (String f : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                flags.add(MessageText.redact(f));
            }
        } catch (RuntimeException | LinkageError e) {
            // no management beans (a trimmed runtime): no flags recorded
        }
        return new RunMeta.JvmFacts(System.getProperty("java.runtime.version", System.getProperty("java.version", "")),
                System.getProperty("java.vendor", ""), flags, Runtime.getRuntime().maxMemory());
    }

    /** The commit baked into the jar by the build, or "unknown" (built outside git, or run from an IDE). */
    static String commit() {
        try (InputStream in = RunLabel.class.getResourceAsStream(COMMIT_RESOURCE)) {
            if (in == null) {
                return "unknown";
            }
            String c = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            return c.matches("[0-9a-f]{7,64}(-dirty)?") ? c : "unknown";
        } catch (IOException e) {
            return "unknown";
        }
    }
}
