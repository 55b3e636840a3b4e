package io.linkbench.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * A histogram as text: base64 of HdrHistogram's compressed encoding, which keeps every count, the
 * precision and the range, so a decoded histogram equals the original and can be added to others.
 */
final class HistogramCodec {
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
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (IllegalArgumentException | DataFormatException | java.nio.BufferUnderflowException e) {
            throw new IOException("not a base64 HdrHistogram compressed encoding: " + e.getMessage(), e);
        }
    }
}
