package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store that stops answering for a while inside a request phase that still ends in time (below
 * {@code stall_limit}): the phase's summary, summary.txt and result.json say that no call returned for that long,
 * instead of a run that reads as if nothing happened.
 */
class CallGapTest {
    private static final long FROZEN_NANOS = 2_000_000_000L;
    private static final Pattern GAP = Pattern.compile("no call returned for ([\\d.]+) s \\(the longest gap between"
            + " completed calls, [\\d.]+ s to [\\d.]+ s into the measured window\\)");

    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    /** The gap's seconds named in {@code text}, or -1 when it names none. */
    private static double gap(String text) {
        Matcher m = GAP.matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : -1;
    }

    @Test
    void aStoreFrozenInsideTheRequestPhaseIsNamedWithTheLongestGapEverywhere() throws Exception {
        Path results = tmp.resolve("results");
        int code = cli.run(StoreProviders.of(SlowStore.frozenOnce(new MemoryStoreProvider(), 500, FROZEN_NANOS)),
                "-D", "store=memory", "-D", "maxid1=2001", "-D", "requesters=2", "-D", "warmup_time=0", "-D", "maxtime=6",
                "-D", "displayfreq=1", "-l", "-r", "--results", results.toString());
        assertEquals(0, code, "a phase that ended in time completes:\n" + cli.out() + cli.err());
        // the freeze holds every call for 2 s; each requester's last return before it was at most one call earlier
        double console = gap(cli.out());
        assertTrue(console >= 1.0, "the console's summary names the gap:\n" + cli.out());
        System.out.println(cli.out().lines().filter(l -> l.contains("no call returned for")).findFirst().orElse(""));
        Path run;
        try (Stream<Path> s = Files.list(results)) {
            run = s.findFirst().orElseThrow();
        }
        assertTrue(gap(Files.readString(run.resolve("summary.txt"))) >= 1.0, Files.readString(run.resolve("summary.txt")));
        JsonNode phases = new ObjectMapper().readTree(run.resolve("result.json").toFile()).get("phases");
        JsonNode request = phases.get(phases.size() - 1);
        assertEquals("completed", request.get("status").asText(), request.toString());
        assertTrue(gap(request.get("warnings").toString()) >= 1.0, "result.json's warnings: " + request.get("warnings"));
    }

    @Test
    void aPhaseWithCallsReturningThroughoutNamesNoGap() throws Exception {
        assertEquals(0, cli.run(StoreProviders.discover(), "-D", "store=memory", "-D", "maxid1=2001", "-D", "requesters=2",
                "-D", "warmup_time=0", "-D", "maxtime=2", "-l", "-r", "--results", tmp.resolve("r").toString()), cli.err());
        assertEquals(-1, gap(cli.out()), cli.out());
    }
}
