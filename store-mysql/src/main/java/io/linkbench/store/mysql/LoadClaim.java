package io.linkbench.store.mysql;

import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.LoadClaimLock;
import io.linkbench.store.support.LoadClaimant;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The MySQL store's claim on its tables for a load ({@link LoadClaimLock}): the user lock
 * {@code GET_LOCK('linkbench load DB.LINKTABLE', 0)} on the server the store's admin connection reaches
 * (with Spider the head, where every load of these tables connects), the holder's text in the row
 * {@code claim:LINKTABLE} of {@value Schema#LOAD_TABLE}. A user lock lives on one server: Galera does not
 * replicate it, so loads through different nodes of one cluster do not see each other's claims.
 */
final class LoadClaim {
    private LoadClaim() {
    }

    /** The lock's name: readable when it fits MySQL's 64 characters, else a hash of it. */
    static String lockName(MySqlConfig config) {
        String name = "linkbench load " + config.database() + "." + config.linkTable();
        return name.length() <= 64 ? name : "linkbench load " + Long.toHexString(LoadClaimant.key(name));
    }

    /** Claims the tables on {@code c}, which the claim keeps. */
    static LoadClaimLock claim(Connection c, MySqlConfig config, Schema schema) throws SQLException, StoreException {
        return LoadClaimLock.claim(c, LoadClaimLock.query("SELECT GET_LOCK(?, 0)", "SELECT RELEASE_LOCK(?)",
                lockName(config)),
                schema.loadState.row("claim:" + config.linkTable()), "the tables " + config.database() + "."
                + config.nodeTable() + ", " + config.linkTable() + ", " + config.countTable() + " on " + config.address());
    }
}
