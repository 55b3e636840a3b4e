package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Store plug-ins from jars in a directory: a provider compiled here, outside the class path. */
class PluginJarsTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String env, String... args) {
        return Main.runWithPlugins(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env, args);
    }

    /** A jar in {@code dir} with a provider named {@code name} (opening a memory store), registered. */
    private Path pluginJar(Path dir, String name) throws IOException {
        Path src = Files.createDirectories(tmp.resolve("src-" + name).resolve("plug"));
        Files.writeString(src.resolve("Provider.java"), """
                package plug;
                public final class Provider implements io.linkbench.store.StoreProvider {
                    public String name() { return "%s"; }
                    public String description() { return "a plug-in for the test"; }
                    public java.util.List<io.linkbench.config.Setting> settings() {
                        return java.util.List.of(io.linkbench.config.Setting.of("plug_size", "3", "a key of the plug-in"));
                    }
                    public io.linkbench.store.GraphStore open(io.linkbench.store.StoreContext c) {
                        return new io.linkbench.store.memory.MemoryStoreProvider().open(c);
                    }
                }
                """.formatted(name));
        Path classes = Files.createDirectories(tmp.resolve("classes-" + name));
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path"), src.resolve("Provider.java").toString());
        assertEquals(0, rc, "javac");
        Files.createDirectories(dir);
        Path jar = dir.resolve("plug-" + name + ".jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(file)) {
            j.putNextEntry(new JarEntry("plug/Provider.class"));
            j.write(Files.readAllBytes(classes.resolve("plug/Provider.class")));
            j.putNextEntry(new JarEntry("META-INF/services/io.linkbench.store.StoreProvider"));
            j.write("plug.Provider\n".getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    @Test
    void aPluginJarInTheGivenDirectoryAddsItsStoreAndKeys() throws Exception {
        Path dir = tmp.resolve("plugins");
        pluginJar(dir, "tiny");
        assertEquals(0, run(null, "--plugins", dir.toString(), "--list-keys"), err.toString());
        assertTrue(out.toString().contains("# store = tiny: a plug-in for the test"), out.toString());
        assertTrue(out.toString().contains("plug_size"), out.toString());
    }

    @Test
    void thePluginStoreRunsALoadAndARequestPhase() throws Exception {
        Path dir = tmp.resolve("plugins");
        pluginJar(dir, "tiny");
        int code = run(dir.toString(), "-D", "store=tiny", "-D", "plug_size=4", "-D", "maxid1=201", "-D", "maxtime=1",
                "-l", "-r", "--results", tmp.resolve("results").toString());
        assertEquals(0, code, err.toString());
    }

    @Test
    void withoutTheDirectoryTheStoreIsUnknown() {
        assertEquals(2, run(null, "-D", "store=tiny", "--print-config"));
        assertTrue(err.toString().startsWith("linkbench: store=tiny: must be one of"), err.toString());
    }

    @Test
    void aPluginNamedLikeABundledStoreIsOneLineOfBadInput() throws Exception {
        Path dir = tmp.resolve("plugins");
        pluginJar(dir, "memory");
        assertEquals(2, run(null, "--plugins=" + dir, "--list-keys"));
        List<String> lines = err.toString().lines().toList();
        assertEquals(1, lines.size(), err.toString());
        assertTrue(lines.get(0).startsWith("linkbench: store plug-in plug.Provider (plug-memory.jar) is named 'memory',"
                + " like the bundled store"), lines.get(0));
    }

    @Test
    void aMissingPluginDirectoryIsBadInput() {
        assertEquals(2, run(null, "--plugins", tmp.resolve("nope").toString(), "--list-keys"));
        assertEquals("linkbench: --plugins " + tmp.resolve("nope") + ": no such directory", err.toString().strip());
        err.reset();
        assertEquals(2, run(tmp.resolve("gone").toString(), "--list-keys"));
        assertTrue(err.toString().startsWith("linkbench: LINKBENCH_PLUGINS="), err.toString());
    }

    @Test
    void aCorruptJarIsOneLineOfBadInputNotSkippedSilently() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("plugins"));
        pluginJar(dir, "tiny");
        Files.write(dir.resolve("broken.jar"), new byte[] {'P', 'K', 3, 4, 1, 2, 3});
        assertEquals(2, run(null, "--plugins", dir.toString(), "--list-keys"));
        String line = err.toString().strip();
        assertTrue(line.startsWith("linkbench: --plugins " + dir + ": broken.jar is not a readable jar ("), line);
        assertTrue(line.endsWith("); remove or replace it"), line);
        assertEquals(1, line.lines().count(), line);
    }
}
