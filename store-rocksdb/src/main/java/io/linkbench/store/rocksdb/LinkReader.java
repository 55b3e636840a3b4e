package io.linkbench.store.rocksdb;

import io.linkbench.graph.Link;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * The link reads of one session (COUNT_LINK, MULTIGET_LINK, GET_LINKS_LIST): the count cell, the link
 * rows by key and the scan of a group's link_time entries, as the session's {@link SessionTransaction}
 * sees the data. Called by {@link RocksDbSession} inside its gate, once it holds the group's stripe when
 * a read-write transaction needs it.
 */
final class LinkReader {
    private final Database d;
    private final SessionTransaction tx;

    LinkReader(Database d, SessionTransaction tx) {
        this.d = d;
        this.tx = tx;
    }

    /** COUNT_LINK: the group's count cell, 0 when the group has no count row. */
    long count(long id1, long linkType) throws RocksDBException {
        byte[] v = tx.get(d.counts, Keys.count(id1, linkType, Keys.CELL_COUNT));
        return v == null ? 0 : Bytes.getUint64(v);
    }

    /** MULTIGET_LINK: the links of {@code sorted} (ascending, distinct, not empty) that exist, in that order. */
    List<Link> multiget(long id1, long linkType, long[] sorted) throws RocksDBException {
        List<Link> out = new ArrayList<>(sorted.length);
        if (sorted.length == 1) {
            byte[] v = tx.get(d.links, Keys.link(id1, linkType, sorted[0]));
            if (v != null) {
                out.add(Values.toLink(id1, linkType, sorted[0], v));
            }
            return out;
        }
        List<byte[]> keys = new ArrayList<>(sorted.length);
        for (long id2 : sorted) {
            keys.add(Keys.link(id1, linkType, id2));
        }
        List<byte[]> values = tx.multiGet(d.links, keys);
        for (int i = 0; i < sorted.length; i++) {
            byte[] v = values.get(i);
            if (v != null) {
                out.add(Values.toLink(id1, linkType, sorted[i], v));
            }
        }
        return out;
    }

    /** GET_LINKS_LIST's scan of the group's link_time entries ({@code group} is {@link Keys#group}). */
    List<Link> list(long id1, long linkType, byte[] group, long minTime, long maxTime, int offset, int limit)
            throws RocksDBException {
        try (RocksIterator it = tx.groupIterator(d.linkTime)) {
            List<Link> out = new ArrayList<>(Math.min(limit, 64));
            int skip = offset;
            // The group's entries run newest first; the first with time <= maxTime is at (maxTime, max id2).
            it.seek(Keys.linkTime(id1, linkType, maxTime, Long.MAX_VALUE));
            for (; it.isValid() && out.size() < limit; it.next()) {
                byte[] key = it.key();
                if (!Keys.inGroup(key, group) || Keys.timeOf(key) < minTime) {
                    break;
                }
                if (skip > 0) {
                    skip--;
                } else {
                    out.add(Values.timeEntryToLink(key, it.value()));
                }
            }
            it.status();
            return out;
        }
    }
}
