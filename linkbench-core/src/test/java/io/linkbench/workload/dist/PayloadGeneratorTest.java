package io.linkbench.workload.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PayloadGeneratorTest {

    @ParameterizedTest
    @ValueSource(ints = {8, 23, 128, 168})
    void medianSizeIsTheConfiguredOne(int median) {
        PayloadGenerator generator = new PayloadGenerator(median, 0.5);
        SplittableRandom random = new SplittableRandom(median);
        int[] sizes = new int[100_001];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = generator.nextSize(random);
            assertTrue(sizes[i] >= 0 && sizes[i] <= PayloadGenerator.DEFAULT_MAX_SIZE, "size " + sizes[i]);
        }
        Arrays.sort(sizes);
        int empiricalMedian = sizes[sizes.length / 2];
        assertEquals(median, empiricalMedian, 0.1 * median, "median size");
        assertTrue(sizes[sizes.length - 1] > 3 * median, "sizes are not spread: largest " + sizes[sizes.length - 1]);
    }

    @Test
    void sizesAreCappedAtTheMax() {
        PayloadGenerator generator = new PayloadGenerator(100, 120, 1.0);
        SplittableRandom random = new SplittableRandom(1);
        int atMax = 0;
        for (int i = 0; i < 10_000; i++) {
            byte[] payload = generator.next(random);
            assertTrue(payload.length <= 120, "payload of " + payload.length + " bytes");
            atMax += payload.length == 120 ? 1 : 0;
        }
        assertTrue(atMax > 3000, "the cap should be hit by about 43% of draws, was hit " + atMax + " times");
    }

    @ParameterizedTest
    @CsvSource({"0.225, 23, 0.05", "0.225, 128, 0.05", "0.63, 128, 0.05", "0.63, 168, 0.05", "1.0, 128, 0.05",
        "0.225, 8, 0.1", "0.63, 8, 0.1", "0.4, 4096, 0.05"})
    void deflateCompressesToAboutTheUniqueness(double uniqueness, int median, double tolerance) {
        PayloadGenerator generator = new PayloadGenerator(median, uniqueness);
        SplittableRandom random = new SplittableRandom(77);
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        while (stream.size() < 2_000_000) {
            stream.writeBytes(generator.next(random));
        }
        byte[] all = stream.toByteArray();
        double ratio = (double) deflatedSize(all) / all.length;
        assertEquals(uniqueness, ratio, tolerance, "compressed / original at median " + median);
    }

    @Test
    void everyByteValueOccurs() {
        PayloadGenerator generator = new PayloadGenerator(23, 0.225);
        SplittableRandom random = new SplittableRandom(5);
        boolean[] seen = new boolean[256];
        for (int i = 0; i < 10_000; i++) {
            for (byte b : generator.next(random)) {
                seen[b & 0xFF] = true;
            }
        }
        for (int v = 0; v < 256; v++) {
            assertTrue(seen[v], "byte value " + v + " never occurred");
        }
    }

    @Test
    void fillWritesOnlyTheGivenRange() {
        PayloadGenerator generator = new PayloadGenerator(100, 0.3);
        byte[] buffer = new byte[1000];
        Arrays.fill(buffer, (byte) 7);
        generator.fill(buffer, 100, 600, new SplittableRandom(2));
        for (int i = 0; i < buffer.length; i++) {
            if (i < 100 || i >= 700) {
                assertEquals(7, buffer[i], "byte " + i + " outside the range was written");
            }
        }
        long distinct = 0;
        boolean[] seen = new boolean[256];
        for (int i = 100; i < 700; i++) {
            if (!seen[buffer[i] & 0xFF]) {
                seen[buffer[i] & 0xFF] = true;
                distinct++;
            }
        }
        assertTrue(distinct > 50, "only " + distinct + " distinct byte values in 600 filled bytes");
        assertThrows(IndexOutOfBoundsException.class, () -> generator.fill(buffer, 900, 200, new SplittableRandom(1)));
    }

    @Test
    void badArguments() {
        assertThrows(IllegalArgumentException.class, () -> new PayloadGenerator(10, 0));
        assertThrows(IllegalArgumentException.class, () -> new PayloadGenerator(10, 1.5));
        assertThrows(IllegalArgumentException.class, () -> new PayloadGenerator(-1, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new PayloadGenerator(100, 50, 0.5));
        assertEquals(0, new PayloadGenerator(0, 0.5).next(new SplittableRandom(1)).length);
    }

    @Test
    void sizesAndFillAllocateNothing() {
        PayloadGenerator generator = new PayloadGenerator(168, 0.63);
        SplittableRandom random = new SplittableRandom(9);
        byte[] buffer = new byte[4096];
        long[] sink = new long[1];
        long bytes = Allocations.bytesAllocatedBy(() -> {
            for (int i = 0; i < 100_000; i++) {
                int size = Math.min(buffer.length, generator.nextSize(random));
                generator.fill(buffer, 0, size, random);
                sink[0] += size;
            }
        });
        assertTrue(bytes < 64 * 1024, bytes + " bytes allocated by 100,000 sizes and fills");
    }

    private static long deflatedSize(byte[] data) {
        Deflater deflater = new Deflater();
        try {
            deflater.setInput(data);
            deflater.finish();
            byte[] out = new byte[64 * 1024];
            long total = 0;
            while (!deflater.finished()) {
                total += deflater.deflate(out);
            }
            return total;
        } finally {
            deflater.end();
        }
    }
}
