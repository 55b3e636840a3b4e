package com.example.linkbench.h2;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.sql.SQLException;

/** SQLSTATE to {@link Kind}: what the driver retries (CONFLICT, CONNECTION) and what it only counts. */
final class H2Errors {
    private H2Errors() {
    }

    /**
     * The kind of {@code e}. {@code racedInsert} is true where two writers may insert the same new
     * row at once (a request-phase link or count row): the loser's duplicate key is then a conflict
     * to retry, not a rejected request.
     */
    static Kind kind(SQLException e, boolean racedInsert) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.equals("40001") || state.equals("HYT00")) {
            return Kind.CONFLICT; // deadlock or serialization failure; lock wait timeout (H2's HYT00)
        }
        if (state.startsWith("08") || state.equals("90007") || state.equals("90098") || state.equals("90121")) {
            return Kind.CONNECTION; // connection failure; H2: closed object, closed database
        }
        if (state.equals("57014")) {
            return Kind.TIMEOUT; // statement cancelled or its query timeout passed
        }
        if (state.equals("23505") && racedInsert) {
            return Kind.CONFLICT;
        }
        if (state.startsWith("23") || state.startsWith("42") || state.startsWith("22")) {
            return Kind.REJECTED; // constraint, syntax or schema, bad data
        }
        return Kind.OTHER;
    }

    /** A StoreException for {@code e} while doing {@code what}. */
    static StoreException wrap(String what, SQLException e, boolean racedInsert) {
        return new StoreException(kind(e, racedInsert), what + ": " + e.getMessage(), e);
    }
}
