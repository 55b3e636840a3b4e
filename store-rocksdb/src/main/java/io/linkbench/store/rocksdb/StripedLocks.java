package io.linkbench.store.rocksdb;

/**
 * A fixed set of monitors chosen by hashing a key, so that operations on one (id1, link_type) group
 * (or one node) run one at a time while operations on different keys rarely wait for each other.
 * Every operation takes exactly one stripe, so stripes cannot deadlock.
 */
final class StripedLocks {
    private final Object[] stripes;
    private final int mask;

    /** @param count a power of two */
    StripedLocks(int count) {
        if (Integer.bitCount(count) != 1) {
            throw new IllegalArgumentException("stripe count must be a power of two: " + count);
        }
        stripes = new Object[count];
        for (int i = 0; i < count; i++) {
            stripes[i] = new Object();
        }
        mask = count - 1;
    }

    /** The monitor of the (id1, link_type) group. */
    Object group(long id1, long linkType) {
        return stripes[(int) mix(id1 * 0x9E3779B97F4A7C15L + linkType) & mask];
    }

    /** The monitor of a node id. */
    Object node(long id) {
        return stripes[(int) mix(id) & mask];
    }

    /** A 64-bit finalizer (xor-shift-multiply) that spreads neighbouring ids over the stripes. */
    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }
}
