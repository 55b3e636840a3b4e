package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.StoreProviders;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code --print-config} refuses every store key a run refuses, before printing anything: the store's typed
 * configuration is built as a run builds it, without connecting. One line naming the key, exit 2.
 */
class PrintConfigRefusesTest {
    /** For each bundled store, keys with a value its run refuses. */
    private static final Map<String, List<String>> BAD = Map.of(
            "postgres", List.of("citus_shard_count=abc", "socket_timeout=abc", "citus=maybe", "port=0"),
            "mysql", List.of("socket_timeout=abc", "engine=In;noDB", "engine=FOO", "hosts=db1"),
            "mongo", List.of("socket_timeout=abc", "transactions=maybe"),
            "rocksdb", List.of("block_cache_mb=abc", "compression=snappy"));

    private static int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
        return Main.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                StoreProviders.discover(), args);
    }

    @Test
    void aStoreValueARunRefusesIsRefusedByPrintConfigInOneLine() {
        for (Map.Entry<String, List<String>> store : BAD.entrySet()) {
            for (String keyValue : store.getValue()) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                ByteArrayOutputStream err = new ByteArrayOutputStream();
                int code = run(out, err, "-D", "store=" + store.getKey(), "-D", keyValue, "--print-config");
                String what = store.getKey() + " " + keyValue;
                String text = err.toString(StandardCharsets.UTF_8);
                assertEquals(2, code, what + ": " + text);
                assertEquals(1, text.lines().count(), what + ": " + text);
                String key = keyValue.substring(0, keyValue.indexOf('='));
                assertTrue(text.startsWith("linkbench: ") && text.contains(key), what + ": " + text);
                assertEquals("", out.toString(StandardCharsets.UTF_8), what + ": nothing printed");
            }
        }
    }

    @Test
    void goodValuesStillPrint() {
        for (String store : BAD.keySet()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            assertEquals(0, run(out, err, "-D", "store=" + store, "--print-config"), store + ": " + err);
            assertTrue(out.toString(StandardCharsets.UTF_8).contains("# store = " + store + " keys"), store + ": " + out);
        }
    }
}
