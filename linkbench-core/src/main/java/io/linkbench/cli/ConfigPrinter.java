package io.linkbench.cli;

import io.linkbench.config.MessageText;
import io.linkbench.config.Setting;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * {@code --print-config}: every key of the core and of the chosen store with the value a run would
 * use, one {@code key = value} per line. A value translated or converted from an original LinkBench
 * file has a comment line above it that says from what; secrets are shown as {@code (secret)}, and a
 * secret inside another value (a password among URL options) as {@code ***}. Apart from the secrets, the output is a properties file linkbench reads as it is.
 * The store's keys are checked first as a run checks them ({@link io.linkbench.store.StoreProvider#check}),
 * so a value a run refuses is refused here too (exit 2, one line naming the key).
 */
final class ConfigPrinter {
    private ConfigPrinter() {
    }

    static void print(ConfigLoader.Loaded cfg, PrintStream out) {
        cfg.provider().check(cfg.settings());
        out.println("# linkbench " + Main.version() + ": the effective configuration (-c files, -D, defaults), store = "
                + cfg.provider().name());
        for (String remark : cfg.remarks()) {
            out.println("# " + MessageText.line(remark));
        }
        List<Setting> declared = cfg.declared();
        int firstStoreKey = declared.size() - cfg.provider().settings().size();
        out.println();
        out.println("# core keys");
        for (int i = 0; i < declared.size(); i++) {
            Setting s = declared.get(i);
            if (i == firstStoreKey) {
                out.println();
                out.println("# store = " + cfg.provider().name() + " keys");
            }
            String note = cfg.notes().get(s.key());
            if (note != null) {
                out.println("# " + MessageText.line(note));
            }
            out.println(s.key() + " = " + shown(s, cfg.settings().asMap().getOrDefault(s.key(), "")));
        }
    }

    /**
     * The value, or {@code (secret)} for a secret that is set, with the secrets inside any other value
     * hidden (the rules of Settings.redacted).
     */
    private static String shown(Setting s, String value) {
        boolean secret = s.secret() || MessageText.looksSecret(s.key()) && !s.key().toLowerCase(Locale.ROOT).endsWith("_file");
        return secret && !value.isBlank() ? "(secret)" : MessageText.redactValue(value);
    }
}
