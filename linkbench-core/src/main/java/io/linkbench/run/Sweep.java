package io.linkbench.run;

import io.linkbench.config.ConfigException;
import io.linkbench.config.MessageText;
import io.linkbench.measure.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --sweep}: one request phase per value of a knob, {@code requestrate=1000,2000,4000} (open loop at
 * each rate) or {@code requesters=1,2,4} (closed loop with each count).
 *
 * @param knob   {@link #REQUESTRATE} or {@link #REQUESTERS}
 * @param values the knob's value in each step, in the order they run
 */
public record Sweep(String knob, List<Double> values) {
    public static final String REQUESTRATE = "requestrate";
    public static final String REQUESTERS = "requesters";
    private static final String ALLOWED = "expected requestrate=R1,R2,... (ops/s, above 0)"
            + " or requesters=N1,N2,... (integers 1 to 4096)";

    public Sweep {
        values = List.copyOf(values);
    }

    /** Parses the option's value; a {@link ConfigException} naming the option and what is allowed if it is wrong. */
    public static Sweep parse(String spec) {
        int eq = spec.indexOf('=');
        String knob = eq < 0 ? "" : spec.substring(0, eq).trim();
        if (!knob.equals(REQUESTRATE) && !knob.equals(REQUESTERS)) {
            throw bad(spec);
        }
        List<Double> values = new ArrayList<>();
        for (String v : spec.substring(eq + 1).split(",", -1)) {
            double d;
            try {
                d = Double.parseDouble(v.trim());
            } catch (NumberFormatException e) {
                throw bad(spec);
            }
            boolean ok = knob.equals(REQUESTRATE) ? d > 0 && d <= 1e9
                    : d >= 1 && d <= 4096 && d == Math.rint(d);
            if (!ok || !v.trim().matches("[0-9.]+")) {
                throw bad(spec);
            }
            values.add(d);
        }
        return new Sweep(knob, values);
    }

    private static ConfigException bad(String spec) {
        return new ConfigException("--sweep '" + MessageText.value(spec) + "': " + ALLOWED);
    }

    /** The largest number of requesters any step runs, given the configured {@code requesters}. */
    public int maxRequesters(int configured) {
        if (!knob.equals(REQUESTERS)) {
            return configured;
        }
        return (int) values.stream().mapToDouble(Double::doubleValue).max().orElse(configured);
    }

    /** The configuration of the step at {@code value}: open loop at that rate, or closed loop with that many requesters. */
    public RunConfig configure(RunConfig base, double value) {
        return knob.equals(REQUESTRATE) ? base.withLoad(base.requesters(), value) : base.withLoad((int) value, 0);
    }

    /** What {@code result.json} records of the step at {@code value}. */
    public PhaseResult.StepTarget target(double value) {
        return new PhaseResult.StepTarget(knob, value);
    }

    /** One line for the console, e.g. "step 2 of 4: requestrate=2000". */
    public String describe(int step, double value) {
        return String.format(Locale.ROOT, "step %d of %d: %s=%s", step + 1, values.size(), knob, plain(value));
    }

    static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
