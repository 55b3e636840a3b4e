package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.tck.harness.ConcurrentLoads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On Spider, where the claim lives on the head: a second {@code schema = recreate} load into tables another
 * process is loading (which both used to finish "completed" at a sixteenth of a lone load's rate) is refused in
 * one line naming that process; once it is killed, the next load is not blocked.
 */
@Tag("spider")
class SpiderConcurrentLoadTest {

    @Test
    void aSecondLoadIsRefusedNamingTheFirstAndAKilledLoadBlocksNothing(@TempDir Path tmp) throws Exception {
        SpiderTestCluster.assumeAvailable();
        String db = "lbtest_conc_spider";
        String refusal = ConcurrentLoads.refusedWhileOneRunsAndFreeOnceItIsKilled(tmp,
                List.of(SpiderTestCluster.args("spider.properties", db, "-D", "maxid1=2000001", "-D", "schema=recreate",
                        "-l", "--results", tmp.resolve("first").toString())),
                SpiderTestCluster.args("spider.properties", db, "-D", "maxid1=2001", "-D", "schema=recreate", "-l",
                        "--results", tmp.resolve("second").toString()),
                SpiderTestCluster.args("spider.properties", db, "-D", "maxid1=2001", "-D", "schema=recreate", "-l",
                        "--results", tmp.resolve("third").toString()),
                Duration.ZERO);
        assertTrue(refusal.contains(db + ".nodetable, linktable, counttable on 127.0.0.1:" + SpiderTestCluster.HEAD_PORT),
                refusal);
    }
}
