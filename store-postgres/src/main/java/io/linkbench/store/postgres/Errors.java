package io.linkbench.store.postgres;

import io.linkbench.store.jdbc.SqlErrorMap;

/**
 * The store's error map: the standard SQLSTATE signals of {@link SqlErrorMap} cover PostgreSQL
 * (40001, 40P01, 55P03 CONFLICT; class 08 and 57P01..03 CONNECTION; 57014 TIMEOUT), so no vendor
 * entries are needed.
 */
final class Errors {
    static final SqlErrorMap MAP = SqlErrorMap.standard();

    private Errors() {
    }
}
