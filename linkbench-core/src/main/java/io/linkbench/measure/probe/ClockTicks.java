package io.linkbench.measure.probe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * Clock ticks per second of {@code /proc/stat} and {@code /proc/<pid>/stat} (USER_HZ, what
 * {@code sysconf(_SC_CLK_TCK)} returns). Java cannot call sysconf, but the kernel hands the value to
 * every process in its auxiliary vector as {@code AT_CLKTCK}, readable in {@code /proc/self/auxv}
 * (C libraries take it from there too). When that fails, 100: USER_HZ on every mainstream Linux
 * architecture.
 */
public final class ClockTicks {
    static final long DEFAULT = 100;
    private static final long AT_NULL = 0;
    private static final long AT_CLKTCK = 17;

    private ClockTicks() {
    }

    /** AT_CLKTCK from {@code procRoot/self/auxv}, or {@link #DEFAULT}. */
    public static long of(Path procRoot) {
        try {
            byte[] auxv = Files.readAllBytes(procRoot.resolve("self").resolve("auxv"));
            int word = "32".equals(System.getProperty("sun.arch.data.model")) ? 4 : 8;
            return fromAuxv(auxv, word, ByteOrder.nativeOrder()).orElse(DEFAULT);
        } catch (IOException | RuntimeException e) {
            return DEFAULT;
        }
    }

    /** The AT_CLKTCK entry of an auxiliary vector: (type, value) pairs of native words ending with AT_NULL. */
    static OptionalLong fromAuxv(byte[] auxv, int wordBytes, ByteOrder order) {
        ByteBuffer b = ByteBuffer.wrap(auxv).order(order);
        while (b.remaining() >= 2 * wordBytes) {
            long type = wordBytes == 8 ? b.getLong() : Integer.toUnsignedLong(b.getInt());
            long value = wordBytes == 8 ? b.getLong() : Integer.toUnsignedLong(b.getInt());
            if (type == AT_NULL) {
                break;
            }
            if (type == AT_CLKTCK && value > 0 && value <= 1_000_000) {
                return OptionalLong.of(value);
            }
        }
        return OptionalLong.empty();
    }
}
