package io.linkbench.store.postgres;

import java.nio.file.Path;
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
        PgConcurrentLoadTest.concurrentLoads(CitusFaultTest::cli, "lbtest_conc_citus", tmp);
    }
}
