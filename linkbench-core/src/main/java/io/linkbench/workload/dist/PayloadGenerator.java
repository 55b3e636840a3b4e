package io.linkbench.workload.dist;

import java.util.random.RandomGenerator;

/**
 * Payloads (node and link data) of a configured median size and compressibility.
 *
 * <p>Sizes: {@code round(median * e^(SPREAD * Z))} with Z standard normal, clamped to
 * {@code [0, maxSize]}: a log-normal whose median is the configured median (rounding and the clamp at
 * the top do not move the median), with {@link #SPREAD} = 1, so the mean is about 1.65 x the median and
 * the 99th percentile about 10 x.
 *
 * <p>Content: the payload is cut into blocks of {@value #BLOCK} bytes. Each block starts with a run of
 * random bytes (every byte value is possible) and the rest of the block repeats that run, which
 * Deflate encodes as one back-reference. The random run is {@code uniqueness} of the block, less the
 * measured cost of that back-reference ({@value #REFERENCE_COST} bytes), with randomized rounding, so
 * that {@link java.util.zip.Deflater} compresses a stream of payloads to about {@code uniqueness} of its
 * size; at uniqueness 1 every byte is random. Very small payloads (a few bytes) compress less than
 * that, because a back-reference is not free.
 *
 * <p>Immutable and thread-safe; {@link #next} allocates only the returned array and
 * {@link #nextSize}/{@link #fill} allocate nothing.
 */
public final class PayloadGenerator {
    /** The default largest payload, in bytes. */
    public static final int DEFAULT_MAX_SIZE = 65536;
    /** The standard deviation of the natural log of the size. */
    public static final double SPREAD = 1.0;
    static final int BLOCK = 256;
    /** Bytes that Deflate spends on one back-reference, measured (see the tests). */
    static final double REFERENCE_COST = 2.0;

    private final int medianSize;
    private final int maxSize;
    private final double uniqueness;

    /** A generator with the default largest size {@value #DEFAULT_MAX_SIZE}. */
    public PayloadGenerator(int medianSize, double uniqueness) {
        this(medianSize, DEFAULT_MAX_SIZE, uniqueness);
    }

    /**
     * @param medianSize the median size in bytes, 0 to maxSize
     * @param maxSize    the largest size in bytes, &gt;= 1
     * @param uniqueness the compressed fraction to aim for, in (0, 1]
     */
    public PayloadGenerator(int medianSize, int maxSize, double uniqueness) {
        if (maxSize < 1) {
            throw new IllegalArgumentException("payload max size must be >= 1, got " + maxSize);
        }
        if (medianSize < 0 || medianSize > maxSize) {
            throw new IllegalArgumentException(
                    "payload median size must be from 0 to the max size " + maxSize + ", got " + medianSize);
        }
        if (!(uniqueness > 0 && uniqueness <= 1)) {
            throw new IllegalArgumentException("payload uniqueness must be in (0, 1], got " + uniqueness);
        }
        this.medianSize = medianSize;
        this.maxSize = maxSize;
        this.uniqueness = uniqueness;
    }

    /** A payload size in [0, maxSize]. */
    public int nextSize(RandomGenerator random) {
        if (medianSize == 0) {
            return 0;
        }
        double size = Math.rint(medianSize * Math.exp(SPREAD * random.nextGaussian()));
        return size >= maxSize ? maxSize : (int) size; // never negative: median * e^x >= 0
    }

    /** A new payload of {@link #nextSize} bytes. */
    public byte[] next(RandomGenerator random) {
        byte[] payload = new byte[nextSize(random)];
        fill(payload, 0, payload.length, random);
        return payload;
    }

    /** Fills {@code buffer[offset, offset + length)} with payload content (for callers that reuse a buffer). */
    public void fill(byte[] buffer, int offset, int length, RandomGenerator random) {
        if (offset < 0 || length < 0 || length > buffer.length - offset) {
            throw new IndexOutOfBoundsException("offset " + offset + ", length " + length + ", buffer " + buffer.length);
        }
        int end = offset + length;
        for (int start = offset; start < end; start += BLOCK) {
            int blockLength = Math.min(BLOCK, end - start);
            int unique = uniqueBytes(blockLength, random);
            randomBytes(buffer, start, unique, random);
            for (int i = start + unique, blockEnd = start + blockLength; i < blockEnd; i++) {
                buffer[i] = buffer[i - unique];
            }
        }
    }

    private int uniqueBytes(int blockLength, RandomGenerator random) {
        if (uniqueness >= 1.0) {
            return blockLength;
        }
        double target = uniqueness * blockLength - REFERENCE_COST;
        int unique = (int) Math.floor(target + random.nextDouble());
        return Math.max(1, Math.min(blockLength, unique));
    }

    private static void randomBytes(byte[] buffer, int from, int count, RandomGenerator random) {
        int i = from;
        int end = from + count;
        while (i + 8 <= end) {
            long bits = random.nextLong();
            for (int b = 0; b < 8; b++) {
                buffer[i++] = (byte) bits;
                bits >>>= 8;
            }
        }
        if (i < end) {
            long bits = random.nextLong();
            while (i < end) {
                buffer[i++] = (byte) bits;
                bits >>>= 8;
            }
        }
    }

    public int medianSize() {
        return medianSize;
    }

    public int maxSize() {
        return maxSize;
    }

    public double uniqueness() {
        return uniqueness;
    }
}
