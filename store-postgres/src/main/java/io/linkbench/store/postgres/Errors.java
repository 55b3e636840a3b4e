package io.linkbench.store.postgres;

import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.jdbc.SqlErrorMap;
import java.sql.SQLException;
import java.util.List;

/**
 * The store's error map: the standard SQLSTATE signals of {@link SqlErrorMap} cover PostgreSQL
 * (40001, 40P01, 55P03 CONFLICT; class 08 and 57P01..03 CONNECTION; 57014 TIMEOUT), and Citus where
 * its SQLSTATE says what happened (a worker that cannot be reached: 08006; a distributed deadlock:
 * 40P01). Citus's errors for a worker lost in the middle of a distributed transaction carry XX000 or
 * 58030 instead ({@link #CITUS_LOST_WORKER}; in a COPY also libpq's own words for a lost connection,
 * relayed as XX000; a worker backend's own "terminating connection ..." under any SQLSTATE): they are
 * CONNECTION, and the transaction, rolled back on every worker, is retried like one that lost its
 * connection.
 */
final class Errors {
    /** SQLSTATE and the start of the message of Citus's errors for a worker lost mid-transaction. */
    static final List<String[]> CITUS_LOST_WORKER = List.of(
            new String[] {"XX000", "failure on connection marked as essential"},
            new String[] {"XX000", "failed to prepare transaction"},
            new String[] {"XX000", "could not commit transaction for shard"},
            new String[] {"58030", "failed to COPY to shard"},
            new String[] {"58030", "failed to complete COPY on"},
            new String[] {"XX000", "server closed the connection unexpectedly"},
            new String[] {"XX000", "could not receive data from server"},
            new String[] {"XX000", "could not send data to server"},
            new String[] {"XX000", "connection not open"},
            new String[] {"XX000", "no connection to the server"},
            // a worker's backend relaying its own end (its postmaster killed, or another backend crashed),
            // whatever SQLSTATE the coordinator gives it
            new String[] {null, "terminating connection due to unexpected postmaster exit"},
            new String[] {null, "terminating connection because of crash of another server process"});

    static final SqlErrorMap MAP = SqlErrorMap.builder().rule(Errors::citus).build();

    private Errors() {
    }

    private static Kind citus(SQLException e) {
        String m = e.getMessage() == null ? "" : e.getMessage().replaceFirst("^ERROR: ", "").strip();
        for (String[] known : CITUS_LOST_WORKER) {
            if ((known[0] == null || known[0].equals(e.getSQLState())) && m.startsWith(known[1])) {
                return Kind.CONNECTION;
            }
        }
        return null;
    }
}
