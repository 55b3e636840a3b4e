package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --sweep} and {@code --slo} that are wrong or clash: exit 2, one line, before any store is opened. */
class CurveOptionsTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    private void assertRefused(String expectedStart, String... options) {
        String[] args = new String[options.length + 4];
        System.arraycopy(new String[] {"-D", "store=memory", "--results", tmp.toString()}, 0, args, 0, 4);
        System.arraycopy(options, 0, args, 4, options.length);
        assertEquals(Main.BAD_INPUT, cli.run(StoreProviders.of(new MemoryStoreProvider()), args), cli.err());
        assertTrue(cli.err().startsWith("linkbench: " + expectedStart), cli.err());
        assertEquals(1, cli.err().lines().count(), cli.err());
        assertTrue(cli.out().isEmpty(), "nothing ran: " + cli.out());
    }

    @Test
    void badSyntaxNamesTheOptionAndWhatIsAllowed() {
        assertRefused("--sweep 'requestrate=fast': expected requestrate=R1,R2,... (ops/s, above 0) or requesters=N1,N2,...",
                "-l", "-r", "--sweep", "requestrate=fast");
        assertRefused("--slo 'p99 <= 5ms': expected conditions like 'p99 < 5ms'", "-l", "-r", "--slo", "p99 <= 5ms");
    }

    @Test
    void clashingOptionsAreRefused() {
        assertRefused("--sweep and --slo: give one of them", "-r", "--sweep", "requesters=1,2", "--slo", "p99 < 5ms");
        assertRefused("--sweep: needs -r", "-l", "--sweep", "requesters=1,2");
        assertRefused("--slo and --loops: give one of them", "-r", "--loops", "3", "--slo", "p99 < 5ms");
    }
}
