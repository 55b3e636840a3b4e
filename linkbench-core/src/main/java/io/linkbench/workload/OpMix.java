package io.linkbench.workload;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The operation mix: a percentage per {@link Op}, validated (none negative, sum 100 within 0.01),
 * and a sampler that picks the next operation with one uniform draw and a short search.
 */
public final class OpMix {
    /** The 2017 mix, the default. */
    public static final Map<Op, Double> MIX_2017 = mix(2.61198, 3.06256, 0.25166, 43.9869, 5.35038, 0.98401,
            4.75589, 4.27898, 12.14725, 22.57039);
    /** The 2011 mix published with the original benchmark. */
    public static final Map<Op, Double> MIX_2011 = mix(2.5732789, 7.366437, 1.0115914, 12.9326683, 8.9886601,
            2.9907664, 8.0122125, 4.8863567, 0.5261142, 50.7119145);
    /** The ten mix keys ({@link Op#mixKey()}), each defaulting to the 2017 mix. */
    public static final List<Setting> SETTINGS = Arrays.stream(Op.values())
            .map(op -> Setting.of(op.mixKey(), String.format(Locale.ROOT, "%s", MIX_2017.get(op)),
                    "percent of " + op.name() + " in the mix"))
            .toList();

    private final EnumMap<Op, Double> percent;
    private final double[] cumulative = new double[Op.count()];

    public OpMix(Map<Op, Double> percentages) {
        this.percent = new EnumMap<>(Op.class);
        double sum = 0;
        for (Op op : Op.valuesShared()) {
            double w = percentages.getOrDefault(op, 0.0);
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw ConfigException.badValue(op.mixKey(), String.valueOf(w), "must be a percentage >= 0");
            }
            percent.put(op, w);
            sum += w;
            cumulative[op.ordinal()] = sum;
        }
        if (Math.abs(sum - 100.0) > 0.01) {
            throw new ConfigException(String.format(Locale.ROOT,
                    "the operation mix (addnode ... getlinklist) sums to %.5f: the ten percentages must sum to 100 (within 0.01)",
                    sum));
        }
        for (int i = 0; i < cumulative.length; i++) {
            cumulative[i] /= sum;
        }
        cumulative[cumulative.length - 1] = 1.0;
    }

    /** Reads the ten mix keys, each defaulting to the 2017 mix. */
    public static OpMix from(Settings s) {
        EnumMap<Op, Double> m = new EnumMap<>(Op.class);
        for (Op op : Op.valuesShared()) {
            m.put(op, s.getDouble(op.mixKey(), MIX_2017.get(op), 0, 100));
        }
        return new OpMix(m);
    }

    /** The percentage of {@code op}. */
    public double percent(Op op) {
        return percent.get(op);
    }

    /** The next operation for one uniform draw. */
    public Op next(RandomGenerator random) {
        double u = random.nextDouble();
        double[] c = cumulative;
        for (int i = 0; i < c.length; i++) {
            if (u < c[i]) {
                return Op.ofOrdinal(i);
            }
        }
        return Op.ofOrdinal(c.length - 1);
    }

    private static Map<Op, Double> mix(double... p) {
        EnumMap<Op, Double> m = new EnumMap<>(Op.class);
        for (Op op : Op.valuesShared()) {
            m.put(op, p[op.ordinal()]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
