package io.linkbench.workload.tao;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * A weighted choice among typed values: value i is drawn with probability weight i / sum. Immutable.
 *
 * @param values  the values, as many as there are weights
 * @param weights their weights
 * @param <T>     the value type
 */
public record Choice<T>(List<T> values, Weights weights) {
    public Choice {
        values = List.copyOf(values);
        if (values.size() != weights.size()) {
            throw new IllegalArgumentException(values.size() + " values but " + weights.size() + " weights");
        }
    }

    /** A value drawn with its weight's probability. */
    public T sample(RandomGenerator random) {
        return values.get(weights.sample(random));
    }

    /** The probability of the value at position {@code i}. */
    public double probability(int i) {
        return weights.probability(i);
    }

    /** The probability of {@code value} (0 when absent). */
    public double probabilityOf(T value) {
        double p = 0;
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i).equals(value)) {
                p += weights.probability(i);
            }
        }
        return p;
    }
}
