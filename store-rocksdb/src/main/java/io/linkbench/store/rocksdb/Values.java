package io.linkbench.store.rocksdb;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import java.util.Arrays;

/**
 * The byte encoding of values (big-endian fixed-width fields, then the payload as it is):
 * <pre>
 * nodes      type:int32 | version:int64 | time:int32 | data
 * links      visibility:int8 | version:int32 | time:int64 | data
 * link_time  version:int32 | data      (visibility is VISIBLE; time and id2 are in the key)
 * </pre>
 */
final class Values {
    private static final int NODE_HEADER = 16;
    private static final int LINK_HEADER = 13;
    private static final int TIME_HEADER = 4;

    private Values() {
    }

    static byte[] node(Node n) {
        byte[] data = n.data();
        byte[] v = new byte[NODE_HEADER + data.length];
        Bytes.putIntBE(v, 0, n.type());
        Bytes.putLongBE(v, 4, n.version());
        Bytes.putIntBE(v, 12, n.time());
        System.arraycopy(data, 0, v, NODE_HEADER, data.length);
        return v;
    }

    /** The type stored in a node value, read without copying the payload. */
    static int nodeType(byte[] v) {
        return Bytes.getIntBE(v, 0);
    }

    static Node toNode(long id, byte[] v) {
        return new Node(id, Bytes.getIntBE(v, 0), Bytes.getLongBE(v, 4), Bytes.getIntBE(v, 12),
                Arrays.copyOfRange(v, NODE_HEADER, v.length));
    }

    static byte[] link(Link l) {
        byte[] data = l.data();
        byte[] v = new byte[LINK_HEADER + data.length];
        v[0] = l.visibility().code();
        Bytes.putIntBE(v, 1, l.version());
        Bytes.putLongBE(v, 5, l.time());
        System.arraycopy(data, 0, v, LINK_HEADER, data.length);
        return v;
    }

    static boolean linkVisible(byte[] v) {
        return v[0] == Visibility.VISIBLE.code();
    }

    static long linkTime(byte[] v) {
        return Bytes.getLongBE(v, 5);
    }

    static Link toLink(long id1, long linkType, long id2, byte[] v) {
        return new Link(id1, linkType, id2, Visibility.ofCode(v[0]), Arrays.copyOfRange(v, LINK_HEADER, v.length),
                Bytes.getIntBE(v, 1), Bytes.getLongBE(v, 5));
    }

    /** The link_time value of a visible link. */
    static byte[] timeEntry(Link l) {
        byte[] data = l.data();
        byte[] v = new byte[TIME_HEADER + data.length];
        Bytes.putIntBE(v, 0, l.version());
        System.arraycopy(data, 0, v, TIME_HEADER, data.length);
        return v;
    }

    /** The visible link of a link_time entry. */
    static Link timeEntryToLink(byte[] key, byte[] v) {
        return new Link(Keys.id1(key), Keys.linkType(key), Keys.timeId2(key), Visibility.VISIBLE,
                Arrays.copyOfRange(v, TIME_HEADER, v.length), Bytes.getIntBE(v, 0), Keys.timeOf(key));
    }
}
