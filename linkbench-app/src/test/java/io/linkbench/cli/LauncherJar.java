package io.linkbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * A {@code linkbench.jar} that {@code java -jar} runs as the real one (the launcher relaunches only the jar
 * its own classes came from), made from this test JVM's class path: the entry that holds the command line
 * becomes the jar, with {@code Main} as its main class and every other entry beside it as a jar named in
 * its {@code Class-Path} (class directories packed, since a class-data archive takes jars only).
 */
final class LauncherJar {
    private LauncherJar() {
    }

    /** Makes {@code dir/linkbench.jar} and the jars it names; returns its path. */
    static Path make(Path dir) throws IOException {
        List<String> classPath = new ArrayList<>();
        Path main = null;
        int n = 0;
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (!Files.exists(p)) {
                continue;
            }
            if (holdsLauncher(p)) {
                main = p;
                continue;
            }
            String name = "cp-" + (n++) + ".jar";
            if (Files.isDirectory(p)) {
                pack(p, dir.resolve(name), new Manifest());
            } else {
                Files.copy(p, dir.resolve(name));
            }
            classPath.add(name);
        }
        if (main == null) {
            throw new IllegalStateException("no entry of the class path holds io.linkbench.cli.JvmLauncher");
        }
        Manifest manifest = new Manifest();
        Attributes a = manifest.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        a.put(Attributes.Name.CLASS_PATH, String.join(" ", classPath));
        a.putValue("Enable-Native-Access", "ALL-UNNAMED");
        Path jar = dir.resolve("linkbench.jar");
        if (Files.isDirectory(main)) {
            pack(main, jar, manifest);
        } else {
            repack(main, jar, manifest);
        }
        return jar;
    }

    private static boolean holdsLauncher(Path entry) throws IOException {
        String cls = "io/linkbench/cli/JvmLauncher.class";
        if (Files.isDirectory(entry)) {
            return Files.isRegularFile(entry.resolve(cls));
        }
        try (JarFile jar = new JarFile(entry.toFile())) {
            return jar.getEntry(cls) != null;
        }
    }

    private static void pack(Path classes, Path jar, Manifest manifest) throws IOException {
        try (JarOutputStream out = open(jar, manifest); Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                String name = classes.relativize(f).toString().replace('\\', '/');
                if (!name.equals("META-INF/MANIFEST.MF")) {
                    out.putNextEntry(new JarEntry(name));
                    Files.copy(f, out);
                    out.closeEntry();
                }
            }
        }
    }

    private static void repack(Path source, Path jar, Manifest manifest) throws IOException {
        try (JarFile in = new JarFile(source.toFile()); JarOutputStream out = open(jar, manifest)) {
            for (JarEntry e : (Iterable<JarEntry>) in.stream()::iterator) {
                if (!e.isDirectory() && !e.getName().equals("META-INF/MANIFEST.MF")) {
                    out.putNextEntry(new JarEntry(e.getName()));
                    try (InputStream is = in.getInputStream(e)) {
                        is.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
        }
    }

    private static JarOutputStream open(Path jar, Manifest manifest) throws IOException {
        OutputStream os = Files.newOutputStream(jar);
        return manifest.getMainAttributes().isEmpty() ? new JarOutputStream(os) : new JarOutputStream(os, manifest);
    }
}
