package io.linkbench.store.postgres;

import java.util.Arrays;

/**
 * How a link's payload is kept: its first {@link #HEAD} bytes in the column {@code data}, which the
 * list index carries (INCLUDE), and the rest, if any, in {@code data_ext}, out of the index. A B-tree
 * entry must stay under a third of a page (about 2.7 KB), so the index cannot carry a 64 KiB payload;
 * the typical LinkBench payload fits in the head, so GET_LINKS_LIST stays an index-only scan, and a
 * head of exactly {@link #HEAD} bytes tells the reader to fetch the rest by primary key.
 */
final class Payload {
    /** Bytes of a payload kept in the list index. */
    static final int HEAD = 1024;

    private Payload() {
    }

    /** The value of {@code data}: the payload, or its first {@link #HEAD} bytes. */
    static byte[] head(byte[] payload) {
        return payload.length <= HEAD ? payload : Arrays.copyOf(payload, HEAD);
    }

    /** The value of {@code data_ext}: the bytes after the head, or null when there are none. */
    static byte[] rest(byte[] payload) {
        return payload.length <= HEAD ? null : Arrays.copyOfRange(payload, HEAD, payload.length);
    }

    /** True when a head read from the index may have a rest in {@code data_ext}. */
    static boolean mayHaveRest(byte[] head) {
        return head.length == HEAD;
    }

    /** The whole payload from its two columns. */
    static byte[] join(byte[] head, byte[] rest) {
        if (rest == null || rest.length == 0) {
            return head;
        }
        byte[] all = Arrays.copyOf(head, head.length + rest.length);
        System.arraycopy(rest, 0, all, head.length, rest.length);
        return all;
    }
}
