package com.example.linkbench.h2;

import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The link writes inside their transaction. The lock order is always the link row (SELECT ... FOR
 * UPDATE, or the INSERT of a new one), then the count row: two writers of one (id1, link_type) queue
 * on the count row and never hold it while waiting for a link row, so they cannot deadlock, and the
 * count changes by exactly what the link's visibility did.
 */
final class LinkWrites {
    private LinkWrites() {
    }

    /**
     * Writes {@code link} over an existing row, or inserts it when {@code insert} is true.
     *
     * @return the visibility the link had before, or null when it did not exist
     */
    static Visibility write(Connection c, Link link, boolean insert) throws SQLException {
        Visibility before = lock(c, link.id1(), link.linkType(), link.id2());
        if (before == null && !insert) {
            return null;
        }
        if (before == null) {
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO links (id1, link_type, id2, visibility, data, version, time) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                bindLink(ps, link);
                ps.executeUpdate();
            }
        } else {
            try (PreparedStatement ps = c.prepareStatement("UPDATE links SET visibility = ?, data = ?, version = ?, time = ?"
                    + " WHERE id1 = ? AND link_type = ? AND id2 = ?")) {
                ps.setInt(1, link.visibility().code());
                ps.setBytes(2, link.data());
                ps.setInt(3, link.version());
                ps.setLong(4, link.time());
                ps.setLong(5, link.id1());
                ps.setLong(6, link.linkType());
                ps.setLong(7, link.id2());
                ps.executeUpdate();
            }
        }
        int delta = (link.isVisible() ? 1 : 0) - (before == Visibility.VISIBLE ? 1 : 0);
        if (insert || delta != 0) { // ADD_LINK always writes the count row; UPDATE_LINK when the count moves
            addToCount(c, link.id1(), link.linkType(), delta, link.time());
        }
        return before;
    }

    /** Hides or expunges a link; false when it does not exist. */
    static boolean delete(Connection c, long id1, long linkType, long id2, boolean expunge) throws SQLException {
        Visibility before = lock(c, id1, linkType, id2);
        if (before == null) {
            return false;
        }
        String sql = expunge ? "DELETE FROM links WHERE id1 = ? AND link_type = ? AND id2 = ?"
                : "UPDATE links SET visibility = " + Visibility.HIDDEN.code() + " WHERE id1 = ? AND link_type = ? AND id2 = ?";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, id1);
            ps.setLong(2, linkType);
            ps.setLong(3, id2);
            ps.executeUpdate();
        }
        if (before == Visibility.VISIBLE) {
            addToCount(c, id1, linkType, -1, null);
        }
        return true;
    }

    /** Locks the link row; its visibility, or null when there is no row (nothing locked then). */
    private static Visibility lock(Connection c, long id1, long linkType, long id2) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT visibility FROM links WHERE id1 = ? AND link_type = ? AND id2 = ? FOR UPDATE")) {
            ps.setLong(1, id1);
            ps.setLong(2, linkType);
            ps.setLong(3, id2);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Visibility.ofCode(rs.getInt(1)) : null;
            }
        }
    }

    /**
     * Adds {@code delta} to the count (never below 0), sets its time unless null and bumps its version;
     * inserts the row when missing. Two sessions inserting it at once: the second gets a duplicate key,
     * which the session reports as a conflict and the driver retries.
     */
    private static void addToCount(Connection c, long id1, long linkType, int delta, Long time) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE counts SET link_count = GREATEST(link_count + ?, 0),"
                + " time = COALESCE(?, time), version = version + 1 WHERE id1 = ? AND link_type = ?")) {
            ps.setInt(1, delta);
            ps.setObject(2, time);
            ps.setLong(3, id1);
            ps.setLong(4, linkType);
            if (ps.executeUpdate() == 1) {
                return;
            }
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO counts VALUES (?, ?, ?, ?, 1)")) {
            ps.setLong(1, id1);
            ps.setLong(2, linkType);
            ps.setLong(3, Math.max(delta, 0));
            ps.setLong(4, time == null ? 0 : time);
            ps.executeUpdate();
        }
    }

    static void bindLink(PreparedStatement ps, Link l) throws SQLException {
        ps.setLong(1, l.id1());
        ps.setLong(2, l.linkType());
        ps.setLong(3, l.id2());
        ps.setInt(4, l.visibility().code());
        ps.setBytes(5, l.data());
        ps.setInt(6, l.version());
        ps.setLong(7, l.time());
    }
}
