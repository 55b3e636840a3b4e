package com.example.linkbench.h2;

import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.jdbc.SqlErrorMap;

/**
 * H2's error codes that core's {@link SqlErrorMap} does not know by SQLSTATE; the standard signals
 * (40001 CONFLICT, class 08 CONNECTION, 57014 TIMEOUT, classes 22/23/42 REJECTED) are the map's own.
 */
final class Errors {
    private Errors() {
    }

    private static final int LOCK_TIMEOUT = 50200; // HYT00: a lock wait ran out
    private static final int OBJECT_CLOSED = 90007;
    private static final int DATABASE_IS_CLOSED = 90098;
    private static final int DATABASE_CALLED_AT_SHUTDOWN = 90121;
    private static final int DUPLICATE_KEY = 23505;

    /** Reads, node writes and admin work. */
    static final SqlErrorMap MAP = base().build();

    /**
     * The transactional connection, where two sessions may insert the same new link or count row at
     * once: the loser's duplicate key is a conflict to retry, not a rejected request.
     */
    static final SqlErrorMap RACED = base().codes(Kind.CONFLICT, DUPLICATE_KEY).build();

    private static SqlErrorMap.Builder base() {
        return SqlErrorMap.builder()
                .codes(Kind.CONFLICT, LOCK_TIMEOUT)
                .codes(Kind.CONNECTION, OBJECT_CLOSED, DATABASE_IS_CLOSED, DATABASE_CALLED_AT_SHUTDOWN);
    }
}
