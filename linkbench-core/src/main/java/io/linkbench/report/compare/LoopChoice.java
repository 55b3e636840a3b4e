package io.linkbench.report.compare;

import io.linkbench.config.ConfigException;

/**
 * Which loop of a request phase run with {@code --loops} the main table shows: {@code last} (as published),
 * loop {@code N} (from 1), or {@code all} (one row per loop).
 *
 * @param number the loop from 1, or 0 for {@code last}, -1 for {@code all}
 */
public record LoopChoice(int number) {
    /** The last loop. */
    public static final LoopChoice LAST = new LoopChoice(0);
    /** Every loop. */
    public static final LoopChoice ALL = new LoopChoice(-1);

    /** {@code last}, {@code all} or a loop number from 1. */
    public static LoopChoice parse(String s) {
        if (s.equalsIgnoreCase("last")) {
            return LAST;
        }
        if (s.equalsIgnoreCase("all")) {
            return ALL;
        }
        try {
            int n = Integer.parseInt(s.strip());
            if (n >= 1) {
                return new LoopChoice(n);
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new ConfigException("--loop " + s + ": must be last, all or a loop number from 1");
    }

    @Override
    public String toString() {
        return number == 0 ? "last" : number < 0 ? "all" : Integer.toString(number);
    }
}
