package io.linkbench.jmh.core;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler ({@code -prof io.linkbench.jmh.core.CpuTimeProfiler}) that reports the CPU time
 * (user + sys) of the benchmark JVM per operation, {@code cpu.time.norm} in ns/op, and the CPUs it got,
 * {@code cpu.util} (CPU time over wall time). On a machine shared with other work the wall-clock score
 * grows with the other load while the CPU time per operation hardly moves, so this is the figure to
 * compare there; {@code cpu.util} below the benchmark's thread count says how much it was crowded out.
 * The CPU time covers the whole process: the benchmark threads, JIT compilation and GC, and JMH's own
 * (mostly sleeping) threads, but not what a benchmark's set-up marks with {@link #excluding} (JMH runs
 * iteration-level set-up inside the iteration, where this profiler cannot tell it apart).
 */
public final class CpuTimeProfiler implements InternalProfiler {
    private static final AtomicLong EXCLUDED_CPU = new AtomicLong();
    private static final AtomicLong EXCLUDED_WALL = new AtomicLong();

    private long cpuStart;
    private long excludedCpuStart;
    private long excludedWallStart;
    private long wallStart;

    /** For JMH's profiler lookup. */
    public CpuTimeProfiler() {
    }

    @Override
    public String getDescription() {
        return "process CPU time (user+sys) per operation, and CPUs used";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        wallStart = System.nanoTime();
        excludedCpuStart = EXCLUDED_CPU.get();
        excludedWallStart = EXCLUDED_WALL.get();
        cpuStart = processCpuNanos();
    }

    @Override
    public List<Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                       IterationResult result) {
        long cpu = processCpuNanos() - cpuStart - (EXCLUDED_CPU.get() - excludedCpuStart);
        long wall = System.nanoTime() - wallStart - (EXCLUDED_WALL.get() - excludedWallStart);
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getAllOps();
        return List.of(
                new ScalarResult("cpu.time.norm", ops > 0 ? (double) cpu / ops : Double.NaN, "ns/op",
                        AggregationPolicy.AVG),
                new ScalarResult("cpu.util", wall > 0 ? (double) cpu / wall : Double.NaN, "CPUs",
                        AggregationPolicy.AVG));
    }

    /** Work whose CPU time is left out of the figures of the running iteration. */
    @FunctionalInterface
    public interface Work {
        void run() throws Exception;
    }

    /**
     * Runs {@code work} (a set-up step inside an iteration, such as reloading a store) and leaves the
     * process CPU time and the wall time it took out of the running iteration's figures.
     */
    public static void excluding(Work work) throws Exception {
        long wall = System.nanoTime();
        long cpu = processCpuNanos();
        try {
            work.run();
        } finally {
            EXCLUDED_CPU.addAndGet(processCpuNanos() - cpu);
            EXCLUDED_WALL.addAndGet(System.nanoTime() - wall);
        }
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }
}
