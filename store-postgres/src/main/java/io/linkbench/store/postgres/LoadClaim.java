package io.linkbench.store.postgres;

import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.LoadClaimLock;
import io.linkbench.store.support.LoadClaimant;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The PostgreSQL store's claim on its tables for a load ({@link LoadClaimLock}): the session-level advisory
 * lock {@code pg_try_advisory_lock(K)}, K a 64-bit hash of {@code linkbench load SCHEMA.LINKTABLE}, in the
 * store's database on its first server (with Citus the coordinator, where every load of these tables
 * connects); the holder's text in the row {@code claim:LINKTABLE} of {@value Schema#LOAD_TABLE}.
 */
final class LoadClaim {
    private LoadClaim() {
    }

    /** The advisory lock's key. */
    static long key(PgConfig config) {
        return LoadClaimant.key("linkbench load " + config.schema() + "." + config.linkTable());
    }

    /** Claims the tables on {@code c}, which the claim keeps. */
    static LoadClaimLock claim(Connection c, PgConfig config, Schema schema) throws SQLException, StoreException {
        return LoadClaimLock.claim(c, LoadClaimLock.query("SELECT pg_try_advisory_lock(?)",
                "SELECT pg_advisory_unlock(?)", key(config)),
                schema.loadState.row("claim:" + config.linkTable()), "the tables " + config.database() + "."
                + config.schema() + "." + config.nodeTable() + ", " + config.linkTable() + ", " + config.countTable()
                + " on " + config.address());
    }
}
