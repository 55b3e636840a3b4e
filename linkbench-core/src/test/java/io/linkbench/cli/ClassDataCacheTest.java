package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where archives are kept and which are used: only this user's, undamaged ones; a damaged one is made
 * again, a failed dump is not retried at every run, and a killed run's files are cleaned up. The JVM that
 * maps an archive is tried in {@code LauncherTest} (linkbench-app).
 */
class ClassDataCacheTest {
    @TempDir
    Path dir;

    private final long uid = ClassDataCache.effectiveUid().orElseThrow();

    @Test
    void theCacheIsXdgsThenHomesThenThePasswordFilesThenAPrivateTemporaryOne() {
        assertEquals(Path.of("/x/linkbench"), ClassDataCache.directory(Map.of("XDG_CACHE_HOME", "/x", "HOME", "/h"), "/p", "/tmp", 7));
        assertEquals(Path.of("/h/.cache/linkbench"), ClassDataCache.directory(Map.of("XDG_CACHE_HOME", "rel", "HOME", "/h"), "/p", "/tmp", 7),
                "HOME wins over the password file's home; a relative XDG_CACHE_HOME is ignored");
        assertEquals(Path.of("/p/.cache/linkbench"), ClassDataCache.directory(Map.of("HOME", ""), "/p", "/tmp", 7));
        assertEquals(Path.of("/tmp/linkbench-7"), ClassDataCache.directory(Map.of(), "?", "/tmp", 7), "no home at all");
    }

    @Test
    void anArchiveOfAnotherBuildOfTheJarIsNeverNamed() throws Exception {
        Path jar = Files.writeString(dir.resolve("linkbench.jar"), "first build");
        ClassDataCache cache = ClassDataCache.at(dir.resolve("cache"), uid);
        Path first = cache.archive(jar, "17.0.15");
        assertEquals(first, cache.archive(jar, "17.0.15"), "the same jar, the same archive");
        Files.writeString(jar, "second build, longer");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 1000));
        assertNotEquals(first, cache.archive(jar, "17.0.15"), "a rebuilt jar has its own archive");
        assertNotEquals(cache.archive(jar, "17.0.15"), cache.archive(jar, "21.0.2"), "another JVM has its own archive");
        assertTrue(first.getFileName().toString().startsWith("cds-") && first.getFileName().toString().endsWith(".jsa"));
    }

    @Test
    void aDirectoryOrArchiveOfAnotherUserOrWritableByOthersIsNotUsed() throws Exception {
        Path cacheDir = Files.createDirectory(dir.resolve("c"));
        assertTrue(ClassDataCache.at(cacheDir, uid).refusal().isEmpty());
        ClassDataCache foreign = ClassDataCache.at(cacheDir, uid + 1);
        assertTrue(foreign.refusal().orElseThrow().contains("not by this user"), foreign.refusal().toString());
        Path jar = Files.writeString(dir.resolve("linkbench.jar"), "jar");
        Path archive = foreign.archive(jar, "17");
        Files.writeString(archive, "planted");
        assertFalse(foreign.verified(archive));
        assertEquals(Optional.empty(), foreign.newClassList(jar, archive, 1234));

        Files.setPosixFilePermissions(cacheDir, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertTrue(ClassDataCache.at(cacheDir, uid).refusal().isEmpty(), "this user's own directory is made private");
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(cacheDir)));
        Files.setPosixFilePermissions(cacheDir, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertTrue(ClassDataCache.at(cacheDir, uid + 1).refusal().isPresent(), "another's is left as it is, and not used");
        assertEquals("rwxrwxrwx", PosixFilePermissions.toString(Files.getPosixFilePermissions(cacheDir)));
        Files.setPosixFilePermissions(cacheDir, PosixFilePermissions.fromString("rwx------"));

        ClassDataCache ours = ClassDataCache.at(cacheDir, uid);
        writeChecksum(archive);
        Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertTrue(ours.unsafe(archive).isPresent());
        assertFalse(ours.verified(archive), "an archive anybody could have written is not mapped");
    }

    @Test
    void withoutAHomeOnlyAPrivateDirectoryOfThisUserInTheTemporaryDirectoryIsUsed() throws Exception {
        Path sharedTmp = Files.createDirectory(dir.resolve("tmp"));
        Path planted = Files.createDirectory(dir.resolve("somewhere"));
        Files.createSymbolicLink(sharedTmp.resolve("linkbench-" + uid), planted);
        ClassDataCache linked = ClassDataCache.of(Map.of(), "?", sharedTmp.toString());
        assertTrue(linked.refusal().orElseThrow().contains("a symbolic link in the shared temporary directory"),
                linked.refusal().toString());
        Files.delete(sharedTmp.resolve("linkbench-" + uid));
        ClassDataCache fresh = ClassDataCache.of(Map.of(), "?", sharedTmp.toString());
        assertEquals(sharedTmp.resolve("linkbench-" + uid), fresh.dir());
        assertEquals(Optional.empty(), fresh.refusal());
    }

    @Test
    void aPrivateDirectoryIsMadeWhereThereIsNone() throws Exception {
        Path jar = Files.writeString(dir.resolve("linkbench.jar"), "jar");
        ClassDataCache cache = ClassDataCache.at(dir.resolve("tmp/linkbench-" + uid), uid);
        Path list = cache.newClassList(jar, cache.archive(jar, "17"), 4321).orElseThrow();
        assertTrue(list.getFileName().toString().endsWith("-4321.classes"), list.toString());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache.dir())));
    }

    @Test
    void aDamagedArchiveIsDeletedSoThatTheRunMakesItAgain() throws Exception {
        Path jar = Files.writeString(dir.resolve("linkbench.jar"), "jar");
        ClassDataCache cache = ClassDataCache.at(dir, uid);
        Path archive = cache.archive(jar, "17");
        byte[] bytes = new byte[1 << 20];
        new java.util.Random(1).nextBytes(bytes);
        Files.write(archive, bytes);
        assertFalse(cache.verified(archive), "an archive without its checksum (made by an older linkbench) is not trusted");
        assertFalse(Files.exists(archive), "and is gone, to be made again");

        Files.write(archive, bytes);
        Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("rw-------"));
        writeChecksum(archive);
        assertTrue(cache.verified(archive));
        bytes[500_000] ^= 1;
        Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("rw-------"));
        Files.write(archive, bytes);
        assertFalse(cache.verified(archive), "one byte changed");
        assertFalse(Files.exists(archive));
        assertTrue(cache.newClassList(jar, archive, 99).isPresent(), "this run lists its classes for a new one");
    }

    @Test
    void aFailedDumpIsNotTriedAgainAtEveryRun() throws Exception {
        Path jar = Files.writeString(dir.resolve("linkbench.jar"), "jar");
        ClassDataCache cache = ClassDataCache.at(dir, uid);
        Path archive = cache.archive(jar, "17");
        Path list = cache.newClassList(jar, archive, 77).orElseThrow();
        Files.writeString(list, "java/lang/Object\n");
        // the dump cannot write where it writes the archive, as on a full disk
        Path blocked = Files.createDirectory(archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + ".tmp"));
        Files.createFile(blocked.resolve("in the way"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        cache.make(jar, list, archive, new PrintStream(err, true, StandardCharsets.UTF_8));
        String said = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, said.lines().count(), said);
        assertTrue(said.startsWith("linkbench: the class-data archive could not be made"), said);
        assertFalse(Files.exists(archive));
        Files.delete(blocked.resolve("in the way"));
        Files.delete(list);
        assertEquals(Optional.empty(), cache.newClassList(jar, archive, 78), "no class list, no dump, for a day");
        Files.setLastModifiedTime(archive.resolveSibling(archive.getFileName() + ".failed"),
                FileTime.from(Instant.now().minus(ClassDataCache.RETRY_AFTER).minusSeconds(60)));
        assertTrue(cache.newClassList(jar, archive, 79).isPresent(), "tried again after a day");
    }

    @Test
    void aReadOnlyCacheIsDoneWithout() throws Exception {
        // a directory of this user that nobody may write in, root included: this process's /proc entry
        Path readOnly = Path.of("/proc/self").toRealPath();
        ClassDataCache cache = ClassDataCache.at(readOnly, uid);
        assertEquals(Optional.empty(), cache.refusal(), "owned by this user, writable by nobody else");
        Path jar = Files.writeString(dir.resolve("linkbench.jar"), "jar");
        assertEquals(Optional.empty(), cache.newClassList(jar, cache.archive(jar, "17"), 5), "no class list, so no JVM warning");
        cache.removeStale(); // nothing to remove, and no error
    }

    @Test
    void theFilesOfAKilledRunAreRemovedThoseOfARunningOneKept() throws Exception {
        long gone = deadPid();
        long alive = ProcessHandle.current().pid();
        Path stale = Files.createFile(dir.resolve("cds-0123456789abcdef-" + gone + ".classes"));
        Path staleFiltered = Files.createFile(dir.resolve("cds-0123456789abcdef-" + gone + ".classes.cds"));
        Path staleTmp = Files.createFile(dir.resolve("cds-0123456789abcdef-fedcba9876543210.jsa." + gone + ".tmp"));
        Path running = Files.createFile(dir.resolve("cds-0123456789abcdef-" + alive + ".classes"));
        Path archive = Files.createFile(dir.resolve("cds-0123456789abcdef-fedcba9876543210.jsa"));
        ClassDataCache.at(dir, uid).removeStale();
        assertFalse(Files.exists(stale));
        assertFalse(Files.exists(staleFiltered));
        assertFalse(Files.exists(staleTmp));
        assertTrue(Files.exists(running), "a running launcher's class list");
        assertTrue(Files.exists(archive));
    }

    /** The pid of a process that has ended (a short-lived child of this test). */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder(ReceivedSignal.SHELL, "-c", "exit 0").start();
        p.waitFor();
        return p.pid();
    }

    private static void writeChecksum(Path archive) throws Exception {
        Path sum = archive.resolveSibling(archive.getFileName() + ".crc32c");
        Files.writeString(sum, ClassDataCache.checksum(archive) + "\n");
        Files.setPosixFilePermissions(sum, PosixFilePermissions.fromString("r--r--r--"));
    }
}
