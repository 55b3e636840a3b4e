package io.linkbench.config;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/** Rejects keys nobody declared, suggesting the closest declared key (by edit distance). */
public final class KeyCheck {
    private KeyCheck() {
    }

    /** Throws a ConfigException for the first given key that is not declared. */
    public static void rejectUnknown(Collection<String> given, Collection<Setting> declared) {
        Set<String> known = new HashSet<>();
        for (Setting s : declared) {
            known.add(s.key());
        }
        for (String key : given) {
            if (!known.contains(key)) {
                String closest = closest(key, known);
                throw new ConfigException("unknown key '" + MessageText.value(key) + "'"
                        + (closest == null ? "" : ": did you mean '" + closest + "'?")
                        + " (java -jar linkbench.jar --list-keys shows every key)");
            }
        }
    }

    /** The known key nearest to {@code key}, or null when none is reasonably close. */
    static String closest(String key, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(key.toLowerCase(java.util.Locale.ROOT), k);
            if (d < bestDistance || (d == bestDistance && best != null && k.compareTo(best) < 0)) {
                best = k;
                bestDistance = d;
            }
        }
        return best != null && bestDistance <= Math.max(2, key.length() / 2) ? best : null;
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
