package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.tck.harness.ConcurrentLoads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
        String refusal = ConcurrentLoads.refusedWhileOneRunsAndFreeOnceItIsKilled(tmp,
                PgFaultTest.cli("lbtest_conc", "-D", "maxid1=2000001", "-D", "schema=recreate", "-l",
                        "--results", tmp.resolve("first").toString()),
                args(PgFaultTest.cli("lbtest_conc", "-D", "maxid1=2001", "-D", "schema=recreate", "-l",
                        "--results", tmp.resolve("second").toString())),
                args(PgFaultTest.cli("lbtest_conc", "-D", "maxid1=2001", "-D", "schema=recreate", "-l",
                        "--results", tmp.resolve("third").toString())),
                Duration.ZERO);
        assertTrue(refusal.contains(".lbtest_conc.nodetable, linktable, counttable on "), refusal);
    }

    static String[] args(List<String> args) {
        return new ArrayList<>(args).toArray(String[]::new);
    }
}
