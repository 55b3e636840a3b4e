package io.linkbench.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The one way linkbench reads a file a user names: a {@code -c} file, {@code password_file},
 * {@code nlinks_file}, a plug-in jar, a run's {@code result.json}. Only a regular file is opened (a
 * device such as {@code /dev/zero} never ends, a pipe blocks until someone writes to it, a directory is
 * a mistake), it must not be larger than the limit its caller gives, and it is read with that bound, so a
 * file that grows while it is read is cut off rather than filling the heap. Every refusal is one
 * {@link ConfigException} line naming the file as the user gave it and what is allowed.
 *
 * <pre>{@code
 * String text = BoundedFile.text(path, "nlinks_file=" + path, 16 * BoundedFile.MIB, "a degree CDF file");
 * }</pre>
 */
public final class BoundedFile {
    /** 1024 bytes. */
    public static final long KIB = 1024;
    /** 1024 KiB. */
    public static final long MIB = KIB * KIB;

    private BoundedFile() {
    }

    /**
     * Checks that {@code file} is a regular file of at most {@code maxBytes}, without opening it.
     *
     * @param name     how the message names the file, e.g. {@code password_file=/run/pw} or {@code -c f.properties}
     * @param expected what a good file is, e.g. {@code a properties file}
     * @return its size in bytes
     * @throws ConfigException (one line) when it is missing, not a regular file, larger or unreadable
     */
    public static long check(Path file, String name, long maxBytes, String expected) {
        try {
            if (!Files.exists(file)) {
                throw new ConfigException(name + ": no such file");
            }
            if (!Files.isRegularFile(file)) {
                throw new ConfigException(name + ": not a regular file (a directory, device or pipe); give " + expected);
            }
            long size = Files.size(file);
            if (size > maxBytes) {
                throw tooLarge(name, size, maxBytes, expected);
            }
            return size;
        } catch (IOException e) {
            throw unreadable(name, e);
        }
    }

    /**
     * The bytes of a regular file of at most {@code maxBytes} ({@link #check}).
     *
     * @throws ConfigException (one line) when it cannot be used
     */
    public static byte[] bytes(Path file, String name, long maxBytes, String expected) {
        check(file, name, maxBytes, expected);
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
        } catch (NoSuchFileException e) {
            throw new ConfigException(name + ": no such file");
        } catch (IOException e) {
            throw unreadable(name, e);
        }
        if (bytes.length > maxBytes) { // it grew after the check
            throw tooLarge(name, -1, maxBytes, expected);
        }
        return bytes;
    }

    /**
     * The UTF-8 text of a regular file of at most {@code maxBytes} ({@link #check}), without the byte order mark
     * an editor may have put first.
     *
     * @throws ConfigException (one line) when it cannot be used or is not UTF-8
     */
    public static String text(Path file, String name, long maxBytes, String expected) {
        byte[] bytes = bytes(file, name, maxBytes, expected);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ConfigException(name + ": not UTF-8 text (a binary file?); give " + expected);
        }
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** {@link #text} of the file a key names, the message naming {@code key=value}; an unusable path is refused too. */
    public static String text(String key, String value, long maxBytes, String expected) {
        return text(path(key, value), key + "=" + value, maxBytes, expected);
    }

    /** The path a key's value names; a value that is no path is a one-line refusal. */
    public static Path path(String key, String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw ConfigException.badValue(key, value, "not a usable path (" + e.getReason() + ")");
        }
    }

    /** A size as the messages give it: bytes, KiB, MiB or GiB. */
    static String size(long bytes) {
        if (bytes < KIB) {
            return bytes + " bytes";
        }
        if (bytes < MIB) {
            return bytes / KIB + " KiB";
        }
        if (bytes < 1024 * MIB) {
            return bytes / MIB + " MiB";
        }
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1024 * MIB));
    }

    /** "larger than 1 MiB (4.0 GiB); give ..."; {@code size} -1 when unknown (the file grew while read). */
    private static ConfigException tooLarge(String name, long size, long maxBytes, String expected) {
        return new ConfigException(name + ": larger than " + size(maxBytes) + (size < 0 ? "" : " (" + size(size) + ")")
                + "; give " + expected + " of at most " + size(maxBytes));
    }

    private static ConfigException unreadable(String name, IOException e) {
        String why = e instanceof AccessDeniedException ? "permission denied"
                : e.getClass().getSimpleName().replace("Exception", "").toLowerCase(Locale.ROOT);
        return new ConfigException(name + ": cannot be read (" + why + ")");
    }
}
