package io.linkbench.store.mysql;

/** The MySQL store's own cases on ROCKSDB. */
class MySqlRocksDbCasesTest extends MySqlStoreCases {
    @Override
    String engine() {
        return "ROCKSDB";
    }
}
