package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.GraphStats;
import io.linkbench.measure.RunResult;
import io.linkbench.report.ResultFiles;
import io.linkbench.run.RunSpec;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The original's files choose one rule set, whole: the rules, the original's id2 rule and, with a data
 * file, the original's tail; no order of files runs a mix of the two codes, and a later key of ours that
 * contradicts the set is refused in one line naming both sources. The files are written here in the
 * style of the originals' (a home directory with {@code config/}), with small data files of the two
 * years' shapes.
 */
class OriginalRulesTest {
    @TempDir
    Path home;

    private final CliRun cli = new CliRun();
    private Path store;
    private Path mongo;
    private Path workload2011;
    private Path workload2017;

    private static final String MONGO_STORE = "# a store file of the 2017 fork, in its style\n"
            + "workload_file = config/FBWorkload.properties\n"
            + "linkstore = com.facebook.LinkBench.LinkStoreMongoDbBasic\n"
            + "nodestore = com.facebook.LinkBench.LinkStoreMongoDbBasic\n"
            + "loaders = 4\nrequesters = 8\nrequests = 1000\nmaxtime = 60\nwarmup_time = 0\n";

    @BeforeEach
    void files() throws IOException, URISyntaxException {
        Path config = Files.createDirectories(home.resolve("config"));
        store = Path.of(OriginalRulesTest.class.getResource("/original/config/LinkConfigMysql.properties").toURI());
        Files.writeString(config.resolve("Distribution2011.dat"), "nlinks\n0 45.3\n1 77.5\n3 95\n40 100\n");
        Files.writeString(config.resolve("Distribution2017.dat"), "nlinks\n1 79.7\n2 90.5\n9 99\n120 100\n");
        workload2011 = Files.writeString(config.resolve("FBWorkload.properties"), "data_file = config/Distribution2011.dat\n"
                + "maxid1 = 10001\naddlink = 8.9886601\ndeletelink = 2.9907664\nupdatelink = 8.0122125\n"
                + "countlink = 4.8863567\ngetlink = 0.5261142\ngetlinklist = 50.7119145\ngetnode = 12.9326683\n"
                + "addnode = 2.5732789\nupdatenode = 7.366437\ndeletenode = 1.0115914\n");
        workload2017 = Files.writeString(config.resolve("FBWorkload2017.properties"), "data_file = config/Distribution2017.dat\n"
                + "maxid1 = 10001\naddnode = 2.61198\nupdatenode = 3.06256\ndeletenode = 0.25166\ngetnode = 43.9869\n"
                + "addlink = 5.35038\ndeletelink = 0.98401\nupdatelink = 4.75589\ncountlink = 4.27898\n"
                + "getlink = 12.14725\ngetlinklist = 22.57039\n");
        mongo = Files.writeString(config.resolve("LinkConfigMongoDbBasic.properties"), MONGO_STORE + "never_change = true\n");
    }

    private int run(String... args) {
        return cli.run(StoreProviders.of(new MemoryStoreProvider()), args);
    }

    /** The key = value lines of --print-config. */
    private Map<String, String> printed() {
        Map<String, String> m = new LinkedHashMap<>();
        cli.out().lines().filter(l -> !l.startsWith("#") && l.contains(" = ")).forEach(l -> {
            int eq = l.indexOf(" = ");
            m.put(l.substring(0, eq), l.substring(eq + 3));
        });
        return m;
    }

    private void assertRules(String rules, String split, String updateMissing, String distinct, String tail) {
        Map<String, String> p = printed();
        assertEquals(List.of(rules, split, "offset", updateMissing, distinct, tail),
                List.of(p.get("workload_rules"), p.get("link_type_split"), p.get("link_id2_rule"),
                        p.get("updatelink_missing"), p.get("link_multiget_distinct"), p.get("nlinks_tail")),
                cli.err() + cli.out());
    }

    private void assertRules2012(String tail) {
        assertRules("2012", "extra_first", "upsert", "true", tail);
    }

    private void assertRules2017(String tail) {
        assertRules("2017", "raised", "insert", "false", tail);
    }

    private String rulesLine() {
        List<String> lines = cli.err().lines().filter(l -> l.startsWith("linkbench: rules ")).toList();
        assertEquals(1, lines.size(), cli.err());
        return lines.get(0);
    }

    @Test
    void the2012CodesFilesWithTheirDataBringTheOriginalsTailAndSayItInOneLine() {
        assertEquals(0, run("-c", store.toString(), "-c", workload2011.toString(), "-D", "store=memory", "--print-config"),
                cli.err());
        assertRules2012("original");
        assertEquals("linkbench: rules 2012 (workload_rules; FBWorkload.properties: data_file holds the 2011 data"
                + " (a degree-0 row)), data " + home.resolve("config/Distribution2011.dat") + " (nlinks_file), split"
                + " extra_first (link_type_split), tail original, uncapped (nlinks_tail; capped scales it to the graph)",
                rulesLine());
    }

    /** With the 2011 file the 2012 code shipped (skipped without it): the 2012 code's rows, exactly. */
    @Test
    void the2012CodesFilesWithThe2011FileLoadThe2012CodesRows() throws IOException {
        String dir = System.getProperty("linkbench.data.dir");
        Path data2011 = dir == null ? null : Path.of(dir, "Distribution_2011.dat");
        Assumptions.assumeTrue(data2011 != null && Files.isReadable(data2011),
                "skipped: Distribution_2011.dat not found in linkbench.data.dir=" + dir);
        Files.copy(data2011, home.resolve("config/Distribution2011.dat"), StandardCopyOption.REPLACE_EXISTING);
        ConfigLoader.Loaded files = ConfigLoader.load(List.of(store, workload2011), Map.of("maxid1", "10000001", "store", "memory"),
                StoreProviders.of(new MemoryStoreProvider()));
        assertEquals(44_458_555, RunSpec.from(files.settings()).shape().expectedLinks(), "at the files' own maxid1");

        Path results = home.resolve("results");
        assertEquals(0, run("-c", store.toString(), "-c", workload2011.toString(), "-D", "store=memory",
                "-D", "maxid1=200001", "-D", "loaders=2", "-l", "--results", results.toString()), cli.err());
        assertTrue(cli.out().contains("about 1,795,769 links"), cli.out());
        try (var dirs = Files.list(results)) {
            RunResult r = new ResultFiles().read(dirs.findFirst().orElseThrow());
            GraphStats loaded = r.phases().get(0).graph().loaded();
            assertEquals(1_795_769, loaded.linkRows(), "the 2012 code's link rows at 200,001 ids");
            assertEquals(961_964, loaded.maxLinks(), "its giant node: 961,963 drawn, 961,964 rows by its split");
        }
    }

    @Test
    void theCappedTailCanStillBeAskedFor() {
        assertEquals(0, run("-c", store.toString(), "-c", workload2011.toString(), "-D", "store=memory",
                "-D", "nlinks_tail=capped", "--print-config"), cli.err());
        assertRules2012("capped");
        assertTrue(rulesLine().endsWith(", tail capped (nlinks_tail, -D)"), rulesLine());
    }

    @Test
    void withoutTheDataFileTheTailIsCappedAndTheLineSaysWhy() throws IOException {
        Files.delete(home.resolve("config/Distribution2011.dat"));
        assertEquals(0, run("-c", workload2011.toString(), "-D", "store=memory", "--print-config"), cli.err());
        assertRules2012("capped");
        assertEquals("linkbench: rules 2012 (workload_rules; FBWorkload.properties: the 2011 operation mix), data the"
                + " built-in fit of the 2011 data (nlinks_file), split extra_first (link_type_split), tail capped"
                + " (nlinks_tail; the original's needs a data file)", rulesLine());
    }

    /** never_change is the fork's own switch: it outranks what the other file's mix and data suggest, in every order. */
    @Test
    void everyOrderOfTheForksMongoFileAndItsWorkloadRunsOneRuleSetAndSaysWhich() {
        for (List<Path> order : List.of(List.of(mongo, workload2017), List.of(workload2017, mongo))) {
            assertEquals(0, run("-c", order.get(0).toString(), "-c", order.get(1).toString(), "-D", "store=memory",
                    "--print-config"), cli.err());
            assertRules2012("original");
            assertTrue(rulesLine().startsWith("linkbench: rules 2012 (workload_rules; LinkConfigMongoDbBasic.properties:"
                    + " never_change = true (the fork's switch to the 2012 code's behaviour), over"
                    + " FBWorkload2017.properties: the 2017 fork's rules: data_file holds the 2017 data (no degree-0 row)),"
                    + " data " + home.resolve("config/Distribution2017.dat")), order + ": " + rulesLine());
        }
    }

    @Test
    void theForksMongoFileAloneReadsItsWorkloadBelowItAndRunsTheSameSet() throws IOException {
        Files.copy(workload2017, home.resolve("config/FBWorkload.properties"), StandardCopyOption.REPLACE_EXISTING);
        assertEquals(0, run("-c", mongo.toString(), "-D", "store=memory", "--print-config"), cli.err());
        assertRules2012("original");
        Files.writeString(mongo, MONGO_STORE);
        assertEquals(0, run("-c", mongo.toString(), "-D", "store=memory", "--print-config"), cli.err());
        assertRules2017("original");
        assertTrue(rulesLine().startsWith("linkbench: rules 2017 (workload_rules; FBWorkload.properties: data_file holds"
                + " the 2017 data (no degree-0 row)), data "), rulesLine());
    }

    /** A fork's store class only guesses; the 2012 code's mix says more, whichever file comes first. */
    @Test
    void aForksStoreClassYieldsToTheOtherFilesWorkloadInEitherOrder() throws IOException {
        Files.writeString(mongo, MONGO_STORE);
        Files.delete(home.resolve("config/Distribution2011.dat"));
        for (List<Path> order : List.of(List.of(mongo, workload2011), List.of(workload2011, mongo))) {
            assertEquals(0, run("-c", order.get(0).toString(), "-c", order.get(1).toString(), "-D", "store=memory",
                    "--print-config"), cli.err());
            assertRules2012("capped");
        }
    }

    @Test
    void twoSwitchesThatDisagreeTheLaterWinsWholeAndTheLineNamesBoth() throws IOException {
        Path off = Files.writeString(home.resolve("config/Off.properties"), "never_change = false\n");
        assertEquals(0, run("-c", mongo.toString(), "-c", off.toString(), "-D", "store=memory", "--print-config"), cli.err());
        assertRules2017("capped");
        assertTrue(rulesLine().startsWith("linkbench: rules 2017 (workload_rules; Off.properties: never_change = false"
                + " (the fork's own behaviour), over LinkConfigMongoDbBasic.properties: the 2012 code's rules:"
                + " never_change = true"), rulesLine());
    }

    @Test
    void aLaterKeyThatContradictsTheSetIsRefusedInOneLineNamingBothSources() throws IOException {
        assertEquals(2, run("-c", workload2011.toString(), "-D", "store=memory", "-D", "link_type_split=raised",
                "--print-config"));
        List<String> errors = cli.err().lines().filter(l -> !l.contains("warning")).toList();
        assertEquals(List.of("linkbench: -D link_type_split=raised contradicts FBWorkload.properties: the 2012 code's"
                + " rules: data_file holds the 2011 data (a degree-0 row), which run link_type_split = extra_first;"
                + " allowed: extra_first, or workload_rules = 2017 for the 2017 fork's rules whole"), errors);
        Path ours = Files.writeString(home.resolve("ours.properties"), "link_id2_rule = next\n");
        assertEquals(2, run("-c", workload2017.toString(), "-c", ours.toString(), "-D", "store=memory", "-l"));
        assertTrue(cli.err().contains("linkbench: " + ours + " link_id2_rule=next contradicts FBWorkload2017.properties:"
                + " the 2017 fork's rules: "), cli.err());
        assertEquals(0, run("-c", ours.toString(), "-c", workload2017.toString(), "-D", "store=memory",
                "--print-config"), "a later original file sets its whole rule set over an earlier file of ours");
        assertRules2017("original");
    }

    @Test
    void workloadRulesOfOursSwitchesToTheOtherSetWhole() {
        assertEquals(0, run("-c", workload2011.toString(), "-D", "store=memory", "-D", "workload_rules=2017",
                "--print-config"), cli.err());
        assertRules2017("original");
        assertTrue(rulesLine().startsWith("linkbench: rules 2017 (workload_rules; -D, over FBWorkload.properties:"
                + " data_file holds the 2011 data (a degree-0 row)), "), rulesLine());
        assertTrue(cli.out().contains("# -D workload_rules = 2017: the 2017 fork's rules, whole\nlink_type_split = raised"),
                cli.out());
    }

    /** --print-config checks first: what a run refuses, it refuses, with the same line and exit code 2. */
    @Test
    void printConfigRefusesWhatARunRefuses() {
        Path data = home.resolve("config/Distribution2011.dat");
        for (String[] keys : new String[][] {{"workload_rules=2012"}, {"maxid1=abc"},
            {"nlinks_tail=original", "link_id2_rule=next", "nlinks_file=" + data}}) {
            List<String> args = new java.util.ArrayList<>(List.of("-D", "store=memory"));
            for (String k : keys) {
                args.addAll(List.of("-D", k));
            }
            args.add("-l");
            assertEquals(2, run(args.toArray(String[]::new)), String.join(" ", keys));
            String refusal = cli.err();
            args.set(args.size() - 1, "--print-config");
            assertEquals(2, run(args.toArray(String[]::new)), String.join(" ", keys));
            assertEquals(refusal, cli.err(), "the same line");
            assertEquals("", cli.out(), "nothing printed");
        }
    }
}
