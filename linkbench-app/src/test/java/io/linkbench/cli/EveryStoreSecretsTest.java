package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every bundled store's every key: a secret inside its value (URL options, a URL's user:password@)
 * shows neither in the settings a result records nor in {@code --print-config}.
 */
class EveryStoreSecretsTest {
    private static final String VALUE = "ssl=true&password=Pw-Secret-81&token=Tok-Secret-82";
    private static final String URL = "mongodb://bench:Url-Secret-83@db1:27017/x";
    private static final List<String> SECRETS = List.of("Pw-Secret-81", "Tok-Secret-82", "Url-Secret-83");

    private static void assertHidden(String where, String text) {
        for (String secret : SECRETS) {
            assertFalse(text.contains(secret), secret + " in " + where + ": " + text);
        }
    }

    @Test
    void noKeyOfAnyStoreShowsASecretInsideItsValue() {
        List<StoreProvider> all = StoreProviders.discover().all();
        assertTrue(all.size() >= 5, "the bundled stores: " + all);
        for (StoreProvider p : all) {
            for (Setting s : p.settings()) {
                for (String value : List.of(VALUE, URL)) {
                    Map<String, String> redacted = new Settings(Map.of(s.key(), value)).redacted(p.settings());
                    assertHidden(p.name() + " key " + s.key() + " in the result's configuration", redacted.toString());
                }
            }
        }
    }

    /**
     * {@code user:password@} without a scheme, in {@code hosts}, {@code host} or {@code socket} of every store that
     * has the key: the password shows neither in {@code --print-config}, nor in the error line of a run, nor in
     * any file the run writes.
     */
    @Test
    void aPasswordBeforeAHostOrASocketShowsNowhere(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws java.io.IOException {
        String secret = "Hunter2xyz";
        Map<String, String> values = Map.of("hosts", "lb:" + secret + "@127.0.0.1:3399", "host", "lb:" + secret
                + "@127.0.0.1", "socket", "lb:" + secret + "@" + tmp.resolve("no.sock"));
        int tried = 0;
        for (StoreProvider p : StoreProviders.discover().all()) {
            for (Setting s : p.settings()) {
                String value = values.get(s.key());
                if (value == null) {
                    continue;
                }
                tried++;
                java.nio.file.Path results = tmp.resolve(p.name() + "-" + s.key());
                for (List<String> args : List.of(List.of("--print-config"), List.of("-D", "maxid1=11", "-D",
                        "connect_timeout=2", "-l", "--results", results.toString()))) {
                    List<String> all = new ArrayList<>(List.of("-D", "store=" + p.name(), "-D", s.key() + "=" + value));
                    all.addAll(args);
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    ByteArrayOutputStream err = new ByteArrayOutputStream();
                    int code = Main.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                            new PrintStream(err, true, StandardCharsets.UTF_8), StoreProviders.discover(),
                            all.toArray(String[]::new));
                    String where = p.name() + " " + String.join(" ", all);
                    String text = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
                    assertFalse(text.contains(secret), where + ": " + text);
                    assertTrue(code != 0 || text.contains("lb:***@"), where + ": the value is shown masked: " + text);
                }
                if (java.nio.file.Files.isDirectory(results)) {
                    try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(results)) {
                        for (java.nio.file.Path f : files.filter(java.nio.file.Files::isRegularFile).toList()) {
                            assertFalse(java.nio.file.Files.readString(f, StandardCharsets.ISO_8859_1).contains(secret),
                                    p.name() + " " + s.key() + ": " + f);
                        }
                    }
                }
            }
        }
        assertTrue(tried >= 4, "hosts, host and socket of the stores: " + tried);
    }

    @Test
    void printConfigShowsNoSecretInsideAnyStoreValue() {
        for (StoreProvider p : StoreProviders.discover().all()) {
            List<String> args = new ArrayList<>(List.of("-D", "store=" + p.name()));
            for (Setting s : p.settings()) {
                if (s.key().equals("password_file") || s.key().equals("data_dir")) {
                    continue; // read as a file or a directory by some stores
                }
                args.add("-D");
                args.add(s.key() + "=" + (s.key().contains("url") && !s.key().contains("options") ? URL : VALUE));
            }
            args.add("--print-config");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Main.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                    StoreProviders.discover(), args.toArray(String[]::new));
            assertHidden(p.name() + " --print-config", out.toString(StandardCharsets.UTF_8));
            assertHidden(p.name() + " --print-config errors", err.toString(StandardCharsets.UTF_8));
        }
    }
}
