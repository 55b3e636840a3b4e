package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linkbench.report.ResultFiles;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keys' values and labels are one line: a line break or a terminal escape in a {@code -D} value, a file's value
 * or {@code --tag} is refused in one line; a tag of an older result that holds them is shown escaped, so
 * {@code compare}'s Markdown rows stay rows and nothing reaches the terminal raw.
 */
class OneLineValuesTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    private void assertRefused(String expected, String... args) {
        int code = cli.run(StoreProviders.of(new MemoryStoreProvider()), args);
        assertEquals(Main.BAD_INPUT, code, cli.out() + cli.err());
        assertEquals(List.of("linkbench: " + expected), cli.err().lines().toList());
        assertFalse(cli.err().contains("\u001b"), "no escape reaches the terminal");
    }

    @Test
    void aLineBreakInADValueIsOneLineAndPrintConfigPrintsNothingBroken() {
        String oneLine = "a key's value is one line without control characters";
        assertRefused("-D nlinks_section: the value holds a line break at character 3; " + oneLine,
                "-D", "nlinks_section=ab\ncd", "--print-config");
        assertEquals("", cli.out(), "no --print-config output with a value split over two lines");
        assertRefused("-D maxid1: the value holds a line break at character 3; " + oneLine,
                "-D", "maxid1=12\n34", "-l", "--results", tmp.resolve("r").toString());
        assertRefused("-D dbid: the value holds a terminal escape (ESC) at character 1; " + oneLine,
                "-D", "dbid=\u001b[31mred", "-l", "--results", tmp.resolve("r").toString());
        assertRefused("-D key 'max\\nid1' holds a line break at character 4; keys are names such as maxid1",
                "-D", "max\nid1=5", "--print-config");
        assertFalse(Files.exists(tmp.resolve("r")));
    }

    @Test
    void aLineBreakInAFilesValueIsRefusedNamingTheFileAndKey() throws IOException {
        Path f = Files.writeString(tmp.resolve("escaped.properties"), "store = memory\nnlinks_section = ab\\ncd\n");
        assertRefused(f + ": nlinks_section: the value holds a line break at character 3; a key's value is one line"
                + " without control characters", "-c", f.toString(), "--print-config");
    }

    @Test
    void aTagWithALineBreakOrAnEscapeIsRefusedAndAnOldOneIsShownEscaped() throws IOException {
        assertRefused("--tag 'fast\\n| x |': holds a line break at character 5; a label is one line of text without"
                + " control characters", "-D", "store=memory", "-l", "--tag", "fast\n| x |", "--results",
                tmp.resolve("r").toString());
        assertRefused("--tag '\\e[2Jgone': holds a terminal escape (ESC) at character 1; a label is one line of text"
                + " without control characters", "-D", "store=memory", "-l", "--tag", "\u001b[2Jgone", "--results",
                tmp.resolve("r").toString());
        assertFalse(Files.exists(tmp.resolve("r")), "refused before the run");

        Path a = run("a");
        Path b = run("b");
        retag(b, "slow\n| injected | row |\u001b[2J");
        assertEquals(0, cli.run(StoreProviders.discover(), "compare", a.toString(), b.toString(), "--format", "markdown"),
                cli.err());
        String md = cli.out();
        assertFalse(md.contains("\u001b"), "no escape reaches the terminal: " + md);
        assertFalse(md.contains("\n| injected"), "no row of the tag's own: " + md);
        assertTrue(md.contains("| slow\\n\\| injected \\| row \\|\\e[2J |"), md);
        assertEquals(0, cli.run(StoreProviders.discover(), "compare", a.toString(), b.toString()), cli.err());
        assertTrue(cli.out().contains("slow\\n| injected | row |\\e[2J"), cli.out());
        assertFalse(cli.out().contains("\u001b"), cli.out());
        assertEquals(Main.BAD_INPUT, cli.run(StoreProviders.discover(), "compare", a.toString(), b.toString(), "--label",
                "x\ny"));
        assertEquals("linkbench: --label 'x\\ny': holds a line break at character 2; a label is one line of text without"
                + " control characters", cli.err().strip());
    }

    private Path run(String tag) throws IOException {
        Path results = tmp.resolve("results-" + tag);
        assertEquals(0, cli.run(StoreProviders.discover(), "-D", "store=memory", "-D", "maxid1=501", "-D", "maxtime=1",
                "-l", "-r", "--tag", tag, "--results", results.toString()), cli.err());
        try (Stream<Path> s = Files.list(results)) {
            return s.findFirst().orElseThrow();
        }
    }

    /** Writes {@code tag} into the run's result.json, as an older linkbench could. */
    private static void retag(Path run, String tag) throws IOException {
        Path json = run.resolve(ResultFiles.RESULT_JSON);
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = (ObjectNode) mapper.readTree(json.toFile());
        root.put("tag", tag);
        mapper.writeValue(json.toFile(), root);
    }
}
