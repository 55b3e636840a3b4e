package io.linkbench.store.mysql;

import io.linkbench.tck.harness.FullResultsDisk;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load and request phase on MariaDB whose results disk fills up during the run: each lost file is
 * named with the reason, the interval files keep what they had, the console keeps the tables, exit 1.
 */
@Tag("mysql")
class MySqlFullResultsDiskTest {

    @Test
    void aResultsDiskThatFillsUpDuringTheRunNamesEachLostFile(@TempDir Path tmp) throws Exception {
        MySqlTestServer.assumeAvailable();
        Path results = tmp.resolve("results");
        try (FullResultsDisk disk = FullResultsDisk.mount(results, 16).fillDuringTheRun()) {
            FullResultsDisk.Captured run = FullResultsDisk.run(CliRunner.args("innodb.properties", "lbtest_full_disk",
                    "-D", "maxid1=2001", "-D", "maxtime=2", "-D", "displayfreq=0.5", "-D", "progressfreq=0.2",
                    "-D", "schema=recreate", "-l", "-r", "--results", results.toString()));
            disk.assertLostFilesNamed(run);
        }
    }
}
