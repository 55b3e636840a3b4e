package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Setting;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import io.linkbench.store.noop.NoopStoreProvider;
import io.linkbench.workload.dist.PayloadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Bad input exits 2 with one line naming the key; no value is echoed whole, no secret at all. */
class BadInputTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    private int run(StoreProviders providers, String... args) {
        return cli.run(providers, args);
    }

    private int run(String... args) {
        return run(StoreProviders.of(new MemoryStoreProvider(), new NoopStoreProvider()), args);
    }

    private String err() {
        return cli.err();
    }

    /** A load of two nodes into the noop store with {@code settings} as -D. */
    private int load(List<String> settings) {
        List<String> args = new ArrayList<>(List.of("-D", "store=noop", "-D", "maxid1=3", "-l",
                "--results", tmp.resolve("results").toString()));
        settings.forEach(s -> args.addAll(List.of("-D", s)));
        return run(args.toArray(String[]::new));
    }

    /** The payload keys: key, below the range, its ends, above it, what the message says, other settings. */
    static Stream<Arguments> payloadRanges() {
        String max = Integer.toString(PayloadSpec.DEFAULT_MAX_SIZE);
        String maxByte = Integer.toString(PayloadSpec.MAX_BYTE);
        String motif = Integer.toString(PayloadSpec.MOTIF_LENGTH);
        String minUnique = Double.toString(PayloadSpec.MIN_REPEAT_UNIQUENESS);
        return Stream.of(
                Arguments.of("node_datasize", List.of("-1", "0", max, PayloadSpec.DEFAULT_MAX_SIZE + 1 + "", "16777216"),
                        "must be an integer from 0 to " + max, List.of()),
                Arguments.of("link_datasize", List.of("-1", "0", max, PayloadSpec.DEFAULT_MAX_SIZE + 1 + "", "16777216"),
                        "must be an integer from 0 to " + max, List.of("link_datasize_limit=65537")),
                Arguments.of("node_data_firstbyte", List.of("-1", "0", maxByte, "256"),
                        "must be an integer from 0 to " + maxByte, List.of("node_data_lastbyte=" + maxByte)),
                Arguments.of("link_data_lastbyte", List.of("-1", "0", maxByte, "256"),
                        "must be an integer from 0 to " + maxByte, List.of("link_data_firstbyte=0")),
                Arguments.of("payload_chunk_length", List.of("0", "1", motif, PayloadSpec.MOTIF_LENGTH + 1 + ""),
                        "must be an integer from 1 to " + motif, List.of()),
                Arguments.of("link_data_uniqueness", List.of("0.00005", minUnique, "1", "1.5"),
                        "must be a number from " + minUnique + " to 1.0", List.of("payload_content=repeat")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("payloadRanges")
    void payloadKeysTakeExactlyTheRangeTheGeneratorTakes(String key, List<String> values, String allowed,
                                                          List<String> others) {
        List<String> inRange = values.subList(1, 3);
        for (String v : values) {
            List<String> settings = new ArrayList<>(others);
            settings.add(key + "=" + v);
            int code = load(settings);
            if (inRange.contains(v)) {
                assertEquals(0, code, key + "=" + v + ": " + err());
                assertFalse(err().contains("Exception"), err());
            } else {
                assertEquals(2, code, key + "=" + v + ": " + err());
                assertEquals("linkbench: " + key + "=" + v + ": " + allowed + "\n", err());
            }
        }
    }

    @Test
    void aLongValueIsCutToItsStartAndLength() {
        String huge = "9".repeat(10_000_000);
        assertEquals(2, run("-D", "store=memory", "-D", "maxid1=" + huge, "-l"));
        String line = err();
        assertTrue(line.startsWith("linkbench: maxid1=" + "9".repeat(60) + "… (10000000 chars): must be an integer"), line);
        assertEquals(1, line.strip().lines().count(), line);
        assertTrue(line.length() < 200, line);
    }

    @Test
    void aLongUnknownKeyIsCutToo() {
        String key = "k".repeat(5000);
        assertEquals(2, run("-D", "store=memory", "-D", key + "=1", "-l"));
        assertTrue(err().startsWith("linkbench: unknown key '" + "k".repeat(60) + "… (5000 chars)'"), err());
        assertTrue(err().length() < 300, err());
    }

    @Test
    void aLongBadOptionValueIsCut() {
        assertEquals(2, run("-D", "x".repeat(100_000)));
        assertEquals(1, err().strip().lines().count(), err());
        assertTrue(err().length() < 400, err());
    }

    @Test
    void aPasswordMistypedAsOptionIsNotEchoed() {
        assertEquals(2, run("-D", "password:Hunter2secret", "-l"));
        assertFalse(err().contains("Hunter2secret"), err());
        assertTrue(err().contains("password:***"), err());
    }

    @Test
    void aDefineWithoutEqualsSaysOptionOnce() {
        assertEquals(2, run("-D", "maxid1", "-l"));
        assertFalse(err().contains("option option"), err());
        assertTrue(err().startsWith("linkbench: Value for option '-D'"), err());
    }

    @Test
    void aPasswordFileOnTheCommandLineWinsOverAPasswordInAFile(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
        StoreProvider withPassword = new StoreProvider() {
            @Override
            public String name() {
                return "pw";
            }

            @Override
            public String description() {
                return "a store with a password";
            }

            @Override
            public List<Setting> settings() {
                return List.of(Setting.secret("password", "the password"), Setting.of("password_file", "", "its file"));
            }

            @Override
            public GraphStore open(StoreContext context) {
                return new MemoryStoreProvider().open(context);
            }
        };
        Path config = Files.writeString(tmp.resolve("c.properties"), "store = pw\npassword = fromfile\n");
        io.linkbench.config.Settings s = ConfigLoader.load(List.of(config), java.util.Map.of("password_file", "/etc/lb/pw"),
                StoreProviders.of(withPassword)).settings();
        assertEquals("/etc/lb/pw", s.asMap().get("password_file"));
        assertFalse(s.has("password"), "the earlier file's password no longer counts: " + s.asMap());
        Path both = Files.writeString(tmp.resolve("both.properties"), "password = a\npassword_file = /b\n");
        assertEquals(2, run(StoreProviders.of(withPassword), "-c", both.toString(), "-D", "store=pw", "-l"));
        assertEquals("linkbench: " + both + " sets both password and password_file: give one of them", err().strip());
    }

    @Test
    void aPasswordInsideABadValueIsNotEchoed() {
        assertEquals(2, run("-D", "store=memory", "-D", "maxid1=10&password=Hunter2secret", "-l"));
        assertEquals("linkbench: maxid1=10&password=***: must be an integer from 1 to " + Long.MAX_VALUE + "\n", err());
    }

    @Test
    void aLineWithoutEqualsNamesItsFileAndLine() throws IOException {
        Path config = tmp.resolve("bad.properties");
        Files.writeString(config, "# a comment\nstore = memory\nlong = a \\\n  continued value\nmaxid1 10\n");
        assertEquals(2, run("-c", config.toString(), "-l"));
        assertEquals("linkbench: " + config + ":5: not a key = value line (no '=' after the key);"
                + " allowed: key = value, # comments and blank lines\n", err());
    }

    @Test
    void keyColonValueAndContinuationsAreStillRead() throws IOException {
        Path config = tmp.resolve("ok.properties");
        Files.writeString(config, "! comment\nstore: noop\nmaxid1 = \\\n  3\n\n");
        assertEquals(0, run("-c", config.toString(), "--print-config"), err());
        assertTrue(cli.out().contains("maxid1"), cli.out());
    }

    /** A store that fails to open with {@code failure}. */
    private record FailingProvider(StoreException failure) implements StoreProvider {
        @Override
        public String name() {
            return "failing";
        }

        @Override
        public String description() {
            return "fails to open";
        }

        @Override
        public List<Setting> settings() {
            return List.of();
        }

        @Override
        public GraphStore open(StoreContext context) throws StoreException {
            throw failure;
        }
    }

    @Test
    void aRefusalIsItsOneLineWithoutTheVerboseHint() {
        StoreException refusal = StoreException.refusal("data_dir db is not empty: set schema = recreate");
        assertEquals(1, run(StoreProviders.of(new FailingProvider(refusal)), "-D", "store=failing", "-D", "maxid1=3",
                "-l", "--results", tmp.toString()));
        assertEquals("linkbench: data_dir db is not empty: set schema = recreate\n", err());
    }

    @Test
    void aFailureStillPointsAtTheStackTrace() {
        StoreException failure = new StoreException(StoreException.Kind.OTHER, "cannot open: disk on fire");
        assertEquals(1, run(StoreProviders.of(new FailingProvider(failure)), "-D", "store=failing", "-D", "maxid1=3",
                "-l", "--results", tmp.toString()));
        assertEquals("linkbench: cannot open: disk on fire\n(--verbose shows the stack trace)\n", err());
    }

    @Test
    void listKeysNamesEveryStore() {
        assertEquals(0, run(StoreProviders.discover(), "--list-keys"));
        String listing = cli.out();
        String storeLine = listing.lines().filter(l -> l.startsWith("store ")).findFirst().orElseThrow();
        for (StoreProvider p : StoreProviders.discover().all()) {
            assertTrue(storeLine.contains(p.name()), storeLine);
            assertTrue(listing.contains("# store = " + p.name() + ": "), listing);
        }
        assertTrue(storeLine.contains("noop"), storeLine);
        assertTrue(listing.contains("# store = noop: stores nothing, answers at once: measures the driver's own overhead\n"
                + "(no keys of its own)\n"), listing);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u0661\u0660", "\uff11\uff10", "1\u0966"})
    void digitsOtherThanAsciiAreRefused(String digits) {
        assertEquals(2, run("-D", "store=memory", "-D", "requesters=" + digits, "-r"));
        assertEquals("linkbench: requesters=" + digits + ": must be an integer from 1 to 4096\n", err());
    }

    @Test
    void anOptionInOtherDigitsIsRefused() {
        assertEquals(2, run("-D", "store=memory", "-r", "--loops", "\u0662"));
        assertTrue(err().startsWith("linkbench: Invalid value for option '--loops'"), err());
        assertEquals(1, err().strip().lines().count(), err());
    }
}
