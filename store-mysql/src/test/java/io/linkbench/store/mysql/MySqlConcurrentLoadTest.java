package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.tck.harness.ConcurrentLoads;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second {@code schema = recreate} load into tables another process is loading is refused in one line naming
 * that process, before it drops anything; once that process is killed, the next load is not blocked.
 */
@Tag("mysql")
class MySqlConcurrentLoadTest {

    @ParameterizedTest
    @CsvSource({"innodb.properties, lbtest_conc_innodb", "myrocks.properties, lbtest_conc_rocksdb"})
    void aSecondLoadIsRefusedNamingTheFirstAndAKilledLoadBlocksNothing(String config, String database,
            @TempDir Path tmp) throws Exception {
        MySqlTestServer.assumeAvailable();
        String refusal = ConcurrentLoads.refusedWhileOneRunsAndFreeOnceItIsKilled(tmp,
                List.of(CliRunner.args(config, database, "-D", "maxid1=2000001", "-D", "schema=recreate", "-l",
                        "--results", tmp.resolve("first").toString())),
                CliRunner.args(config, database, "-D", "maxid1=2001", "-D", "schema=recreate", "-l",
                        "--results", tmp.resolve("second").toString()),
                CliRunner.args(config, database, "-D", "maxid1=2001", "-D", "schema=recreate", "-l",
                        "--results", tmp.resolve("third").toString()),
                Duration.ZERO);
        assertTrue(refusal.contains(database + ".nodetable, linktable, counttable on "), refusal);
    }
}
