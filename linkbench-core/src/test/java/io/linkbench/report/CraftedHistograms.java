package io.linkbench.report;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/** Test helper: an encoded histogram with its header changed, as someone editing a result.json could. */
public final class CraftedHistograms {
    private CraftedHistograms() {
    }

    /** The encoded histogram with its header's precision and range replaced, re-compressed as HdrHistogram does. */
    public static String withHeader(String base64, int digits, long lowest, long highest) throws DataFormatException {
        ByteBuffer outer = ByteBuffer.wrap(Base64.getDecoder().decode(base64));
        int cookie = outer.getInt();
        int length = outer.getInt();
        Inflater inflater = new Inflater();
        inflater.setInput(outer.array(), 8, length);
        byte[] plain = new byte[1 << 20];
        int n = inflater.inflate(plain);
        inflater.end();
        ByteBuffer.wrap(plain).putInt(12, digits).putLong(16, lowest).putLong(24, highest);
        Deflater deflater = new Deflater();
        deflater.setInput(plain, 0, n);
        deflater.finish();
        byte[] packed = new byte[n + 1024];
        int m = deflater.deflate(packed);
        deflater.end();
        return Base64.getEncoder().encodeToString(ByteBuffer.allocate(8 + m).putInt(cookie).putInt(m).put(packed, 0, m).array());
    }
}
