package io.linkbench.store.mysql;

import org.junit.jupiter.api.Tag;

/** The MySQL store's own cases on ROCKSDB. */
@Tag("mysql")
class MySqlRocksDbCasesTest extends MySqlStoreCases {
    @Override
    String engine() {
        return "ROCKSDB";
    }
}
