package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.tck.harness.ConcurrentLoads;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On Citus, where the claim lives on the coordinator: a second {@code schema = recreate} load into distributed
 * tables another process is loading is refused in one line naming that process; once it is killed, the next
 * load is not blocked.
 */
@Tag("citus")
class CitusConcurrentLoadTest {

    @Test
    void aSecondLoadIsRefusedNamingTheFirstAndAKilledLoadBlocksNothing(@TempDir Path tmp) throws Exception {
        CitusTestCluster.assumeAvailable();
        String refusal = ConcurrentLoads.refusedWhileOneRunsAndFreeOnceItIsKilled(tmp,
                CitusFaultTest.cli("lbtest_conc_citus", "-D", "maxid1=2000001", "-D", "schema=recreate", "-l",
                        "--results", tmp.resolve("first").toString()),
                PgConcurrentLoadTest.args(CitusFaultTest.cli("lbtest_conc_citus", "-D", "maxid1=2001", "-D",
                        "schema=recreate", "-l", "--results", tmp.resolve("second").toString())),
                PgConcurrentLoadTest.args(CitusFaultTest.cli("lbtest_conc_citus", "-D", "maxid1=2001", "-D",
                        "schema=recreate", "-l", "--results", tmp.resolve("third").toString())),
                Duration.ZERO);
        assertTrue(refusal.contains(".lbtest_conc_citus.nodetable, linktable, counttable on "), refusal);
    }
}
