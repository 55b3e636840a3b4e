package io.linkbench.report.html;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's {@code chromium} run headless on a local file, each time with a fresh profile directory.
 * Tests that need it call {@link #assumePresent()}: without {@code /usr/bin/chromium} they are skipped
 * with a message, except under {@code CI=true}, where they fail ({@code scripts/install-chromium.sh}
 * installs it).
 */
final class HeadlessChromium {
    static final Path BINARY = Path.of("/usr/bin/chromium");
    /** A guard against a hung browser, not a performance bound. */
    private static final long TIMEOUT_SECONDS = 120;

    private HeadlessChromium() {
    }

    static void assumePresent() {
        if (Files.isExecutable(BINARY)) {
            return;
        }
        String why = BINARY + " is missing (scripts/install-chromium.sh installs Debian's chromium)";
        if ("true".equals(System.getenv("CI"))) {
            fail("CI=true and " + why);
        }
        System.err.println("SKIPPED headless Chromium test: " + why);
        Assumptions.assumeTrue(false, why);
    }

    /**
     * What one run of the browser left.
     *
     * @param exitCode its exit code
     * @param stdout   standard output (the DOM, for {@code --dump-dom})
     * @param stderr   standard error, one entry per line
     */
    record Outcome(int exitCode, String stdout, List<String> stderr) {
        /**
         * The stderr lines that report a problem with the page: any uncaught script exception, and
         * Chromium's {@code ERROR:} or console ({@code :CONSOLE}) lines that name the page. Chromium's
         * own noise (no D-Bus, no GPU, sandbox warnings, the launcher's shell complaints) names no page
         * and is ignored.
         */
        List<String> pageErrors(Path page) {
            String uri = page.toUri().toString();
            String name = page.getFileName().toString();
            List<String> errors = new ArrayList<>();
            for (String line : stderr) {
                boolean aboutPage = line.contains(uri) || line.contains(name);
                boolean error = line.contains("ERROR:") || line.contains(":CONSOLE");
                if (line.contains("Uncaught") || (aboutPage && error)) {
                    errors.add(line);
                }
            }
            return errors;
        }
    }

    /** Loads the page and prints its DOM after load ({@code --dump-dom}). */
    static Outcome dumpDom(Path page, Path work) throws IOException, InterruptedException {
        return run(List.of("--dump-dom"), page, work);
    }

    /** Loads the page and saves a 1280 x 2400 screenshot of its top as PNG. */
    static Outcome screenshot(Path page, Path png, Path work) throws IOException, InterruptedException {
        return run(List.of("--screenshot=" + png.toAbsolutePath(), "--window-size=1280,2400",
                "--hide-scrollbars"), page, work);
    }

    private static Outcome run(List<String> mode, Path page, Path work) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(work, "chromium-profile-");
        Path out = work.resolve(profile.getFileName() + ".out");
        Path err = work.resolve(profile.getFileName() + ".err");
        List<String> command = new ArrayList<>(List.of(BINARY.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
                "--enable-logging=stderr", "--v=0"));
        command.addAll(mode);
        command.add(page.toUri().toString());
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("chromium did not finish within " + TIMEOUT_SECONDS + " s on " + page + "; stderr:\n"
                    + Files.readString(err, StandardCharsets.UTF_8));
        }
        return new Outcome(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readAllLines(err, StandardCharsets.UTF_8));
    }
}
