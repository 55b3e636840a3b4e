package io.linkbench.store.postgres;

import java.util.Arrays;

/**
 * A growable byte buffer that writes PostgreSQL's binary COPY format: the header, tuples of
 * length-prefixed big-endian fields, and the trailer. Not thread-safe; reused batch after batch.
 */
final class CopyBuffer {
    private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};

    private byte[] bytes;
    private int length;

    CopyBuffer(int capacity) {
        this.bytes = new byte[capacity];
    }

    /** The signature, flags (0) and header extension length (0). */
    CopyBuffer header() {
        reset();
        ensure(SIGNATURE.length + 8);
        System.arraycopy(SIGNATURE, 0, bytes, 0, SIGNATURE.length);
        length = SIGNATURE.length;
        return raw4(0).raw4(0);
    }

    /** Starts a tuple of {@code fields} fields. */
    CopyBuffer tuple(int fields) {
        return raw2(fields);
    }

    /** The end of the data: a tuple count of -1. */
    CopyBuffer trailer() {
        return raw2(-1);
    }

    CopyBuffer int2(int v) {
        return raw4(2).raw2(v);
    }

    CopyBuffer int4(int v) {
        return raw4(4).raw4(v);
    }

    CopyBuffer int8(long v) {
        raw4(8);
        ensure(8);
        for (int shift = 56; shift >= 0; shift -= 8) {
            bytes[length++] = (byte) (v >>> shift);
        }
        return this;
    }

    /** A bytea field, or NULL (length -1) when {@code v} is null. */
    CopyBuffer bytea(byte[] v) {
        if (v == null) {
            return raw4(-1);
        }
        raw4(v.length);
        ensure(v.length);
        System.arraycopy(v, 0, bytes, length, v.length);
        length += v.length;
        return this;
    }

    byte[] array() {
        return bytes;
    }

    int length() {
        return length;
    }

    void reset() {
        length = 0;
    }

    private CopyBuffer raw2(int v) {
        ensure(2);
        bytes[length++] = (byte) (v >>> 8);
        bytes[length++] = (byte) v;
        return this;
    }

    private CopyBuffer raw4(int v) {
        ensure(4);
        bytes[length++] = (byte) (v >>> 24);
        bytes[length++] = (byte) (v >>> 16);
        bytes[length++] = (byte) (v >>> 8);
        bytes[length++] = (byte) v;
        return this;
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }
}
