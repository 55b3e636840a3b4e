package io.linkbench.workload.tao;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * A discrete distribution over positions 0 .. size-1 given by non-negative weights (any scale, at
 * least one positive). Sampling takes one uniform draw and a binary search over the cumulative
 * shares, so a position of weight 0 is never drawn. Immutable.
 */
public final class Weights {
    private final double[] weights;
    private final double[] cumulative;
    private final double total;

    /**
     * @throws IllegalArgumentException when a weight is negative, not finite, or all are 0
     */
    public Weights(double[] weights) {
        if (weights.length == 0) {
            throw new IllegalArgumentException("no weights");
        }
        this.weights = weights.clone();
        this.cumulative = new double[weights.length];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            double w = weights[i];
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("weight " + (i + 1) + " is " + w + ": must be a finite number >= 0");
            }
            sum += w;
            cumulative[i] = sum;
        }
        if (!(sum > 0) || Double.isInfinite(sum)) {
            throw new IllegalArgumentException("the weights sum to " + sum + ": at least one must be > 0");
        }
        this.total = sum;
    }

    /** How many positions. */
    public int size() {
        return weights.length;
    }

    /** The probability of position {@code i}. */
    public double probability(int i) {
        return weights[i] / total;
    }

    /** The weight of position {@code i} as the file gives it. */
    public double weight(int i) {
        return weights[i];
    }

    /** A position drawn with probability proportional to its weight. */
    public int sample(RandomGenerator random) {
        double u = random.nextDouble() * total;
        int i = Arrays.binarySearch(cumulative, u);
        // an exact hit on a boundary belongs to the next positive bin; a miss gives the insertion point
        i = Math.min(i >= 0 ? i + 1 : -i - 1, weights.length - 1);
        while (i < weights.length - 1 && weights[i] == 0) {
            i++;
        }
        while (weights[i] == 0) {
            i--;
        }
        return i;
    }
}
