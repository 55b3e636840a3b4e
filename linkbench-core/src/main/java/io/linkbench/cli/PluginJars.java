package io.linkbench.cli;

import io.linkbench.config.BoundedFile;
import io.linkbench.config.ConfigException;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Store plug-ins from their own jars: every {@code *.jar} in {@code ./plugins}, in the directory of
 * {@code LINKBENCH_PLUGINS} and in the one given with {@code --plugins DIR}, loaded by one class loader
 * above the bundled stores, whose {@link StoreProvider}s join the bundled ones. A plug-in provider
 * whose name is taken (by a bundled store or another plug-in) is bad input, and so is a {@code *.jar} that is
 * not a regular file of at most {@link #JAR_MAX} bytes ({@link BoundedFile}) or not a readable jar.
 */
final class PluginJars implements AutoCloseable {
    static final String OPTION = "--plugins";
    static final Path DEFAULT_DIR = Path.of("plugins");
    /** The largest plug-in jar opened: a store with its driver and their dependencies is tens of MiB. */
    static final long JAR_MAX = 1024 * BoundedFile.MIB;

    private final URLClassLoader loader;
    private final StoreProviders providers;

    private PluginJars(URLClassLoader loader, StoreProviders providers) {
        this.loader = loader;
        this.providers = providers;
    }

    /**
     * Scans the directories: {@code defaultDir} when it exists, {@code envDir} (may be null or empty)
     * and the value of {@code --plugins} in {@code args}, which must exist.
     */
    static PluginJars open(String[] args, String envDir, Path defaultDir) {
        List<Path> dirs = new ArrayList<>();
        if (Files.isDirectory(defaultDir)) {
            dirs.add(defaultDir);
        }
        if (envDir != null && !envDir.isEmpty()) {
            dirs.add(existing(Path.of(envDir), "LINKBENCH_PLUGINS=" + envDir));
        }
        String given = optionValue(args);
        if (given != null) {
            dirs.add(existing(Path.of(given), OPTION + " " + given));
        }
        List<URL> jars = new ArrayList<>();
        for (Path dir : dirs) {
            jars.addAll(jarsIn(dir, dir.equals(defaultDir) ? "plug-in directory " + dir
                    : given != null && dir.equals(Path.of(given)) ? OPTION + " " + given : "LINKBENCH_PLUGINS=" + envDir));
        }
        if (jars.isEmpty()) {
            return new PluginJars(null, StoreProviders.discover());
        }
        URLClassLoader loader = new URLClassLoader(jars.toArray(URL[]::new), PluginJars.class.getClassLoader());
        try {
            return new PluginJars(loader, providers(loader));
        } catch (RuntimeException | java.util.ServiceConfigurationError e) {
            closeQuietly(loader);
            if (e instanceof ConfigException ce) {
                throw ce;
            }
            throw new ConfigException("a store plug-in could not be loaded: " + e.getMessage());
        }
    }

    /** The bundled providers and those of the plug-in jars, each name once. */
    private static StoreProviders providers(URLClassLoader loader) {
        Map<String, StoreProvider> byName = new HashMap<>();
        for (StoreProvider p : StoreProviders.discover().all()) {
            byName.put(p.name(), p);
        }
        List<StoreProvider> all = new ArrayList<>(byName.values());
        for (StoreProvider p : ServiceLoader.load(StoreProvider.class, loader)) {
            if (p.getClass().getClassLoader() != loader) {
                continue; // a bundled provider, seen through the parent
            }
            StoreProvider taken = byName.putIfAbsent(p.name(), p);
            if (taken != null) {
                throw new ConfigException("store plug-in " + origin(p) + " is named '" + p.name()
                        + "', like the " + (taken.getClass().getClassLoader() == loader ? "plug-in " + origin(taken)
                        : "bundled store") + ": remove one of them");
            }
            all.add(p);
        }
        return StoreProviders.of(all.toArray(StoreProvider[]::new));
    }

    private static String origin(StoreProvider p) {
        var source = p.getClass().getProtectionDomain().getCodeSource();
        String where = source == null ? "?" : Path.of(source.getLocation().getPath()).getFileName().toString();
        return p.getClass().getName() + " (" + where + ")";
    }

    /** The value of the last {@code --plugins DIR} or {@code --plugins=DIR}, or null. */
    static String optionValue(String[] args) {
        String value = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals(OPTION) && i + 1 < args.length) {
                value = args[++i];
            } else if (args[i].startsWith(OPTION + "=")) {
                value = args[i].substring(OPTION.length() + 1);
            }
        }
        return value;
    }

    private static Path existing(Path dir, String what) {
        if (!Files.isDirectory(dir)) {
            throw new ConfigException(what + ": no such directory");
        }
        return dir;
    }

    /** The jars of {@code dir}, each checked to be a readable jar ({@code what} names the directory's origin). */
    private static List<URL> jarsIn(Path dir, String what) {
        try (Stream<Path> files = Files.list(dir)) {
            List<URL> urls = new ArrayList<>();
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList()) {
                // a pipe named *.jar would block the open, a device never end: a regular file of a jar's size only
                BoundedFile.check(f, what + ": " + f.getFileName(), JAR_MAX, "a store plug-in jar (or remove it)");
                try (JarFile jar = new JarFile(f.toFile())) {
                    jar.getManifest(); // reads the central directory: a truncated or corrupt jar fails here
                } catch (IOException e) {
                    throw new ConfigException(what + ": " + f.getFileName() + " is not a readable jar ("
                            + e.getMessage() + "); remove or replace it");
                }
                urls.add(f.toUri().toURL());
            }
            return urls;
        } catch (IOException e) {
            throw new ConfigException("plug-in directory " + dir + ": " + e.getMessage());
        }
    }

    StoreProviders providers() {
        return providers;
    }

    @Override
    public void close() {
        if (loader != null) {
            closeQuietly(loader);
        }
    }

    private static void closeQuietly(URLClassLoader loader) {
        try {
            loader.close();
        } catch (IOException ignored) {
            // the jars stay open until the JVM exits; nothing else depends on it
        }
    }
}
