package io.linkbench.store.mysql;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** What the store checks of a server when it connects: that it offers the configured engine. */
final class EngineCheck {
    private EngineCheck() {
    }

    /** Whether the server replicates with Galera ({@code wsrep_on}; a MySQL server has no such variable). */
    static boolean galera(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL VARIABLES LIKE 'wsrep_on'")) {
            return rs.next() && "ON".equalsIgnoreCase(rs.getString(2));
        }
    }

    /**
     * @return whether the engine runs transactions ({@code information_schema.ENGINES.TRANSACTIONS})
     * @throws StoreException REJECTED when the server does not offer {@code engine} (naming those it does),
     *                        or when ROCKSDB is asked of a Galera node
     */
    static boolean check(Connection c, MySqlConfig config) throws SQLException, StoreException {
        if (config.rocksDb() && galera(c)) {
            throw new StoreException(Kind.REJECTED, "engine = " + config.engine() + ": the server at " + config.address()
                    + " is a Galera node (wsrep_on = ON), and Galera replicates only InnoDB tables; use engine = InnoDB");
        }
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT engine, support, transactions FROM information_schema.ENGINES")) {
            StringBuilder offered = new StringBuilder();
            while (rs.next()) {
                String support = rs.getString(2);
                if ("YES".equalsIgnoreCase(support) || "DEFAULT".equalsIgnoreCase(support)) {
                    if (rs.getString(1).equalsIgnoreCase(config.engine())) {
                        return "YES".equalsIgnoreCase(rs.getString(3));
                    }
                    offered.append(offered.length() == 0 ? "" : ", ").append(rs.getString(1));
                }
            }
            throw new StoreException(Kind.REJECTED, "engine = " + config.engine() + ": the server at "
                    + config.address() + " does not offer it (it offers " + offered + ")"
                    + (config.rocksDb() ? "; on MariaDB install mariadb-plugin-rocksdb and run"
                    + " INSTALL SONAME 'ha_rocksdb', or run scripts/start-mariadb.sh" : ""));
        }
    }
}
