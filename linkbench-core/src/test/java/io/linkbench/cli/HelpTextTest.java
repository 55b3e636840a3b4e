package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Every help text formats: a {@code %} in a description is escaped, so picocli prints no warning. */
class HelpTextTest {
    @Test
    void helpOfTheCompareCommandPrintsNoFormatWarning() {
        for (String[] args : new String[][] {{"--help"}, {"compare", "--help"}}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            PrintStream systemErr = System.err;
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8)); // picocli's own warnings go there
            int code;
            try {
                code = Main.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8), StoreProviders.of(new MemoryStoreProvider()), args);
            } finally {
                System.setErr(systemErr);
            }
            String all = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
            assertEquals(0, code, all);
            assertFalse(all.contains("Could not format"), all);
            if (args.length == 2) {
                assertTrue(all.contains("hit% and rows/call"), all);
            }
        }
    }
}
