package io.linkbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one reader of files users name: only a regular file within its limit, read with that bound; a device, a
 * pipe, a directory or a large file is one line naming the file and what is allowed, never a hang or a full heap.
 */
@Timeout(60) // a pipe that is opened blocks until someone writes: the test fails instead of hanging
class BoundedFileTest {
    @TempDir
    Path tmp;

    private static String refusal(Path file, long max) {
        return assertThrows(ConfigException.class, () -> BoundedFile.text(file, "data_key=" + file, max, "a data file"))
                .getMessage();
    }

    @Test
    void aDeviceIsRefusedBeforeAByteIsRead() {
        assertEquals("data_key=/dev/zero: not a regular file (a directory, device or pipe); give a data file",
                refusal(Path.of("/dev/zero"), BoundedFile.MIB));
    }

    @Test
    void aPipeIsRefusedWithoutOpeningIt() throws Exception {
        Path fifo = SpecialFiles.fifo(tmp.resolve("pipe"));
        assertEquals("data_key=" + fifo + ": not a regular file (a directory, device or pipe); give a data file",
                refusal(fifo, BoundedFile.MIB));
    }

    @Test
    void aDirectoryAMissingFileAndALargeFileAreRefused() throws IOException {
        assertEquals("data_key=" + tmp + ": not a regular file (a directory, device or pipe); give a data file",
                refusal(tmp, BoundedFile.MIB));
        assertEquals("data_key=" + tmp.resolve("absent") + ": no such file", refusal(tmp.resolve("absent"), BoundedFile.MIB));
        Path big = Files.write(tmp.resolve("big"), new byte[3 * 1024 * 1024]);
        assertEquals("data_key=" + big + ": larger than 1 MiB (3 MiB); give a data file of at most 1 MiB",
                refusal(big, BoundedFile.MIB));
        Path bin = Files.write(tmp.resolve("bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 0});
        assertEquals("data_key=" + bin + ": not UTF-8 text (a binary file?); give a data file", refusal(bin, BoundedFile.MIB));
    }

    @Test
    void aByteOrderMarkIsNotPartOfTheText() throws IOException {
        Path f = Files.writeString(tmp.resolve("bom.txt"), "\uFEFFstore = memory\n", StandardCharsets.UTF_8);
        assertEquals("store = memory\n", BoundedFile.text(f, "f", BoundedFile.KIB, "a file"));
    }

    @Test
    void aPasswordFileThatIsADeviceOrAPipeIsOneLineNamingTheKey() throws Exception {
        Settings zero = new Settings(Map.of("password_file", "/dev/zero"));
        assertEquals("password_file=/dev/zero: not a regular file (a directory, device or pipe); give a file whose first"
                + " line is the password", assertThrows(ConfigException.class,
                () -> zero.secret("password", "password_file", "LINKBENCH_TEST_UNSET_VARIABLE")).getMessage());
        Path fifo = SpecialFiles.fifo(tmp.resolve("pw"));
        Settings pipe = new Settings(Map.of("password_file", fifo.toString()));
        assertEquals("password_file=" + fifo + ": not a regular file (a directory, device or pipe); give a file whose"
                + " first line is the password", assertThrows(ConfigException.class,
                () -> pipe.secret("password", "password_file", "LINKBENCH_TEST_UNSET_VARIABLE")).getMessage());
        Path bom = Files.writeString(tmp.resolve("pw.txt"), "\uFEFFs3cret\nsecond line\n");
        assertEquals("s3cret", new Settings(Map.of("password_file", bom.toString()))
                .secret("password", "password_file", "LINKBENCH_TEST_UNSET_VARIABLE"));
    }
}
