package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --metrics-port} that cannot be served: exit 2 in one line, before the store is opened. */
class MetricsOptionTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    private void assertRefused(String port, String expectedStart) {
        int code = cli.run(StoreProviders.of(new MemoryStoreProvider()), "-D", "store=memory", "-l", "--metrics-port", port,
                "--results", tmp.toString());
        assertEquals(Main.BAD_INPUT, code, cli.err());
        assertTrue(cli.err().startsWith("linkbench: --metrics-port " + port + ": " + expectedStart), cli.err());
        assertEquals(1, cli.err().lines().count(), cli.err());
        assertTrue(!cli.out().contains("store=memory"), "the store was not opened: " + cli.out());
    }

    @Test
    void aPortOutOfRangeIsRefused() {
        assertRefused("70000", "expected a TCP port, 0 (any free one) to 65535");
    }

    @Test
    void aPortInUseIsRefused() throws Exception {
        try (ServerSocket taken = new ServerSocket(0)) {
            assertRefused(String.valueOf(taken.getLocalPort()), "cannot listen (");
        }
    }
}
