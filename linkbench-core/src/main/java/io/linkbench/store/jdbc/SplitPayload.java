package io.linkbench.store.jdbc;

import java.util.Arrays;

/**
 * How a SQL store keeps a link payload in two columns: its first {@link #head()} bytes in
 * {@code data}, which the list index carries so that GET_LINKS_LIST reads the index alone, and the
 * rest, if any, in {@code data_ext}, out of the index (NULL when there is none). A head of exactly
 * {@link #head()} bytes read from the index tells the reader to fetch the rest by primary key.
 * Immutable.
 *
 * <pre>{@code
 * SplitPayload split = new SplitPayload(255);
 * ps.setBytes(5, split.head(data));
 * ps.setBytes(6, split.rest(data));            // null for a short payload
 * byte[] whole = split.join(head, rest);        // as read back
 * }</pre>
 */
public final class SplitPayload {
    private final int head;

    /** @param head bytes of a payload kept in {@code data} (at least 1) */
    public SplitPayload(int head) {
        if (head < 1) {
            throw new IllegalArgumentException("head must be at least 1 byte: " + head);
        }
        this.head = head;
    }

    /** Bytes of a payload kept in {@code data}. */
    public int head() {
        return head;
    }

    /** The value of {@code data}: the payload, or its first {@link #head()} bytes. */
    public byte[] head(byte[] payload) {
        return payload.length <= head ? payload : Arrays.copyOf(payload, head);
    }

    /** The value of {@code data_ext}: the bytes after the head, or null when there are none. */
    public byte[] rest(byte[] payload) {
        return payload.length <= head ? null : Arrays.copyOfRange(payload, head, payload.length);
    }

    /** True when a payload is longer than its head, so {@code data_ext} holds its rest. */
    public boolean splits(byte[] payload) {
        return payload.length > head;
    }

    /** True when a head read from {@code data} may have a rest in {@code data_ext}. */
    public boolean mayHaveRest(byte[] headRead) {
        return headRead.length == head;
    }

    /** The whole payload from its two columns as read ({@code rest} null or empty: the head alone). */
    public byte[] join(byte[] headRead, byte[] rest) {
        if (rest == null || rest.length == 0) {
            return headRead;
        }
        byte[] all = Arrays.copyOf(headRead, headRead.length + rest.length);
        System.arraycopy(rest, 0, all, headRead.length, rest.length);
        return all;
    }
}
