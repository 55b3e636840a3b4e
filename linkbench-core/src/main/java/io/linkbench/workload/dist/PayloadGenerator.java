package io.linkbench.workload.dist;

import io.linkbench.workload.dist.PayloadSpec.Content;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Payloads (node and link data) of a configured median size, byte range and compressibility
 * ({@link PayloadSpec}).
 *
 * <p>Sizes: {@code round(median * e^(SPREAD * Z))} with Z standard normal, clamped to
 * {@code [0, maxSize]}: a log-normal whose median is the configured median (rounding and the clamp at
 * the top do not move the median), with {@link #SPREAD} = 1, so the mean is about 1.65 x the median and
 * the 99th percentile about 10 x.
 *
 * <p>Every content byte is uniform in {@code [firstByte, lastByte]}. The content is one of:
 * <ul>
 *   <li>{@link Content#MOTIF}, the original LinkBench's effective behaviour: the payload is cut into
 *       chunks of {@code chunkLength} bytes (the last one may be shorter). With probability
 *       {@code uniqueness} a chunk is fresh random bytes; otherwise it is a copy of the chunk's length
 *       taken at a uniformly random offset of a {@value PayloadSpec#MOTIF_LENGTH}-byte motif buffer,
 *       drawn once per generator from its motif seed. One short row alone therefore compresses little
 *       (a narrow byte range, no repeats inside it), while many rows together compress well, because
 *       they share the motif: what block compression in a database sees.</li>
 *   <li>{@link Content#REPEAT}: the payload is cut into blocks of {@code chunkLength} bytes. Each block
 *       starts with a run of random bytes and the rest of the block repeats that run, which Deflate
 *       encodes as one back-reference. The run is {@code uniqueness} of the block, less the measured
 *       cost of that back-reference ({@value #REFERENCE_COST} bytes), with randomized rounding, so that
 *       over the full byte range {@link java.util.zip.Deflater} compresses a stream of payloads to about
 *       {@code uniqueness} of its size (even a single long row); at uniqueness 1 every byte is random.
 *       Very small payloads (a few bytes) compress less than that, because a back-reference is not
 *       free; a narrower byte range compresses more.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe (the motif is the same for the same seed, whatever the thread count);
 * {@link #next} allocates only the returned array and {@link #nextSize}/{@link #fill} allocate nothing.
 */
public final class PayloadGenerator {
    /** The standard deviation of the natural log of the size. */
    public static final double SPREAD = 1.0;
    /** Bytes that Deflate spends on one back-reference, measured (see the tests). */
    static final double REFERENCE_COST = 2.0;

    private final PayloadSpec spec;
    private final int firstByte;
    private final int byteRange;
    /** MOTIF: the buffer chunks are copied from, never written after the constructor; REPEAT: empty. */
    private final byte[] motif;

    /**
     * @param spec      the settings
     * @param motifSeed the seed of the MOTIF buffer (unused by REPEAT)
     */
    public PayloadGenerator(PayloadSpec spec, long motifSeed) {
        this.spec = spec;
        this.firstByte = spec.firstByte();
        this.byteRange = spec.lastByte() - spec.firstByte() + 1;
        if (spec.content() == Content.MOTIF) {
            motif = new byte[PayloadSpec.MOTIF_LENGTH];
            uniformBytes(motif, 0, motif.length, new SplittableRandom(motifSeed));
        } else {
            motif = new byte[0];
        }
    }

    /** A payload size in [0, maxSize]. */
    public int nextSize(RandomGenerator random) {
        if (spec.medianSize() == 0) {
            return 0;
        }
        double size = Math.rint(spec.medianSize() * Math.exp(SPREAD * random.nextGaussian()));
        return size >= spec.maxSize() ? spec.maxSize() : (int) size; // never negative: median * e^x >= 0
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
        int chunk = spec.chunkLength();
        boolean motifContent = spec.content() == Content.MOTIF;
        for (int start = offset; start < end; start += chunk) {
            int chunkLength = Math.min(chunk, end - start);
            if (motifContent) {
                motifChunk(buffer, start, chunkLength, random);
            } else {
                repeatBlock(buffer, start, chunkLength, random);
            }
        }
    }

    private void motifChunk(byte[] buffer, int start, int length, RandomGenerator random) {
        if (random.nextDouble() < spec.uniqueness()) {
            uniformBytes(buffer, start, length, random);
        } else {
            System.arraycopy(motif, random.nextInt(motif.length - length + 1), buffer, start, length);
        }
    }

    private void repeatBlock(byte[] buffer, int start, int length, RandomGenerator random) {
        int unique = uniqueBytes(length, random);
        uniformBytes(buffer, start, unique, random);
        for (int i = start + unique, blockEnd = start + length; i < blockEnd; i++) {
            buffer[i] = buffer[i - unique];
        }
    }

    private int uniqueBytes(int blockLength, RandomGenerator random) {
        if (spec.uniqueness() >= 1.0) {
            return blockLength;
        }
        double target = spec.uniqueness() * blockLength - REFERENCE_COST;
        int unique = (int) Math.floor(target + random.nextDouble());
        return Math.max(1, Math.min(blockLength, unique));
    }

    /**
     * Writes {@code count} bytes uniform in [firstByte, lastByte]. Over the full range each random long
     * gives 8 bytes; otherwise each of its four 16-bit parts s gives {@code firstByte + (s * range >>> 16)}
     * unless {@code (s * range) mod 2^16 < 2^16 mod range} (Lemire's rejection, below 0.4% of the parts),
     * which makes it exactly uniform.
     */
    private void uniformBytes(byte[] buffer, int from, int count, RandomGenerator random) {
        int end = from + count;
        if (byteRange == 256) {
            for (int i = from; i < end; ) {
                long bits = random.nextLong();
                for (int last = Math.min(end, i + 8); i < last; i++) {
                    buffer[i] = (byte) bits;
                    bits >>>= 8;
                }
            }
            return;
        }
        int range = byteRange;
        int rejectBelow = (1 << 16) % range;
        for (int i = from; i < end; ) {
            long bits = random.nextLong();
            for (int part = 0; part < 4 && i < end; part++, bits >>>= 16) {
                int product = ((int) bits & 0xFFFF) * range;
                if ((product & 0xFFFF) >= rejectBelow) {
                    buffer[i++] = (byte) (firstByte + (product >>> 16));
                }
            }
        }
    }

    public PayloadSpec spec() {
        return spec;
    }

    /** A copy of the motif buffer (empty for REPEAT), for tests. */
    byte[] motif() {
        return motif.clone();
    }
}
