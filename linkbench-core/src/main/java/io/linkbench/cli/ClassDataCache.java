package io.linkbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/**
 * The launcher's class-data archives (AppCDS): one per jar (as built) and JVM, made from the classes a
 * run loaded, in {@code $XDG_CACHE_HOME/linkbench}, {@code $HOME/.cache/linkbench}, or, with no home,
 * {@code linkbench-UID} in the temporary directory.
 *
 * <p>A file the JVM maps is trusted code, so nothing is used that this user did not make: the directory
 * and each file must be owned by this process's user and writable by nobody else, and an archive must
 * match the CRC-32C written beside it when it was made (a damaged archive crashes the JVM that maps it).
 * An archive that fails the check is deleted and made again; a cache that is read-only, or another
 * user's, is done without. A dump that failed (a full disk) is not tried again for {@link #RETRY_AFTER}
 * with the same jar and JVM, and files left by a run that was killed are removed.
 */
final class ClassDataCache {
    /** How long making the archive may take before it is given up. */
    private static final long DUMP_SECONDS = 300;
    /** How long a failed dump is remembered. */
    static final Duration RETRY_AFTER = Duration.ofDays(1);
    private static final Set<PosixFilePermission> OTHERS_WRITE = Set.of(PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.OTHERS_WRITE);
    /** The files a run makes on the way to an archive, named with the launcher's pid. */
    private static final Pattern TEMPORARY = Pattern.compile("cds-.*(?:-(\\d+)\\.classes(?:\\.cds)?|\\.(\\d+)\\.tmp)");

    private final Path dir;
    private final long uid;
    private final String refusal;

    private ClassDataCache(Path dir, long uid, String refusal) {
        this.dir = dir;
        this.uid = uid;
        this.refusal = refusal;
    }

    /** The cache of this process's user, or one that says why it cannot be used. */
    static ClassDataCache of(Map<String, String> env) {
        return of(env, System.getProperty("user.home"), System.getProperty("java.io.tmpdir", "/tmp"));
    }

    /** {@link #of(Map)} with the password file's home and the temporary directory given. */
    static ClassDataCache of(Map<String, String> env, String userHome, String tmpDir) {
        OptionalLong uid = effectiveUid();
        Path dir = directory(env, userHome, tmpDir, uid.orElse(-1));
        if (uid.isEmpty()) {
            return new ClassDataCache(dir, -1, "this process's user id is unknown (no /proc/self/status)");
        }
        if (Files.isSymbolicLink(dir) && dir.getParent().equals(Path.of(tmpDir))) {
            // anybody may have made it there, pointing at any directory of this user's
            return new ClassDataCache(dir, uid.getAsLong(), dir + ": a symbolic link in the shared temporary directory");
        }
        return at(dir, uid.getAsLong());
    }

    /**
     * The cache in {@code dir} for user {@code uid}, checked as far as it exists. A directory of this user
     * that others may write (made by an older linkbench under a umask of 002) is made private first: every
     * file in it is checked on its own as well.
     */
    static ClassDataCache at(Path dir, long uid) {
        ClassDataCache cache = new ClassDataCache(dir, uid, null);
        if (!Files.exists(dir)) {
            return cache;
        }
        try {
            Object owner = Files.getAttribute(dir, "unix:uid");
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir);
            if (owner instanceof Integer o && o == uid && perms.removeAll(OTHERS_WRITE)) {
                Files.setPosixFilePermissions(dir, perms);
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // checked below
        }
        return cache.checked(dir, true);
    }

    /**
     * {@code $XDG_CACHE_HOME/linkbench}, {@code $HOME/.cache/linkbench}, {@code user.home}'s (the
     * password file's home, when HOME is not set), else {@code linkbench-UID} in {@code tmpDir}; only
     * absolute paths count, as the XDG specification says.
     */
    static Path directory(Map<String, String> env, String userHome, String tmpDir, long uid) {
        for (String[] candidate : new String[][] {{env.get("XDG_CACHE_HOME"), "linkbench"},
                {env.get("HOME"), ".cache/linkbench"}, {userHome, ".cache/linkbench"}}) {
            String base = candidate[0];
            if (base != null && !base.isBlank() && Path.of(base).isAbsolute()) {
                return Path.of(base).resolve(candidate[1]);
            }
        }
        return Path.of(tmpDir, "linkbench-" + uid);
    }

    Path dir() {
        return dir;
    }

    /** Why this cache is not used, if it is not. */
    Optional<String> refusal() {
        return Optional.ofNullable(refusal);
    }

    /** The archive for {@code jar} (as it is now) and this JVM ({@code javaVersion} and java.home). */
    Path archive(Path jar, String javaVersion) throws IOException {
        return dir.resolve(jarPrefix(jar) + "-" + hash(Files.size(jar) + "/" + Files.getLastModifiedTime(jar).toMillis()
                + "/" + javaVersion + "/" + System.getProperty("java.home", "")) + ".jsa");
    }

    /** The part of an archive's name that names the jar's path: older archives of this jar share it. */
    private static String jarPrefix(Path jar) {
        return "cds-" + hash(jar.toString());
    }

    private static Path checksumOf(Path archive) {
        return archive.resolveSibling(archive.getFileName() + ".crc32c");
    }

    private static Path failureOf(Path archive) {
        return archive.resolveSibling(archive.getFileName() + ".failed");
    }

    /**
     * True when {@code archive} is there, this user's, writable by nobody else and as it was made (its
     * CRC-32C); one that is there but fails is deleted, so that this run makes it again.
     */
    boolean verified(Path archive) {
        if (refusal != null || !Files.isRegularFile(archive)) {
            return false;
        }
        try {
            if (unsafe(archive).isEmpty() && unsafe(checksumOf(archive)).isEmpty()
                    && Files.readString(checksumOf(archive), StandardCharsets.US_ASCII).strip().equals(checksum(archive))) {
                return true;
            }
        } catch (IOException | RuntimeException e) {
            // no checksum, or unreadable: as damaged
        }
        try {
            Files.deleteIfExists(archive);
            Files.deleteIfExists(checksumOf(archive));
        } catch (IOException e) {
            // not ours to delete: the run goes without it, and the dump's move fails in one line
        }
        return false;
    }

    /** "crc32c HEX size N" of a file. */
    static String checksum(Path file) throws IOException {
        CRC32C crc = new CRC32C();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            for (long at = 0; at < size; at += Integer.MAX_VALUE) {
                crc.update(ch.map(FileChannel.MapMode.READ_ONLY, at, Math.min(Integer.MAX_VALUE, size - at)));
            }
            return String.format(Locale.ROOT, "crc32c %08x size %d", crc.getValue(), size);
        }
    }

    /**
     * A new, empty class list for the launcher with {@code pid} to fill, or empty when the cache cannot
     * take one (read-only, full, another user's) or the last dump for {@code archive} failed lately.
     */
    Optional<Path> newClassList(Path jar, Path archive, long pid) {
        if (refusal != null || failedLately(archive)) {
            return Optional.empty();
        }
        try {
            if (!Files.exists(dir)) {
                Files.createDirectories(dir.getParent());
                try {
                    Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } catch (FileAlreadyExistsException e) {
                    // made at the same moment: checked below
                }
                if (checked(dir, true).refusal != null) {
                    return Optional.empty();
                }
            }
            return Optional.of(Files.createFile(dir.resolve(jarPrefix(jar) + "-" + pid + ".classes")));
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty(); // a read-only or full cache: runs go without an archive
        }
    }

    private boolean failedLately(Path archive) {
        try {
            return Instant.now().isBefore(Files.getLastModifiedTime(failureOf(archive)).toInstant().plus(RETRY_AFTER));
        } catch (IOException e) {
            return false; // no failure recorded
        }
    }

    /** Deletes the class lists and half-made archives of launchers that are gone (killed mid-way). */
    void removeStale() {
        if (refusal != null || !Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "cds-*")) {
            for (Path p : files) {
                Matcher m = TEMPORARY.matcher(p.getFileName().toString());
                if (m.matches()) {
                    long pid = Long.parseLong(m.group(1) != null ? m.group(1) : m.group(2));
                    if (ProcessHandle.of(pid).isEmpty()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            // a read-only cache, or a name of another kind: left as it is
        }
    }

    /**
     * Makes {@code archive} from the classes the run loaded: a static AppCDS dump, in its own JVM, bounded
     * by {@link #DUMP_SECONDS}, then its checksum. The JDK 17 dump fails on the lambda proxy entries of a
     * class list, so they are left out (lambdas are then made at run time, as without an archive). A
     * failure is one line, and is remembered for {@link #RETRY_AFTER}.
     */
    void make(Path jar, Path classList, Path archive, PrintStream err) throws InterruptedException {
        long pid = ProcessHandle.current().pid();
        Path filtered = classList.resolveSibling(classList.getFileName() + ".cds");
        Path tmp = archive.resolveSibling(archive.getFileName() + "." + pid + ".tmp");
        Path sumTmp = checksumOf(archive).resolveSibling(checksumOf(archive).getFileName() + "." + pid + ".tmp");
        long t0 = System.nanoTime();
        try {
            if (!Files.isRegularFile(classList) || Files.size(classList) == 0) {
                return;
            }
            List<String> classes = new ArrayList<>();
            for (String line : Files.readAllLines(classList, StandardCharsets.UTF_8)) {
                if (!line.startsWith("@lambda-proxy")) {
                    classes.add(line);
                }
            }
            Files.write(filtered, classes, StandardCharsets.UTF_8);
            ProcessBuilder pb = new ProcessBuilder(JvmLauncher.javaCommand(), "-Xshare:dump",
                    "-XX:SharedClassListFile=" + filtered, "-XX:SharedArchiveFile=" + tmp, "-cp", jar.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            JvmLauncher.withoutOptionVariables(pb.environment());
            Process dump = pb.start();
            if (!dump.waitFor(DUMP_SECONDS, TimeUnit.SECONDS)) {
                dump.destroyForcibly();
                failed(archive, err, "took over " + DUMP_SECONDS + " s to make: given up");
                return;
            }
            if (dump.exitValue() != 0 || !Files.isRegularFile(tmp)) {
                failed(archive, err, "could not be made (java -Xshare:dump exited " + dump.exitValue() + ")");
                return;
            }
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("r--r--r--"));
            Files.writeString(sumTmp, checksum(tmp) + "\n", StandardCharsets.US_ASCII);
            Files.setPosixFilePermissions(sumTmp, PosixFilePermissions.fromString("r--r--r--")); // whatever the umask
            removeOlder(jar, archive);
            move(sumTmp, checksumOf(archive));
            move(tmp, archive);
            Files.deleteIfExists(failureOf(archive));
            err.printf(Locale.ROOT, "linkbench: made the class-data archive for faster start-ups, once per jar"
                    + " and JVM (%.1f s): %s%n", (System.nanoTime() - t0) / 1e9, archive);
        } catch (IOException e) { // a full disk, most likely
            failed(archive, err, "could not be made (" + e.getMessage() + ")");
        } finally {
            delete(filtered);
            delete(tmp);
            delete(sumTmp);
        }
    }

    /** Deletes a file of ours if it is there; one that cannot be is left for {@link #removeStale()}. */
    static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // left behind: removed as stale by a later run
        }
    }

    /** Says so in one line and remembers it, so the next runs do not pay for the same failure. */
    private static void failed(Path archive, PrintStream err, String what) {
        err.println("linkbench: the class-data archive " + what + "; runs start without it, the next try in "
                + RETRY_AFTER.toHours() + " h or with another build of the jar");
        try {
            Files.deleteIfExists(failureOf(archive));
            Files.writeString(failureOf(archive), what + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            // not even an empty file fits: the next run tries again
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes this jar's archives (and their checksums and failures) of earlier builds or JVMs. */
    private void removeOlder(Path jar, Path keep) throws IOException {
        try (DirectoryStream<Path> old = Files.newDirectoryStream(dir, jarPrefix(jar) + "-*.jsa*")) {
            for (Path p : old) {
                String name = p.getFileName().toString();
                if (!name.startsWith(keep.getFileName().toString()) && !TEMPORARY.matcher(name).matches()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** This cache, or one refused for what is wrong with {@code path}. */
    private ClassDataCache checked(Path path, boolean directory) {
        Optional<String> problem = directory && !Files.isDirectory(path) ? Optional.of("not a directory") : unsafe(path);
        return problem.isEmpty() ? this : new ClassDataCache(dir, uid, path + ": " + problem.get());
    }

    /** What makes {@code path} unfit to hold code this user runs: another owner, or others may write it. */
    Optional<String> unsafe(Path path) {
        try {
            Object owner = Files.getAttribute(path, "unix:uid");
            if (!(owner instanceof Integer o) || o != uid) {
                return Optional.of("owned by uid " + owner + ", not by this user (uid " + uid + ")");
            }
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(path);
            if (perms.stream().anyMatch(OTHERS_WRITE::contains)) {
                return Optional.of("writable by others (" + PosixFilePermissions.toString(perms) + ")");
            }
            return Optional.empty();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.of("owner and mode unknown (" + e.getMessage() + ")");
        }
    }

    /** This process's effective user id, from /proc/self/status. */
    static OptionalLong effectiveUid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("Uid:")) {
                    return OptionalLong.of(Long.parseLong(line.substring(4).trim().split("\\s+")[1]));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return OptionalLong.empty();
    }

    private static String hash(String text) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
