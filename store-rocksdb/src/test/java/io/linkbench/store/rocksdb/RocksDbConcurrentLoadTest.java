package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.tck.harness.ConcurrentLoads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second load into the data directory another process is loading is refused at open by RocksDB's LOCK file,
 * in one line naming that process; once it is killed, the OS releases the lock and the next load runs.
 */
class RocksDbConcurrentLoadTest {

    @Test
    void aSecondLoadIsRefusedNamingTheFirstAndAKilledLoadBlocksNothing(@TempDir Path tmp) throws Exception {
        String refusal = ConcurrentLoads.refusedWhileOneRunsAndFreeOnceItIsKilled(tmp,
                args(tmp, "-D", "maxid1=5000001", "-l", "--results", tmp.resolve("first").toString()),
                args(tmp, "-D", "maxid1=2001", "-l", "--results", tmp.resolve("second").toString()).toArray(String[]::new),
                args(tmp, "-D", "maxid1=2001", "-l", "--results", tmp.resolve("third").toString()).toArray(String[]::new),
                Duration.ZERO);
        assertTrue(refusal.startsWith("linkbench: data_dir " + tmp.resolve("db") + " is locked by another process (LOCK"
                + " held by pid "), refusal);
    }

    private static List<String> args(Path tmp, String... more) {
        List<String> all = new ArrayList<>(List.of("-D", "store=rocksdb", "-D", "data_dir=" + tmp.resolve("db"),
                "-D", "schema=recreate", "-D", "progressfreq=1"));
        all.addAll(List.of(more));
        return all;
    }
}
