package io.linkbench.store.mongo;

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
 * On a real server (DocumentDB, and the sharded DocumentDB), a second {@code schema = recreate} load into
 * collections another process is loading is refused in one line naming that process; once it is killed, its
 * lease blocks the next load at most until it expires.
 */
@Tag("mongo")
class MongoConcurrentLoadTest {

    @Test
    void aSecondLoadIsRefusedNamingTheFirstAndAKilledLoadsLeaseExpires(@TempDir Path tmp) throws Exception {
        concurrentLoads(RealMongo.urlOrSkip(), "lbtest_conc", tmp);
    }

    @Test
    void onTheShardedDocumentDbToo(@TempDir Path tmp) throws Exception {
        concurrentLoads(RealMongo.clusterUrlOrSkip(), "lbtest_conc_cluster", tmp);
    }

    private static void concurrentLoads(String url, String database, Path tmp) throws Exception {
        List<String> common = MongoCli.childCli(url, database, tmp);
        String refusal = ConcurrentLoads.refusedWhileOneRunsAndFreeOnceItIsKilled(tmp,
                concat(common, "-D", "maxid1=2000001", "-D", "schema=recreate", "-l", "--results",
                        tmp.resolve("first").toString()),
                concat(common, "-D", "maxid1=2001", "-D", "schema=recreate", "-l", "--results",
                        tmp.resolve("second").toString()).toArray(String[]::new),
                concat(common, "-D", "maxid1=2001", "-D", "schema=recreate", "-l", "--results",
                        tmp.resolve("third").toString()).toArray(String[]::new),
                LoadLease.LEASE);
        assertTrue(refusal.contains("the collections " + database + ".nodes, links, counts on "), refusal);
        assertTrue(refusal.contains("if that load died, it expires at "), refusal);
    }

    private static List<String> concat(List<String> a, String... b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(List.of(b));
        return all;
    }
}
