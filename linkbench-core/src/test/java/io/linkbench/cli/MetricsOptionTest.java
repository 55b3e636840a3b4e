package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --metrics-port} and {@code --metrics-bind}: on the loopback address unless told otherwise; an
 * endpoint that cannot be served exits 2 in one line, before the store is opened.
 */
class MetricsOptionTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    private int run(String... metricsArgs) {
        List<String> args = new ArrayList<>(List.of("-D", "store=memory", "-D", "maxid1=101", "-l", "--results", tmp.toString()));
        args.addAll(List.of(metricsArgs));
        return cli.run(StoreProviders.of(new MemoryStoreProvider()), args.toArray(String[]::new));
    }

    private void assertRefused(String expected, String... metricsArgs) {
        assertEquals(Main.BAD_INPUT, run(metricsArgs), cli.err());
        assertTrue(cli.err().startsWith("linkbench: " + expected), cli.err());
        assertEquals(1, cli.err().lines().count(), cli.err());
        assertTrue(!cli.out().contains("store=memory"), "the store was not opened: " + cli.out());
    }

    /** The line that says where the endpoint is, of a run that served it. */
    private String served(String... metricsArgs) {
        assertEquals(Main.OK, run(metricsArgs), cli.err());
        return cli.out().lines().filter(l -> l.startsWith("metrics: ")).findFirst().orElseThrow();
    }

    @Test
    void byDefaultTheEndpointIsOnTheLoopbackAddress() {
        assertTrue(served("--metrics-port", "0").matches("metrics: http://127\\.0\\.0\\.1:[0-9]+/metrics"), cli.out());
    }

    @Test
    void anotherAddressIsTakenFromTheBindOptionOrFromHostColonPort() {
        assertTrue(served("--metrics-port", "0", "--metrics-bind", "0.0.0.0")
                .matches("metrics: http://HOST:[0-9]+/metrics \\(every address of this machine\\)"), cli.out());
        assertTrue(served("--metrics-port", "0.0.0.0:0").contains("(every address of this machine)"), cli.out());
        assertTrue(served("--metrics-port", "127.0.0.1:0").startsWith("metrics: http://127.0.0.1:"), cli.out());
    }

    @Test
    void anAddressGivenTwiceOrWithoutAPortIsRefused() {
        assertRefused("--metrics-port 127.0.0.1:0: give the address either here or in --metrics-bind, not both",
                "--metrics-port", "127.0.0.1:0", "--metrics-bind", "127.0.0.1");
        assertRefused("--metrics-bind 0.0.0.0: needs --metrics-port", "--metrics-bind", "0.0.0.0");
        assertRefused("--metrics-bind no-such-host.invalid: not an address of this machine",
                "--metrics-port", "0", "--metrics-bind", "no-such-host.invalid");
    }

    @Test
    void aPortOutOfRangeIsRefused() {
        assertRefused("--metrics-port 70000: expected a TCP port, 0 (any free one) to 65535", "--metrics-port", "70000");
        assertRefused("--metrics-port 12ab: expected a TCP port", "--metrics-port", "12ab");
    }

    @Test
    void aPortInUseIsRefused() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            String port = String.valueOf(taken.getLocalPort());
            assertRefused("--metrics-port " + port + ": cannot listen (", "--metrics-port", port, "--metrics-bind", "0.0.0.0");
        }
    }
}
