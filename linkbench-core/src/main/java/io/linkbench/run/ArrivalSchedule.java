package io.linkbench.run;

import java.util.SplittableRandom;

/**
 * The open loop's global schedule: the intended start times of all operations of all requesters at
 * {@code rate} ops/s, Poisson (exponential gaps) or uniform. A requester takes the next slot when it is
 * free; an operation that starts late is still measured from its intended start (coordinated-omission
 * correction), and nothing is dropped.
 */
final class ArrivalSchedule {
    private final double meanGapNanos;
    private final boolean poisson;
    private final SplittableRandom random;
    private double next;

    ArrivalSchedule(double rate, RunConfig.Arrival arrival, long seed, long startNanos) {
        this.meanGapNanos = 1e9 / rate;
        this.poisson = arrival == RunConfig.Arrival.POISSON;
        this.random = new SplittableRandom(seed);
        this.next = startNanos;
    }

    /** The intended start of the next operation, in {@link System#nanoTime()} terms. */
    synchronized long nextSlot() {
        long slot = (long) next;
        next += poisson ? -Math.log(1 - random.nextDouble()) * meanGapNanos : meanGapNanos;
        return slot;
    }
}
