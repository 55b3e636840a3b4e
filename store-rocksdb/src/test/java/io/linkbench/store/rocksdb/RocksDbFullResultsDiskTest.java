package io.linkbench.store.rocksdb;

import io.linkbench.tck.harness.FullResultsDisk;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default store whose results disk (not its data disk) fills up during a run: each lost file is
 * named with the reason, the interval files keep what they had, the console keeps the tables, exit 1.
 */
class RocksDbFullResultsDiskTest {

    @Test
    void aResultsDiskThatFillsUpDuringTheRunNamesEachLostFile(@TempDir Path tmp) throws Exception {
        Path results = tmp.resolve("results");
        try (FullResultsDisk disk = FullResultsDisk.mount(results, 16).fillDuringTheRun()) {
            FullResultsDisk.Captured run = FullResultsDisk.run("-D", "store=rocksdb", "-D", "data_dir=" + tmp.resolve("db"),
                    "-D", "maxid1=2001", "-D", "maxtime=2", "-D", "displayfreq=0.5", "-D", "progressfreq=0.2", "-l", "-r",
                    "--results", results.toString());
            disk.assertLostFilesNamed(run);
        }
    }
}
