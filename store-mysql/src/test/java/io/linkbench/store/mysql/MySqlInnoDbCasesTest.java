package io.linkbench.store.mysql;

/** The MySQL store's own cases on InnoDB. */
class MySqlInnoDbCasesTest extends MySqlStoreCases {
    @Override
    String engine() {
        return "InnoDB";
    }
}
