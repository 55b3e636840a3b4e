package io.linkbench.store.postgres;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;

/**
 * The server's whole configuration, from {@code pg_settings} (with its unit, as {@code SHOW} would print
 * it), plus {@code version()}, for the run's {@code server-config.txt}.
 */
final class PgSettings {
    private PgSettings() {
    }

    /** Every setting, name to value (with the unit appended when it has one, e.g. {@code 16384 8kB}). */
    static Map<String, String> all(Connection c) throws SQLException {
        Map<String, String> out = new TreeMap<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT name, setting, unit FROM pg_settings ORDER BY name")) {
            while (rs.next()) {
                String value = rs.getString(2);
                String unit = rs.getString(3);
                out.put(rs.getString(1), (value == null ? "" : value) + (unit == null || unit.isEmpty() ? "" : " " + unit));
            }
        }
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT version()")) {
            if (rs.next()) {
                out.put("version()", rs.getString(1));
            }
        }
        return out;
    }
}
