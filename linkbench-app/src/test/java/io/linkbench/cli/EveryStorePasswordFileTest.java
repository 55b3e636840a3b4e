package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.linkbench.config.Setting;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every bundled store that takes {@code password_file}: a device or a pipe there (with a user, so the password is
 * needed) is one line naming the key and exit 2, for a load and for {@code verify}, before any server is contacted;
 * never gigabytes read, a trace or a hang.
 */
@Timeout(180) // a pipe that is opened blocks until a writer comes: the test fails instead of hanging
class EveryStorePasswordFileTest {
    @TempDir
    Path tmp;

    @Test
    void aDeviceOrAPipeAsPasswordFileIsOneLineForALoadAndForVerify() throws Exception {
        Path fifo = tmp.resolve("pw-pipe");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        assumeTrue(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0 && Files.exists(fifo), "no mkfifo here");
        int stores = 0;
        for (StoreProvider p : StoreProviders.discover().all()) {
            if (p.settings().stream().map(Setting::key).noneMatch("password_file"::equals)) {
                continue;
            }
            stores++;
            for (String file : List.of("/dev/zero", fifo.toString())) {
                String expected = "linkbench: password_file=" + file + ": not a regular file (a directory, device or pipe);"
                        + " give a file whose first line is the password";
                String[][] commands = {
                    {"-D", "store=" + p.name(), "-D", "user=bench", "-D", "password_file=" + file, "-D", "maxid1=101",
                        "-l", "--results", tmp.resolve("r").toString()},
                    {"verify", "-D", "store=" + p.name(), "-D", "user=bench", "-D", "password_file=" + file},
                };
                for (String[] args : commands) {
                    ByteArrayOutputStream err = new ByteArrayOutputStream();
                    int code = Main.run(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                            new PrintStream(err, true, StandardCharsets.UTF_8), StoreProviders.discover(), args);
                    String text = err.toString(StandardCharsets.UTF_8);
                    assertEquals(2, code, p.name() + " " + String.join(" ", args) + ": " + text);
                    assertEquals(List.of(expected), text.lines().toList(), p.name() + " " + String.join(" ", args));
                }
            }
        }
        assertTrue(stores >= 3, "the stores with password_file: " + stores);
    }
}
