package io.linkbench.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * How many things (TAOBench transactions of one type) had each size: {@code bySize.get(n)} is how many had
 * size {@code n} (n operations), so index 0 is always 0 for transactions. Without trailing zeros, so two
 * equal distributions are equal records. Percentiles are exact sizes read from the counts, not estimates.
 *
 * @param bySize the count of each size, index = size
 */
public record SizeCounts(List<Long> bySize) {
    /** Nothing counted. */
    public static final SizeCounts NONE = new SizeCounts(List.of());

    public SizeCounts {
        int end = bySize.size();
        while (end > 0 && bySize.get(end - 1) == 0) {
            end--;
        }
        bySize = List.copyOf(bySize.subList(0, end));
        for (long n : bySize) {
            if (n < 0) {
                throw new IllegalArgumentException("a negative count: " + bySize);
            }
        }
    }

    /** The counts of {@code bySize}, index = size (copied). */
    public static SizeCounts of(long[] bySize) {
        List<Long> counts = new ArrayList<>(bySize.length);
        for (long n : bySize) {
            counts.add(n);
        }
        return new SizeCounts(counts);
    }

    /** How many were counted. */
    public long total() {
        long all = 0;
        for (long n : bySize) {
            all += n;
        }
        return all;
    }

    /** True when nothing was counted. */
    public boolean isEmpty() {
        return bySize.isEmpty();
    }

    /** The largest size counted; 0 when nothing was. */
    public int max() {
        return Math.max(0, bySize.size() - 1);
    }

    /** The mean size; NaN when nothing was counted. */
    public double mean() {
        long all = 0;
        double sum = 0;
        for (int size = 0; size < bySize.size(); size++) {
            all += bySize.get(size);
            sum += (double) size * bySize.get(size);
        }
        return all == 0 ? Double.NaN : sum / all;
    }

    /**
     * The smallest size that at least {@code percent}% of the counted ones do not exceed (nearest rank, in
     * integers: p50 of sizes 1, 2, 3, 4 is 2); 0 when nothing was counted.
     *
     * @param percent 1..100; 100 is {@link #max()}
     */
    public int percentile(int percent) {
        if (percent < 1 || percent > 100) {
            throw new IllegalArgumentException("percent " + percent + " is not 1..100");
        }
        long rank = (percent * total() + 99) / 100; // ceil(percent% of the total), the rank wanted from 1
        long seen = 0;
        for (int size = 0; size < bySize.size(); size++) {
            seen += bySize.get(size);
            if (seen >= rank && seen > 0) {
                return size;
            }
        }
        return 0;
    }

    /** Both counts added size by size: several requesters, or several client hosts. */
    public SizeCounts plus(SizeCounts o) {
        long[] sum = new long[Math.max(bySize.size(), o.bySize.size())];
        for (int i = 0; i < bySize.size(); i++) {
            sum[i] += bySize.get(i);
        }
        for (int i = 0; i < o.bySize.size(); i++) {
            sum[i] += o.bySize.get(i);
        }
        return of(sum);
    }
}
