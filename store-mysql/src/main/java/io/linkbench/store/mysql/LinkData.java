package io.linkbench.store.mysql;

import java.util.Arrays;

/**
 * How a link payload is split between the indexed column {@code data} (VARBINARY(255), part of the
 * covering index {@code id1_type}) and the overflow column {@code data_ext} (MEDIUMBLOB, NULL for
 * short payloads). A payload shorter than {@link #INLINE_MAX} bytes is stored whole in {@code data}
 * and {@code data_ext} is NULL; a longer one keeps its first {@link #INLINE_MAX} bytes in
 * {@code data} and the whole payload in {@code data_ext}. So a {@code data} value of exactly
 * {@link #INLINE_MAX} bytes read from the index says: fetch {@code data_ext}. Typical payloads
 * (8 to a few hundred bytes) are served from the index alone.
 */
final class LinkData {
    private LinkData() {
    }

    /** Length of the indexed column, and the mark of an overflowing payload. */
    static final int INLINE_MAX = 255;

    /** The value of {@code data}. */
    static byte[] inline(byte[] payload) {
        return payload.length < INLINE_MAX ? payload : Arrays.copyOf(payload, INLINE_MAX);
    }

    /** The value of {@code data_ext}, or null. */
    static byte[] overflow(byte[] payload) {
        return payload.length < INLINE_MAX ? null : payload;
    }

    /** True when an indexed {@code data} value is only the start of the payload. */
    static boolean isTruncated(byte[] inline) {
        return inline.length >= INLINE_MAX;
    }

    /** The payload from the two columns as read. */
    static byte[] payload(byte[] inline, byte[] overflow) {
        return overflow != null ? overflow : inline;
    }
}
