package io.linkbench.store.mysql;

import io.linkbench.store.VerificationReport;
import io.linkbench.store.VerificationReport.Mismatch;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The count consistency check: streams the visible links per (id1, link_type) (over the covering
 * index, in key order) and the count rows (in primary-key order) side by side on two connections and
 * merges them, so it needs constant memory whatever the size of the graph. A group is a mismatch when
 * its count differs from its visible links, when a count row has no visible links but a non-zero
 * count, or when visible links have no count row.
 */
final class CountCheck {
    private static final int MAX_EXAMPLES = 10;

    private CountCheck() {
    }

    static VerificationReport check(Connection forLinks, Connection forCounts, SqlText sql) throws SQLException {
        try (Statement ls = streaming(forLinks); Statement cs = streaming(forCounts);
             ResultSet links = ls.executeQuery("SELECT id1, link_type, SUM(visibility) FROM " + sql.linkTable
                     + " GROUP BY id1, link_type ORDER BY id1, link_type");
             ResultSet counts = cs.executeQuery("SELECT id, link_type, count FROM " + sql.countTable
                     + " ORDER BY id, link_type")) {
            long groups = 0;
            long mismatches = 0;
            List<Mismatch> examples = new ArrayList<>();
            boolean hasLink = links.next();
            boolean hasCount = counts.next();
            while (hasLink || hasCount) {
                int order;
                if (!hasLink) {
                    order = 1;
                } else if (!hasCount) {
                    order = -1;
                } else {
                    order = Long.compare(links.getLong(1), counts.getLong(1));
                    if (order == 0) {
                        order = Long.compare(links.getLong(2), counts.getLong(2));
                    }
                }
                long id1 = order <= 0 ? links.getLong(1) : counts.getLong(1);
                long type = order <= 0 ? links.getLong(2) : counts.getLong(2);
                long visible = order <= 0 ? links.getLong(3) : 0;
                long stored = order >= 0 ? counts.getLong(3) : -1;
                groups++;
                boolean bad = stored < 0 ? visible != 0 : stored != visible;
                if (bad) {
                    mismatches++;
                    if (examples.size() < MAX_EXAMPLES) {
                        examples.add(new Mismatch(id1, type, stored, visible));
                    }
                }
                if (order <= 0) {
                    hasLink = links.next();
                }
                if (order >= 0) {
                    hasCount = counts.next();
                }
            }
            return new VerificationReport(groups, mismatches, examples);
        }
    }

    /** A statement whose result rows arrive one by one instead of all at once. */
    private static Statement streaming(Connection c) throws SQLException {
        Statement s = c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
        s.setFetchSize(Integer.MIN_VALUE);
        return s;
    }
}
