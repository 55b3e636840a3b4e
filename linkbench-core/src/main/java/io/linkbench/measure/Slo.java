package io.linkbench.measure;

import io.linkbench.config.ConfigException;
import io.linkbench.config.MessageText;
import io.linkbench.workload.Op;
import io.linkbench.workload.tao.RequestKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --slo}: latency conditions a step must meet, e.g. {@code p99 < 5ms} (every operation together)
 * or {@code p99(GET_LINKS_LIST) < 5ms, p99.9(UPDATE_LINK) < 20ms}. Latency is {@link StepLatency}'s.
 *
 * @param conditions all must hold
 */
public record Slo(List<Condition> conditions) {
    private static final Pattern CONDITION = Pattern.compile(
            "p([0-9]+(?:\\.[0-9]+)?)(?:\\(([A-Z_]+)\\))?\\s*<\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(us|ms|s)");
    private static final String ALLOWED = "expected conditions like 'p99 < 5ms' or 'p99(GET_LINKS_LIST) < 5ms,"
            + " p99.9(UPDATE_LINK) < 20ms' (a percentile above 0 up to 100, an operation name, a limit in us, ms or s)";

    /**
     * One condition.
     *
     * @param percentile e.g. 99.9
     * @param op         the operation's name, or null for every operation together
     * @param limitMs    the latency the percentile must stay under
     * @param text       as written, normalized
     */
    public record Condition(double percentile, String op, double limitMs, String text) {
        /** The percentile in ms measured by {@code p}, NaN when nothing was recorded. */
        public double measuredMs(PhaseResult p) {
            return StepLatency.ms(p, op, percentile);
        }
    }

    public Slo {
        conditions = List.copyOf(conditions);
    }

    /** Parses the option's value; a {@link ConfigException} naming the option and what is allowed if it is wrong. */
    public static Slo parse(String spec) {
        List<Condition> conditions = new ArrayList<>();
        for (String part : spec.split(",", -1)) {
            Matcher m = CONDITION.matcher(part.trim());
            if (!m.matches()) {
                throw bad(spec);
            }
            double pct = Double.parseDouble(m.group(1));
            String op = m.group(2);
            if (pct <= 0 || pct > 100 || op != null && !isOp(op)) {
                throw bad(spec);
            }
            double scale = switch (m.group(4)) {
                case "us" -> 1e-3;
                case "s" -> 1e3;
                default -> 1;
            };
            double limit = Double.parseDouble(m.group(3)) * scale;
            if (limit <= 0) {
                throw bad(spec);
            }
            String text = "p" + m.group(1) + (op == null ? "" : "(" + op + ")") + " < " + m.group(3) + m.group(4);
            conditions.add(new Condition(pct, op, limit, text));
        }
        return new Slo(conditions);
    }

    private static boolean isOp(String name) {
        if (name.equals(RequestKind.READ_TRANSACTION.name()) || name.equals(RequestKind.WRITE_TRANSACTION.name())) {
            return true; // TAOBench's transactions are rows of their own
        }
        for (Op op : Op.values()) {
            if (op.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static ConfigException bad(String spec) {
        return new ConfigException("--slo '" + MessageText.value(spec) + "': " + ALLOWED);
    }

    /** The conditions {@code p} broke, one line each ({@code "p99 = 7.10 ms, not < 5ms"}); empty when all hold. */
    public List<String> violations(PhaseResult p) {
        List<String> broken = new ArrayList<>();
        for (Condition c : conditions) {
            double ms = c.measuredMs(p);
            if (!(ms < c.limitMs())) { // NaN (nothing measured) breaks it too
                broken.add(String.format(Locale.ROOT, "%s = %s, not %s",
                        c.text().substring(0, c.text().indexOf(" <")), Double.isNaN(ms) ? "nothing measured"
                                : String.format(Locale.ROOT, "%.2f ms", ms), c.text().substring(c.text().indexOf('<'))));
            }
        }
        return broken;
    }

    /** The conditions as written, joined with ", ". */
    public String describe() {
        return String.join(", ", conditions.stream().map(Condition::text).toList());
    }
}
