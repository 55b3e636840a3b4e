package io.linkbench.store.rocksdb;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Fixed-width integers in byte arrays, big-endian (keys, values) and little-endian (merge operands). */
final class Bytes {
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private Bytes() {
    }

    static void putLongBE(byte[] b, int off, long v) {
        LONG_BE.set(b, off, v);
    }

    static long getLongBE(byte[] b, int off) {
        return (long) LONG_BE.get(b, off);
    }

    static void putIntBE(byte[] b, int off, int v) {
        INT_BE.set(b, off, v);
    }

    static int getIntBE(byte[] b, int off) {
        return (int) INT_BE.get(b, off);
    }

    /** An 8-byte little-endian value, the operand format of RocksDB's {@code UInt64AddOperator}. */
    static byte[] uint64(long v) {
        byte[] b = new byte[8];
        LONG_LE.set(b, 0, v);
        return b;
    }

    /** Reads an {@link #uint64} value. */
    static long getUint64(byte[] b) {
        if (b.length != 8) {
            throw new IllegalArgumentException("a 64-bit counter needs 8 bytes, got " + b.length);
        }
        return (long) LONG_LE.get(b, 0);
    }

    /** An 8-byte big-endian value. */
    static byte[] long8(long v) {
        byte[] b = new byte[8];
        putLongBE(b, 0, v);
        return b;
    }
}
