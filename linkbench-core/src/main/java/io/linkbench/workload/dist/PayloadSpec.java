package io.linkbench.workload.dist;

/**
 * The settings of a {@link PayloadGenerator}: sizes, content kind and byte range. The constructor
 * rejects a bad setting with an {@link IllegalArgumentException} that names it and its allowed range.
 * The limits are constants here, and the configuration ({@code WorkloadConfig}) checks the keys against
 * these same constants, so a value the keys accept is one the generator accepts.
 *
 * @param medianSize  the median payload size in bytes, 0 to maxSize
 * @param maxSize     the largest payload size in bytes, &gt;= 1
 * @param uniqueness  MOTIF: the probability that a chunk is fresh random bytes rather than a motif copy,
 *                    in [0, 1]; REPEAT: the compressed fraction to aim for, from
 *                    {@value #MIN_REPEAT_UNIQUENESS} to 1
 * @param content     how the bytes are made
 * @param firstByte   the smallest byte value (unsigned), 0 to lastByte
 * @param lastByte    the largest byte value (unsigned), firstByte to {@value #MAX_BYTE}
 * @param chunkLength MOTIF: the chunk and copy length, 1 to {@value #MOTIF_LENGTH}; REPEAT: the block
 *                    length, 1 to {@value #MAX_CHUNK_LENGTH}
 */
public record PayloadSpec(int medianSize, int maxSize, double uniqueness, Content content, int firstByte,
        int lastByte, int chunkLength) {

    /** How payload bytes are made; see {@link PayloadGenerator}. */
    public enum Content {
        /** Chunks of fresh random bytes or copies from a shared motif buffer (the original LinkBench's). */
        MOTIF,
        /** Blocks that repeat a random run inside themselves, calibrated to Deflate. */
        REPEAT
    }

    /** The default largest payload, in bytes, and the largest median a configuration may ask for. */
    public static final int DEFAULT_MAX_SIZE = 65536;
    /** The largest byte value (unsigned). */
    public static final int MAX_BYTE = 255;
    /** The smallest REPEAT uniqueness: a payload may compress 10,000 to 1, no further. */
    public static final double MIN_REPEAT_UNIQUENESS = 0.0001;
    /** The bytes of the motif buffer that MOTIF chunks are copied from. */
    public static final int MOTIF_LENGTH = 512;
    /** The default MOTIF chunk length (the original's). */
    public static final int DEFAULT_MOTIF_CHUNK = 128;
    /** The default REPEAT block length. */
    public static final int DEFAULT_REPEAT_BLOCK = 256;
    /** The largest chunk length. */
    public static final int MAX_CHUNK_LENGTH = 4096;

    public PayloadSpec {
        if (content == null) {
            throw new IllegalArgumentException("payload content must be MOTIF or REPEAT, got null");
        }
        if (maxSize < 1) {
            throw new IllegalArgumentException("payload max size must be >= 1, got " + maxSize);
        }
        if (medianSize < 0 || medianSize > maxSize) {
            throw new IllegalArgumentException(
                    "payload median size must be from 0 to the max size " + maxSize + ", got " + medianSize);
        }
        boolean motif = content == Content.MOTIF;
        if (!(uniqueness <= 1 && uniqueness >= (motif ? 0 : MIN_REPEAT_UNIQUENESS))) {
            throw new IllegalArgumentException("payload uniqueness must be in [" + (motif ? 0 : MIN_REPEAT_UNIQUENESS) + ", 1]"
                    + " for " + content + " content, got " + uniqueness);
        }
        if (firstByte < 0 || firstByte > MAX_BYTE || lastByte < firstByte || lastByte > MAX_BYTE) {
            throw new IllegalArgumentException("payload byte range must satisfy 0 <= first byte <= last byte <= " + MAX_BYTE + ","
                    + " got " + firstByte + " to " + lastByte);
        }
        int maxChunk = motif ? MOTIF_LENGTH : MAX_CHUNK_LENGTH;
        if (chunkLength < 1 || chunkLength > maxChunk) {
            throw new IllegalArgumentException("payload chunk length must be from 1 to " + maxChunk + " for "
                    + content + " content, got " + chunkLength);
        }
    }

    /** MOTIF content with the default largest size and chunk length. */
    public static PayloadSpec motif(int medianSize, double uniqueness, int firstByte, int lastByte) {
        return new PayloadSpec(medianSize, DEFAULT_MAX_SIZE, uniqueness, Content.MOTIF, firstByte, lastByte,
                DEFAULT_MOTIF_CHUNK);
    }

    /** REPEAT content over every byte value, with the default largest size and block length. */
    public static PayloadSpec repeat(int medianSize, double uniqueness) {
        return new PayloadSpec(medianSize, DEFAULT_MAX_SIZE, uniqueness, Content.REPEAT, 0, MAX_BYTE,
                DEFAULT_REPEAT_BLOCK);
    }
}
