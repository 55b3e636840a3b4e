package io.linkbench.workload;

/**
 * Derives independent seeds for every random stream (a loader's chunk, a requester, a permutation)
 * from the root seed, so the same root seed gives the same graph and the same operation sequences
 * whatever the number of threads.
 */
public final class Seeds {
    /** Stream families; each has its own range of derived seeds. */
    public enum Stream { NODES, LINKS, REQUESTS, DEGREE_ORDER, POPULARITY, ARRIVALS, NODE_POPULARITY, PAYLOAD_MOTIFS,
        /** TAOBench requesters (a family of its own: adding it changed no other stream's seeds). */
        TAO_REQUESTS }

    private Seeds() {
    }

    /** The seed of member {@code index} of stream family {@code stream}. */
    public static long derive(long root, Stream stream, long index) {
        long h = mix(root ^ 0x6A09E667F3BCC909L);
        h = mix(h + (stream.ordinal() + 1) * 0x9E3779B97F4A7C15L);
        return mix(h + index * 0xBF58476D1CE4E5B9L);
    }

    /** The SplitMix64 finalizer: a bijective 64-bit mixer. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
