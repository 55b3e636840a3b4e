package io.linkbench.measure.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemInfoTest {
    private static final String SAMPLE = """
            MemTotal:       16318412 kB
            MemFree:         1203340 kB
            Buffers:          204800 kB
            Cached:          9034512 kB
            Dirty:             52344 kB
            Writeback:          1024 kB
            AnonPages:       4011232 kB
            WritebackTmp:          0 kB
            HugePages_Total:       0
            """;

    @Test
    void dirtyAndWritebackAreReadInKib() {
        MemInfo m = MemInfo.parse(SAMPLE).orElseThrow();
        assertEquals(new MemInfo(52344, 1024), m);
        assertEquals(53368, m.unwrittenKb());
    }

    @Test
    void aMissingLineMakesItUnavailable() {
        assertEquals(Optional.empty(), MemInfo.parse("MemTotal: 100 kB\nDirty: 5 kB\n"));
        assertEquals(Optional.empty(), MemInfo.parse(""));
    }

    @Test
    void readsTheFileUnderTheProcRoot(@TempDir Path proc) throws Exception {
        assertEquals(Optional.empty(), MemInfo.read(proc), "no meminfo");
        Files.writeString(proc.resolve("meminfo"), SAMPLE);
        assertEquals(Optional.of(new MemInfo(52344, 1024)), MemInfo.read(proc));
    }
}
