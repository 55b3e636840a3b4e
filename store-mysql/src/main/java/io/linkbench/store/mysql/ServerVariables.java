package io.linkbench.store.mysql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;

/** The server's whole configuration, {@code SHOW GLOBAL VARIABLES}, for the run's {@code server-config.txt}. */
final class ServerVariables {
    private ServerVariables() {
    }

    /** Every global variable, lower-case name to value ("" for NULL). */
    static Map<String, String> all(Connection c) throws SQLException {
        Map<String, String> out = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL VARIABLES")) {
            while (rs.next()) {
                String value = rs.getString(2);
                out.put(rs.getString(1).toLowerCase(java.util.Locale.ROOT), value == null ? "" : value);
            }
        }
        return out;
    }
}
