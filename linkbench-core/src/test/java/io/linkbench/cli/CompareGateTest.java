package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --fail-if} against a run made really slower (a store whose every call sleeps), {@code --loop}
 * and the trend of a {@code --loops} run, the labels and settings a run's result.json records, and
 * {@code --help}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CompareGateTest {
    private final CliRun cli = new CliRun();
    private Path base;
    private Path slow;
    private Path loops;
    private Path results;

    private Path runOnce(StoreProviders providers, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("-D", "store=memory", "-D", "maxid1=2001", "-D", "requesters=1",
                "-D", "maxtime=1", "-l", "-r", "--results", results.toString()));
        args.addAll(List.of(more));
        List<Path> before = list();
        assertEquals(0, cli.run(providers, args.toArray(String[]::new)), cli.err());
        List<Path> after = list();
        after.removeAll(before);
        assertEquals(1, after.size(), after.toString());
        return after.get(0);
    }

    private List<Path> list() throws IOException {
        if (!Files.isDirectory(results)) {
            return new ArrayList<>();
        }
        try (Stream<Path> s = Files.list(results)) {
            return new ArrayList<>(s.toList());
        }
    }

    @BeforeAll
    void runs(@TempDir Path tmp) throws IOException {
        results = tmp.resolve("results");
        base = runOnce(StoreProviders.discover());
        // every session call sleeps 1 ms: a few hundred operations per second instead of tens of thousands
        slow = runOnce(StoreProviders.of(SlowStore.provider(new MemoryStoreProvider(), 1_000_000)));
        loops = runOnce(StoreProviders.discover(), "--loops", "3");
    }

    @Test
    void byRequestsThatWouldGiveMoreRowsThanATableHoldsIsOneLineNamingTheLeastStep() {
        assertEquals(2, cli.run(StoreProviders.discover(), "compare", base.toString(), loops.toString(), "--by-requests", "1"),
                cli.out() + cli.err());
        List<String> lines = cli.err().lines().toList();
        assertEquals(1, lines.size(), cli.err());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("linkbench: --by-requests 1: the runs did up to ([\\d,]+)"
                + " requests, which would be [\\d,]+ rows; give (\\d+) or more \\(at most 10,000 rows\\)").matcher(lines.get(0));
        assertTrue(m.matches(), lines.get(0));
        assertEquals("", cli.out(), "nothing printed before the refusal");
        String least = m.group(2);
        assertEquals(0, cli.run(StoreProviders.discover(), "compare", base.toString(), loops.toString(), "--by-requests",
                least), cli.err());
        long rows = cli.out().lines().dropWhile(l -> !l.contains("lined up by requests done")).filter(l -> l.matches(
                "\\s*[\\d,]+\\s.*")).count();
        assertTrue(rows > 0 && rows <= 10_000, rows + " rows:\n" + cli.out());
    }

    @Test
    void failIfExitsThreeWithOneLinePerFailedConditionOnASlowerRun() {
        int code = cli.run(StoreProviders.discover(), "compare", base.toString(), slow.toString(), "--label", "fast",
                "--label", "slow", "--fail-if", "tps < -5%", "--fail-if", "p99(GET_LINKS_LIST) > +10%",
                "--fail-if", "gn > 1000");
        assertEquals(CompareCommand.REGRESSION, code, cli.out() + cli.err());
        List<String> failures = cli.out().lines().filter(l -> l.startsWith("fail-if: ")).toList();
        assertEquals(2, failures.size(), cli.out());
        assertTrue(failures.get(0).matches("fail-if: slow: tps [0-9,]+ is -\\d+\\.\\d% against fast \\([0-9,]+\\): "
                + "fails 'tps < -5%'"), failures.get(0));
        assertTrue(failures.get(1).startsWith("fail-if: slow: p99(GET_LINKS_LIST) ") && failures.get(1)
                .endsWith("fails 'p99(GET_LINKS_LIST) > +10%'"), failures.get(1));
    }

    @Test
    void failIfPassesWhenNothingFellShortAndTakesABaselineDirectory() {
        assertEquals(0, cli.run(StoreProviders.discover(), "compare", base.toString(), base.toString(),
                "--fail-if", "tps < -5%", "--fail-if", "p99(GET_LINKS_LIST) > +10%"), cli.out() + cli.err());
        assertFalse(cli.out().contains("fail-if:"), cli.out());
        // the slow run as the baseline: the fast one is no regression
        assertEquals(0, cli.run(StoreProviders.discover(), "compare", "--baseline", slow.toString(), base.toString(),
                "--fail-if", "tps < -5%"), cli.out() + cli.err());
        assertEquals(CompareCommand.REGRESSION, cli.run(StoreProviders.discover(), "compare", "--baseline",
                base.toString(), slow.toString(), "--fail-if", "tps < -5%"), cli.out() + cli.err());
    }

    @Test
    void aBadConditionIsAOneLineErrorExitTwo() {
        for (String bad : List.of("tps <", "tps <= 5%", "foo > 5%", "p0(GET_NODE) > 1", "p99(GET_NODE) > fast")) {
            assertEquals(Main.BAD_INPUT, cli.run(StoreProviders.discover(), "compare", base.toString(), "--fail-if", bad), bad);
            assertEquals(1, cli.err().strip().lines().count(), cli.err());
            assertTrue(cli.err().contains("--fail-if '" + bad + "'"), cli.err());
            assertFalse(cli.err().contains("Exception"), cli.err());
        }
    }

    @Test
    void anUnknownOperationIsRefusedBeforeAnyTableNamingTheOperationsAllowed() {
        assertEquals(Main.BAD_INPUT, cli.run(StoreProviders.discover(), "compare", base.toString(), slow.toString(),
                "--fail-if", "p99(GET_NODES) > 1"), cli.out() + cli.err());
        assertEquals("linkbench: --fail-if 'p99(GET_NODES) > 1': no operation GET_NODES; allowed: ADD_NODE UPDATE_NODE"
                + " DELETE_NODE GET_NODE ADD_LINK DELETE_LINK UPDATE_LINK COUNT_LINK MULTIGET_LINK GET_LINKS_LIST READ_TRANSACTION WRITE_TRANSACTION"
                + " LOAD_NODES LOAD_LINKS LOAD_COUNTS", cli.err().strip());
        assertEquals("", cli.out(), "nothing printed before the refusal");
    }

    @Test
    void aFigureARunDoesNotHaveIsRefusedNotPassed(@TempDir Path tmp) throws IOException {
        Path loadOnly = loadOnly(tmp);
        for (String[] c : new String[][] {{base.toString(), loadOnly.toString()}, {loadOnly.toString(), base.toString()}}) {
            assertEquals(Main.BAD_INPUT, cli.run(StoreProviders.discover(), "compare", c[0], c[1], "--fail-if",
                    "tps < -5%"), cli.out() + cli.err());
            assertEquals("linkbench: --fail-if 'tps < -5%': " + loadOnly + " has no request phase (tps is a figure of the"
                    + " request phase); give a figure every compared run has", cli.err().strip());
        }
        assertEquals(Main.BAD_INPUT, cli.run(StoreProviders.discover(), "compare", base.toString(), loops.toString(),
                "--loop", "3", "--fail-if", "gl > 20"), cli.out() + cli.err());
        assertEquals("linkbench: --fail-if 'gl > 20': " + base + " has no request phase loop 3 (gl is a figure of the"
                + " request phase); give a figure every compared run has", cli.err().strip());
        assertEquals(Main.BAD_INPUT, cli.run(StoreProviders.discover(), "compare", base.toString(), slow.toString(),
                "--fail-if", "p99(LOAD_NODES) > +10%", "--fail-if", "r/t > 5"), cli.out() + cli.err());
        assertEquals("linkbench: --fail-if 'r/t > 5': " + base + " has no r/t: r/t was not measured in its request phase"
                + "; give a figure every compared run has", cli.err().strip(), "the memory store has no data devices");
    }

    /** A run of the memory store that only loaded. */
    private Path loadOnly(Path tmp) throws IOException {
        Path dir = tmp.resolve("load-only");
        assertEquals(0, cli.run(StoreProviders.discover(), "-D", "store=memory", "-D", "maxid1=2001", "-l", "--results",
                dir.toString()), cli.err());
        try (Stream<Path> s = Files.list(dir)) {
            return s.findFirst().orElseThrow();
        }
    }

    @Test
    void aLoopsRunShowsItsTrendAndLoopChoosesTheRow() {
        assertEquals(0, cli.run(StoreProviders.discover(), "compare", base.toString(), loops.toString(), "--phase", "request"),
                cli.err());
        String text = cli.out();
        List<String> trend = CompareMergeTest.table(text, "trend of memory (" + loops.getFileName() + "), one row per loop:");
        assertEquals("tps un gn ul gl r/t wKB/t size loop", String.join(" ", trend.get(0).trim().split("\\s+")));
        assertEquals(4, trend.size(), text);
        assertTrue(trend.get(3).endsWith("  3"), trend.get(3));
        assertTrue(text.contains(": last of 3 loops"), text);

        assertEquals(0, cli.run(StoreProviders.discover(), "compare", base.toString(), loops.toString(), "--loop", "2"));
        assertTrue(cli.out().contains(": loop 2 of 3 loops"), cli.out());
        assertEquals(0, cli.run(StoreProviders.discover(), "compare", base.toString(), loops.toString(), "--loop", "all",
                "--phase", "request"));
        List<String> rows = CompareMergeTest.table(cli.out(), "requests: one row per run:");
        assertEquals(1 + 1 + 3, rows.size(), cli.out());
        assertTrue(rows.get(4).endsWith(" loop 3"), rows.get(4));
        assertEquals(0, cli.run(StoreProviders.discover(), "compare", base.toString(), loops.toString(), "--loop", "9"));
        assertTrue(cli.out().contains(": no loop 9 (3 loops)"), cli.out());
        assertEquals(Main.BAD_INPUT, cli.run(StoreProviders.discover(), "compare", base.toString(), "--loop", "first"));
        assertTrue(cli.err().contains("--loop first: must be last, all or a loop number from 1"), cli.err());
    }

    @Test
    void theTagLabelsARunAndTheSettingsThatDifferEndTheComparison(@TempDir Path tmp) throws IOException {
        Path a = copy(base, tmp.resolve("a"), "innodb", "innodb_buffer_pool_size = 134217728\nversion = 10.11\n",
                2);
        Path b = copy(slow, tmp.resolve("b"), "myrocks", "rocksdb_block_cache_size = 536870912\nversion = 10.11\n",
                4);
        assertEquals(0, cli.run(StoreProviders.discover(), "compare", a.toString(), b.toString(), "--format", "markdown"),
                cli.err());
        String md = cli.out();
        assertTrue(md.contains("| innodb |\n") && md.contains("| myrocks |\n"), md);
        assertTrue(md.contains("settings that differ: server variables\n\n| setting | innodb | myrocks |\n"), md);
        assertTrue(md.contains("| innodb_buffer_pool_size | 134217728 | - |"), md);
        assertTrue(md.contains("| rocksdb_block_cache_size | - | 536870912 |"), md);
        assertFalse(md.contains("| version |"), "the same value: no difference");
        assertTrue(md.contains("settings that differ: host\n\n| setting | innodb | myrocks |\n| :--- | :--- | :--- |\n"
                + "| cores | 2 | 4 |\n"), md);
        assertFalse(md.contains("settings that differ: linkbench keys"), "the same keys: " + md);
    }

    /** A copy of a run directory whose result.json has a tag, a server configuration file and its host's cores. */
    private static Path copy(Path run, Path to, String tag, String serverConfig, int cores) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(run)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        Path json = to.resolve("result.json");
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = (ObjectNode) mapper.readTree(json.toFile());
        root.put("tag", tag);
        root.put("server_config_file", "server-config.txt");
        ObjectNode host = (ObjectNode) root.get("host_facts");
        host.put("cpu_model", "Xeon");
        host.put("cores", cores);
        mapper.writeValue(json.toFile(), root);
        Files.writeString(to.resolve("server-config.txt"), serverConfig);
        return to;
    }

    @Test
    void helpStartsWithTheUsage() {
        assertEquals(0, cli.run(StoreProviders.discover(), "compare", "--help"));
        assertTrue(cli.out().startsWith("Usage: linkbench compare"), cli.out());
        assertEquals("", cli.err());
        assertTrue(cli.out().contains("'tps < -5%'"), "a % in a description prints as %: " + cli.out());
    }
}
