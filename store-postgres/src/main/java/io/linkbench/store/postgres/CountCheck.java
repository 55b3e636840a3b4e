package io.linkbench.store.postgres;

import io.linkbench.store.VerificationReport;
import io.linkbench.store.VerificationReport.Mismatch;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The count consistency check as one query on the server: the visible links per (id1, link_type)
 * full-joined with the count rows, in one repeatable-read snapshot. A group is a mismatch when its
 * count differs from its visible links, or when visible links have no count row (a count row with no
 * visible links must be 0). Only the totals and a few examples travel to the client.
 */
final class CountCheck {
    private static final int MAX_EXAMPLES = 10;

    private CountCheck() {
    }

    static VerificationReport check(Connection c, SqlText sql) throws SQLException {
        String groups = "WITH l AS (SELECT id1, link_type, SUM(visibility) AS visible FROM " + sql.linkTable
                + " GROUP BY id1, link_type),"
                + " g AS (SELECT COALESCE(l.id1, c.id1) AS id1, COALESCE(l.link_type, c.link_type) AS link_type,"
                + " COALESCE(c.count, -1) AS stored, COALESCE(l.visible, 0) AS visible"
                + " FROM l FULL JOIN " + sql.countTable + " c ON c.id1 = l.id1 AND c.link_type = l.link_type),"
                + " b AS (SELECT *, CASE WHEN stored < 0 THEN visible <> 0 ELSE stored <> visible END AS bad FROM g)";
        c.setAutoCommit(false);
        c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        try (Statement s = c.createStatement()) {
            long checked;
            long bad;
            try (ResultSet rs = s.executeQuery(groups + " SELECT COUNT(*), COUNT(*) FILTER (WHERE bad) FROM b")) {
                rs.next();
                checked = rs.getLong(1);
                bad = rs.getLong(2);
            }
            List<Mismatch> examples = new ArrayList<>();
            if (bad > 0) {
                try (ResultSet rs = s.executeQuery(groups + " SELECT id1, link_type, stored, visible FROM b WHERE bad"
                        + " ORDER BY id1, link_type LIMIT " + MAX_EXAMPLES)) {
                    while (rs.next()) {
                        examples.add(new Mismatch(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)));
                    }
                }
            }
            c.commit();
            return new VerificationReport(checked, bad, examples);
        }
    }
}
