package io.linkbench.store.mysql;

import org.junit.jupiter.api.Tag;

/** The MySQL store's own cases on InnoDB. */
@Tag("mysql")
class MySqlInnoDbCasesTest extends MySqlStoreCases {
    @Override
    String engine() {
        return "InnoDB";
    }
}
