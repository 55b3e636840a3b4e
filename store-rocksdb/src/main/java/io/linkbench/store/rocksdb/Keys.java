package io.linkbench.store.rocksdb;

/**
 * The byte encoding of keys, in the order RocksDB's default (bytewise) comparator sorts them.
 *
 * <p>Every signed 64-bit field is written big-endian with its sign bit flipped, so unsigned byte
 * order equals signed numeric order ({@code Long.MIN_VALUE} first). A descending field is the
 * encoding of {@code ~v} ({@code ~v = -v - 1} reverses signed order). Layouts (see {@code src/site/markdown/stores/rocksdb.md}):
 * <pre>
 * nodes      id                                  8 bytes
 * links      id1 | link_type | id2               24 bytes
 * link_time  id1 | link_type | ~time | ~id2      32 bytes   (VISIBLE links only)
 * counts     id1 | link_type | cell              17 bytes   (cell: COUNT, VERSION or TIME)
 * </pre>
 */
final class Keys {
    /** Length of the (id1, link_type) prefix shared by links, link_time and counts keys. */
    static final int GROUP_PREFIX = 16;
    static final int NODE_KEY = 8;
    static final int LINK_KEY = 24;
    static final int TIME_KEY = 32;
    static final int COUNT_KEY = 17;

    /** Count cells: the count and the version are 64-bit little-endian counters updated by merge. */
    static final byte CELL_COUNT = 0;
    static final byte CELL_VERSION = 1;
    /** The time of the last change, a plain 8-byte big-endian value written by put. */
    static final byte CELL_TIME = 2;

    private Keys() {
    }

    static byte[] node(long id) {
        byte[] k = new byte[NODE_KEY];
        putOrdered(k, 0, id);
        return k;
    }

    static byte[] link(long id1, long linkType, long id2) {
        byte[] k = new byte[LINK_KEY];
        putOrdered(k, 0, id1);
        putOrdered(k, 8, linkType);
        putOrdered(k, 16, id2);
        return k;
    }

    static byte[] linkTime(long id1, long linkType, long time, long id2) {
        byte[] k = new byte[TIME_KEY];
        putOrdered(k, 0, id1);
        putOrdered(k, 8, linkType);
        putOrdered(k, 16, ~time);
        putOrdered(k, 24, ~id2);
        return k;
    }

    static byte[] count(long id1, long linkType, byte cell) {
        byte[] k = new byte[COUNT_KEY];
        putOrdered(k, 0, id1);
        putOrdered(k, 8, linkType);
        k[16] = cell;
        return k;
    }

    /** The (id1, link_type) prefix: the first key of the group in links, link_time and counts. */
    static byte[] group(long id1, long linkType) {
        byte[] k = new byte[GROUP_PREFIX];
        putOrdered(k, 0, id1);
        putOrdered(k, 8, linkType);
        return k;
    }

    /** The node id of a nodes key. */
    static long nodeId(byte[] key) {
        return getOrdered(key, 0);
    }

    static long id1(byte[] key) {
        return getOrdered(key, 0);
    }

    static long linkType(byte[] key) {
        return getOrdered(key, 8);
    }

    /** The id2 of a links key. */
    static long linkId2(byte[] key) {
        return getOrdered(key, 16);
    }

    /** The time of a link_time key. */
    static long timeOf(byte[] key) {
        return ~getOrdered(key, 16);
    }

    /** The id2 of a link_time key. */
    static long timeId2(byte[] key) {
        return ~getOrdered(key, 24);
    }

    /** True when {@code key} starts with the 16-byte group prefix {@code group}. */
    static boolean inGroup(byte[] key, byte[] group) {
        if (key.length < GROUP_PREFIX) {
            return false;
        }
        for (int i = 0; i < GROUP_PREFIX; i++) {
            if (key[i] != group[i]) {
                return false;
            }
        }
        return true;
    }

    /** Writes {@code v} big-endian with the sign bit flipped. */
    static void putOrdered(byte[] b, int off, long v) {
        Bytes.putLongBE(b, off, v ^ Long.MIN_VALUE);
    }

    static long getOrdered(byte[] b, int off) {
        return Bytes.getLongBE(b, off) ^ Long.MIN_VALUE;
    }
}
