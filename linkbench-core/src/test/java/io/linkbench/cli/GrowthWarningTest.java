package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.store.StoreProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request phase that grows a small graph by more than 10% says so in one warning line, with the maxid1
 * that keeps the same phase under the limit; that maxid1 prints no warning. Phases are ended by a number
 * of requests, not by time, so the growth does not depend on the machine's speed.
 */
class GrowthWarningTest {
    private static final Pattern SUGGESTED = Pattern.compile("use maxid1 >= ([0-9,]+)");

    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    private int run(String maxId1, String... more) {
        String[] base = {"-D", "store=memory", "-D", "maxid1=" + maxId1, "-D", "requests=300000", "-D", "maxtime=600",
                "-D", "displayfreq=600", "-D", "progressfreq=600", "-l", "-r", "--results", tmp.resolve(maxId1).toString()};
        String[] args = new String[base.length + more.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(more, 0, args, base.length, more.length);
        return cli.run(StoreProviders.discover(), args);
    }

    @Test
    void aSmallGraphGrownPastTenPercentWarnsWithTheMaxid1ThatDoesNot() throws Exception {
        assertEquals(0, run("20001"), cli.err());
        String console = cli.out();
        Matcher m = Pattern.compile("WARNING: this phase's figures depend on its length: .*the graph grew ([0-9.]+)% .*")
                .matcher(console);
        assertTrue(m.find(), "a growth warning in:\n" + console);
        assertTrue(Double.parseDouble(m.group(1)) > 10, m.group());
        Matcher n = SUGGESTED.matcher(m.group());
        assertTrue(n.find(), "the warning names the maxid1 to use: " + m.group());
        assertEquals(1, console.lines().filter(l -> l.startsWith("WARNING: ")).count(), "one warning line:\n" + console);

        JsonNode phase = requestPhase(tmp.resolve("20001"));
        assertTrue(phase.get("warnings").toString().contains("the graph grew"), phase.get("warnings").toString());
        JsonNode growth = phase.get("growth");
        assertTrue(growth.get("links_growth_pct").asDouble() > 10, growth.toString());
        assertTrue(growth.get("loaded_links").asLong() > 20_000, growth.toString());
        assertTrue(growth.get("longest_list_ratio").asDouble() > 0, growth.toString());

        String suggested = n.group(1).replace(",", "");
        assertEquals(0, run(suggested), cli.err());
        assertFalse(cli.out().contains("WARNING"), "the suggested maxid1 " + suggested + " keeps it quiet:\n" + cli.out());
        JsonNode quiet = requestPhase(tmp.resolve(suggested)).get("growth");
        assertTrue(quiet.get("links_growth_pct").asDouble() <= 10, quiet.toString());
    }

    @Test
    void loopsSayHowMuchTheGraphGrewSinceTheLoad() throws Exception {
        assertEquals(0, run("20001", "--loops", "2"), cli.err());
        String console = cli.out();
        assertTrue(console.contains("WARNING: across 2 loops: throughput"), console);
        assertTrue(Pattern.compile("the graph grew [0-9.]+% since the load").matcher(console).find(), console);
        assertTrue(console.contains("reload between them"), console);
        Path dir;
        try (Stream<Path> s = Files.list(tmp.resolve("20001"))) {
            dir = s.findFirst().orElseThrow();
        }
        JsonNode lastLoop = new ObjectMapper().readTree(dir.resolve("result.json").toFile()).get("phases").get(2);
        assertTrue(lastLoop.get("warnings").toString().contains("across 2 loops"), "on the last loop: " + lastLoop.get("warnings"));
    }

    private static JsonNode requestPhase(Path results) throws Exception {
        Path dir;
        try (Stream<Path> s = Files.list(results)) {
            dir = s.findFirst().orElseThrow();
        }
        JsonNode json = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
        return json.get("phases").get(1);
    }
}
