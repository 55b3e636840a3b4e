package io.linkbench.workload.dist;

/**
 * A seeded bijection on {@code [0, n)} for any n from 1 to 2^62, in O(1) memory. It maps a
 * popularity or degree rank to an id so that hot ranks, which are consecutive, are spread over the
 * whole id space instead of clustering at the low ids.
 *
 * <p>It is a balanced Feistel network over the smallest even number of bits {@code b} with
 * {@code 2^b >= n} (at least 2), with {@value #ROUNDS} rounds whose round function mixes the right half
 * with a per-round key derived from the seed. Inputs whose image falls outside {@code [0, n)} are
 * walked through the network again (cycle walking) until the image is in range; since
 * {@code 2^b < 4n}, that takes fewer than four passes on average. Immutable and thread-safe; no
 * allocation per call.
 */
public final class IdPermutation {
    /** The largest supported domain size. */
    public static final long MAX_N = 1L << 62;
    private static final int ROUNDS = 6;

    private final long n;
    private final int halfBits;
    private final long halfMask;
    private final long[] keys; // never modified after construction

    /**
     * @param n    the domain size, 1 to 2^62
     * @param seed any value; different seeds give unrelated permutations
     */
    public IdPermutation(long n, long seed) {
        if (n < 1 || n > MAX_N) {
            throw new IllegalArgumentException("permutation size must be from 1 to 2^62, got " + n);
        }
        this.n = n;
        int bits = n == 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1); // ceil(log2 n)
        bits = Math.max(2, (bits + 1) & ~1);
        this.halfBits = bits / 2;
        this.halfMask = (1L << halfBits) - 1;
        this.keys = new long[ROUNDS];
        long k = mix(seed ^ 0x243F6A8885A308D3L);
        for (int i = 0; i < ROUNDS; i++) {
            k = mix(k + 0x9E3779B97F4A7C15L);
            keys[i] = k;
        }
    }

    /** The domain size n. */
    public long size() {
        return n;
    }

    /** The image of {@code x}, for x in [0, n). */
    public long apply(long x) {
        checkRange(x);
        long y = encrypt(x);
        while (y >= n) {
            y = encrypt(y);
        }
        return y;
    }

    /** The x with {@code apply(x) == y}, for y in [0, n). */
    public long inverse(long y) {
        checkRange(y);
        long x = decrypt(y);
        while (x >= n) {
            x = decrypt(x);
        }
        return x;
    }

    private void checkRange(long x) {
        if (x < 0 || x >= n) {
            throw new IllegalArgumentException("value " + x + " is outside [0, " + n + ")");
        }
    }

    private long encrypt(long x) {
        long left = x >>> halfBits;
        long right = x & halfMask;
        for (int i = 0; i < ROUNDS; i++) {
            long next = left ^ round(right, keys[i]);
            left = right;
            right = next;
        }
        return (left << halfBits) | right;
    }

    private long decrypt(long y) {
        long left = y >>> halfBits;
        long right = y & halfMask;
        for (int i = ROUNDS - 1; i >= 0; i--) {
            long previous = right ^ round(left, keys[i]);
            right = left;
            left = previous;
        }
        return (left << halfBits) | right;
    }

    private long round(long half, long key) {
        return mix(half ^ key) & halfMask;
    }

    /** A bijective 64-bit mixer (xor-shift and odd multiplications). */
    private static long mix(long z) {
        z = (z ^ (z >>> 31)) * 0x7FB5D329728EA185L;
        z = (z ^ (z >>> 27)) * 0x81DADEF4BC2DD44DL;
        return z ^ (z >>> 33);
    }
}
