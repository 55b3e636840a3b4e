package io.linkbench.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.HdrHistogram.Histogram;

/**
 * A histogram as text: base64 of HdrHistogram's compressed encoding, which keeps every count, the
 * precision and the range, so a decoded histogram equals the original and can be added to others.
 *
 * <p>Decoding reads the encoding's header first and refuses one whose precision and range would need
 * more than {@value #MAX_COUNTS} counters (HdrHistogram allocates them before it reads a count, so a
 * crafted header in a result.json could otherwise ask for gigabytes). What linkbench writes (3 significant
 * digits, nanoseconds up to hours) needs a few tens of thousands.
 */
final class HistogramCodec {
    /** The most counters a decoded histogram may have: 4 significant digits over the whole long range fit. */
    static final long MAX_COUNTS = 1 << 20;
    /** HdrHistogram's encoding cookies (the word size in bits 4-7 masked out): V2 and V1, which share a header. */
    private static final int COOKIE_V2 = 0x1c849303;
    private static final int COOKIE_V1 = 0x1c849301;
    /** Cookie, payload length, normalizing offset, digits, lowest, highest, integer-to-double ratio. */
    private static final int HEADER_BYTES = 40;

    private HistogramCodec() {
    }

    static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buf);
        byte[] bytes = new byte[length];
        buf.flip();
        buf.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    static Histogram decode(String base64) throws IOException {
        try {
            byte[] bytes = Base64.getDecoder().decode(base64);
            checkHeader(bytes);
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (IllegalArgumentException | DataFormatException | java.nio.BufferUnderflowException
                 | IndexOutOfBoundsException e) { // a count beyond the header's range
            throw new IOException("not a base64 HdrHistogram compressed encoding: " + e.getMessage(), e);
        }
    }

    /** Reads the compressed encoding's header and refuses a precision or range beyond {@link #MAX_COUNTS} counters. */
    private static void checkHeader(byte[] bytes) throws IOException, DataFormatException {
        ByteBuffer outer = ByteBuffer.wrap(bytes);
        if (bytes.length < 8) {
            throw new IOException("not a base64 HdrHistogram compressed encoding: " + bytes.length + " bytes");
        }
        outer.getInt(); // the compressed cookie: HdrHistogram checks it
        int length = outer.getInt();
        if (length < 0 || length > bytes.length - 8) {
            throw new IOException("not a base64 HdrHistogram compressed encoding: a payload of " + length
                    + " bytes in " + bytes.length);
        }
        byte[] header = new byte[HEADER_BYTES];
        Inflater inflater = new Inflater();
        int n;
        try {
            inflater.setInput(bytes, 8, length);
            n = inflater.inflate(header);
        } finally {
            inflater.end();
        }
        ByteBuffer h = ByteBuffer.wrap(header);
        int cookie = h.getInt() & ~0xf0;
        if (n < HEADER_BYTES || (cookie != COOKIE_V2 && cookie != COOKIE_V1)) {
            throw new IOException("not a base64 HdrHistogram compressed encoding of version 1 or 2");
        }
        h.getInt(); // payload length: HdrHistogram reads at most what the counters need
        h.getInt(); // normalizing index offset
        int digits = h.getInt();
        long lowest = h.getLong();
        long highest = h.getLong();
        long counts = counters(digits, lowest, highest);
        if (counts == Long.MAX_VALUE) {
            throw new IOException("a histogram header of " + digits + " significant digits from " + lowest + " to " + highest
                    + " that HdrHistogram cannot hold (0 to 5 digits, lowest at least 1, highest at least twice lowest)");
        }
        if (counts > MAX_COUNTS) {
            throw new IOException("a histogram of " + digits + " significant digits from " + lowest + " to " + highest
                    + " needs " + counts + " counters; at most " + MAX_COUNTS + " are allowed");
        }
    }

    /**
     * The counters a histogram of this precision and range has, as HdrHistogram sizes them; {@code Long.MAX_VALUE}
     * for a header HdrHistogram itself would refuse.
     */
    static long counters(int digits, long lowest, long highest) {
        if (digits < 0 || digits > 5 || lowest < 1 || highest < 2 * lowest) {
            return Long.MAX_VALUE;
        }
        long singleUnit = 2 * (long) Math.pow(10, digits);
        int subBucketCountMagnitude = 64 - Long.numberOfLeadingZeros(singleUnit - 1); // ceil(log2)
        int halfMagnitude = Math.max(subBucketCountMagnitude, 1) - 1;
        long subBuckets = 1L << (halfMagnitude + 1);
        int unitMagnitude = 63 - Long.numberOfLeadingZeros(lowest);
        if (unitMagnitude + halfMagnitude > 61) {
            return Long.MAX_VALUE;
        }
        long smallestUntrackable = subBuckets << unitMagnitude;
        long buckets = 1;
        while (smallestUntrackable <= highest) {
            if (smallestUntrackable > Long.MAX_VALUE / 2) {
                buckets++;
                break;
            }
            smallestUntrackable <<= 1;
            buckets++;
        }
        return (buckets + 1) * (subBuckets / 2);
    }
}
