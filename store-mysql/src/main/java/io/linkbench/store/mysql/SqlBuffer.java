package io.linkbench.store.mysql;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable ASCII buffer for generated SQL text: decimal numbers and hex literals are written
 * straight into a byte array, a whole value at a time, which costs a fraction of appending them char by
 * char to a StringBuilder. The methods are kept small so the JIT compiles each once instead of
 * copying it into every caller. Reused across statements.
 */
final class SqlBuffer {
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    private byte[] buf;
    private int len;

    SqlBuffer(int initialCapacity) {
        buf = new byte[initialCapacity];
    }

    /** ASCII bytes of a constant, for {@link #put(byte[])}. */
    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    int length() {
        return len;
    }

    /** Forgets everything after the first {@code newLength} bytes. */
    void truncate(int newLength) {
        len = newLength;
    }

    byte lastByte() {
        return buf[len - 1];
    }

    /** Appends bytes (a constant from {@link #ascii(String)}, or a copy from {@link #copyFrom}). */
    void put(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, len, bytes.length);
        len += bytes.length;
    }

    /** Appends {@code "(n0,n1,...,"}: the start of a row whose first columns are numbers. */
    void openRow(long[] numbers, int count) {
        ensure(1 + 21 * count);
        buf[len++] = '(';
        for (int i = 0; i < count; i++) {
            number(numbers[i]);
            buf[len++] = ',';
        }
    }

    private void number(long v) {
        if (v < 0) {
            if (v == Long.MIN_VALUE) {
                put(ascii(Long.toString(v)));
                return;
            }
            buf[len++] = '-';
            v = -v;
        }
        if (v < BILLION) {
            digits((int) v, 0);
        } else if (v < BILLION * BILLION) {
            // int arithmetic for the digits: C1-compiled code calls the runtime for every long division
            digits((int) (v / BILLION), 0);
            digits((int) (v % BILLION), 9);
        } else {
            digits((int) (v / (BILLION * BILLION)), 0);
            long rest = v % (BILLION * BILLION);
            digits((int) (rest / BILLION), 9);
            digits((int) (rest % BILLION), 9);
        }
    }

    private static final long BILLION = 1_000_000_000L;

    /** Appends {@code v} (0 to 999,999,999) in decimal, left-padded with zeros to {@code width} digits. */
    private void digits(int v, int width) {
        int n = 1;
        for (int t = v; t >= 10; t /= 10) {
            n++;
        }
        n = Math.max(n, width);
        int end = len + n;
        len = end;
        for (int i = 0; i < n; i++) {
            int q = v / 10;
            buf[--end] = (byte) ('0' + (v - q * 10));
            v = q;
        }
    }

    /** {@code X'0A1B...'}: bytes {@code from} (inclusive) to {@code to} (exclusive) as a hex literal (X'' for none). */
    void hex(byte[] data, int from, int to) {
        ensure(3 + 2 * (to - from));
        byte[] b = buf;
        int p = len;
        b[p++] = 'X';
        b[p++] = '\'';
        for (int i = from; i < to; i++) {
            int v = data[i];
            b[p++] = HEX[(v >> 4) & 0xF];
            b[p++] = HEX[v & 0xF];
        }
        b[p++] = '\'';
        len = p;
    }

    /** The bytes from {@code from} to the end, copied. */
    byte[] copyFrom(int from) {
        return Arrays.copyOfRange(buf, from, len);
    }

    /** The text so far as a String (ASCII, so one byte per char). */
    String text() {
        return new String(buf, 0, len, StandardCharsets.ISO_8859_1);
    }

    private void ensure(int more) {
        if (len + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + more));
        }
    }
}
