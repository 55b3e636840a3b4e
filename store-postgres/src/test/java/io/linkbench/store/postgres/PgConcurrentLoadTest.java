package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.tck.harness.ConcurrentLoads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second {@code schema = recreate} load into tables another process is loading is refused in one line naming
 * that process, before it drops anything; once that process is killed, the next load is not blocked.
 */
@Tag("postgres")
class PgConcurrentLoadTest {

    @Test
    void aSecondLoadIsRefusedNamingTheFirstAndAKilledLoadBlocksNothing(@TempDir Path tmp) throws Exception {
        PgTestServer.assumeAvailable();
        concurrentLoads(PgFaultTest::cli, "lbtest_conc", tmp);
    }

    /** The scenario on {@code schema}, with {@code cli} making the command line of a schema and arguments. */
    static void concurrentLoads(BiFunction<String, String[], List<String>> cli, String schema, Path tmp) throws Exception {
        String refusal = ConcurrentLoads.refusedWhileOneRunsAndFreeOnceItIsKilled(tmp,
                cli.apply(schema, load(2000001, tmp.resolve("first"))),
                cli.apply(schema, load(2001, tmp.resolve("second"))).toArray(String[]::new),
                cli.apply(schema, load(2001, tmp.resolve("third"))).toArray(String[]::new),
                Duration.ZERO);
        assertTrue(refusal.contains("." + schema + ".nodetable, linktable, counttable on "), refusal);
    }

    private static String[] load(int maxid1, Path results) {
        return new String[] {"-D", "maxid1=" + maxid1, "-D", "schema=recreate", "-l", "--results", results.toString()};
    }
}
