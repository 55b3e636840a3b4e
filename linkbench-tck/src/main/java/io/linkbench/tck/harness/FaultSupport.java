package io.linkbench.tck.harness;

import io.linkbench.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;

/**
 * What the stores' fault tests share: a loopback port nothing listens on, a server that accepts
 * connections and never says a word, and a command-line run with its stderr captured.
 */
public final class FaultSupport {
    private FaultSupport() {
    }

    /** A loopback port that was free a moment ago and has nothing listening on it now. */
    public static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** A loopback server whose connections the kernel completes but nobody ever answers. */
    public static ServerSocket silentServer() throws IOException {
        return new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
    }

    /** Runs {@link Main#run} on {@code args} with stderr captured, then echoes stderr. */
    public static CapturedRun runCapturingErr(String... args) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        int code;
        try (PrintStream capture = new PrintStream(buffer, true, StandardCharsets.UTF_8)) {
            System.setErr(capture);
            code = Main.run(args);
        } finally {
            System.setErr(saved);
        }
        String err = buffer.toString(StandardCharsets.UTF_8);
        saved.print(err);
        return new CapturedRun(code, err);
    }

    /** The exit code and stderr of a run. */
    public record CapturedRun(int exitCode, String err) {
        /** The first line of stderr, or "". */
        public String firstLine() {
            return err.lines().findFirst().orElse("");
        }

        /** The first line of stderr that starts with {@code prefix}, or "". */
        public String firstLine(String prefix) {
            return err.lines().filter(l -> l.startsWith(prefix)).findFirst().orElse("");
        }
    }
}
