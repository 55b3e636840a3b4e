package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A {@code -c} file that is not a small text file is refused in one line (exit 2), without reading it all. */
class ConfigFileLimitsTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    private void assertRefused(Path file, String expected) {
        int code = cli.run(StoreProviders.of(new MemoryStoreProvider()), "-c", file.toString(), "--print-config");
        assertEquals(Main.BAD_INPUT, code, cli.err());
        assertEquals("linkbench: " + expected, cli.err().strip());
    }

    @Test
    void aDeviceIsRefusedWithoutReadingIt() {
        assertRefused(Path.of("/dev/zero"), "-c /dev/zero: not a regular file (a directory, device or pipe); give a properties file");
    }

    @Test
    void aDirectoryIsRefused() {
        assertRefused(tmp, "-c " + tmp + ": not a regular file (a directory, device or pipe); give a properties file");
    }

    @Test
    void aFileOverOneMebibyteIsRefused() throws Exception {
        Path big = Files.writeString(tmp.resolve("big.properties"), ("# " + "x".repeat(1000) + "\n").repeat(1100));
        assertRefused(big, "-c " + big + ": larger than 1 MiB (1 MiB); give a properties file of at most 1 MiB");
    }

    @Test
    void anOverlongLineIsRefusedByItsNumber() throws Exception {
        Path f = Files.writeString(tmp.resolve("long.properties"), "maxid1 = 10\nnode_datasize = " + "1".repeat(70_000) + "\n");
        assertRefused(f, f + ":2: a line of 70016 characters; at most 65536 are allowed");
    }

    @Test
    void aBinaryFileIsRefused() throws Exception {
        Path f = Files.write(tmp.resolve("bin.properties"), new byte[] {'a', '=', (byte) 0xff, (byte) 0xfe, 0, 1});
        assertRefused(f, "-c " + f + ": not UTF-8 text (a binary file?); give a properties file");
    }

    @Test
    @Timeout(60) // opening a pipe blocks until a writer comes: fail instead of hanging
    void aPipeIsRefusedWithoutWaitingForAWriter() throws Exception {
        Path fifo = io.linkbench.config.SpecialFiles.fifo(tmp.resolve("pipe.properties"));
        assertRefused(fifo, "-c " + fifo + ": not a regular file (a directory, device or pipe); give a properties file");
    }

    @Test
    void aFileThatStartsWithAByteOrderMarkReadsAsWithout() throws Exception {
        Path f = Files.writeString(tmp.resolve("bom.properties"), "\uFEFFstore = memory\nmaxid1 = 1234\n");
        assertEquals(Main.OK, cli.run(StoreProviders.of(new MemoryStoreProvider()), "-c", f.toString(), "--print-config"), cli.err());
        assertTrue(cli.out().contains("maxid1 = 1234"), cli.out());
        assertEquals("", cli.err(), "no unknown key 'store'");
    }

    @Test
    void anOrdinaryFileIsStillRead() throws Exception {
        Path f = Files.writeString(tmp.resolve("ok.properties"), "store = memory\nmaxid1 = 1234\n");
        assertEquals(Main.OK, cli.run(StoreProviders.of(new MemoryStoreProvider()), "-c", f.toString(), "--print-config"), cli.err());
        assertTrue(cli.out().contains("maxid1 = 1234"), cli.out());
    }
}
