package io.linkbench.jmh.core;

import io.linkbench.measure.probe.ClockTicks;
import io.linkbench.measure.probe.ProcessStat;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that reports CPU time per operation, in ns/op, on a machine where wall-clock scores
 * grow with other people's load while CPU time per operation hardly moves:
 * <ul>
 *   <li>{@code cpu.time.norm}: the benchmark JVM's CPU time (user + sys): the benchmark threads, JIT
 *       compilation, GC and JMH's own (mostly sleeping) threads, less what a set-up marks with
 *       {@link #excluding} (JMH runs iteration-level set-up inside the iteration, where a profiler
 *       cannot tell it apart); {@code cpu.util} is that time over the wall time, the CPUs it got;</li>
 *   <li>{@code client.cpu.norm}: the CPU time of JMH's worker threads alone, the client side of a
 *       store that talks to a server in the same process (an in-process MongoDB) or on the host;</li>
 *   <li>{@code server.cpu.norm}, with the option {@code server=PIDFILE}: the utime + stime of the
 *       process whose id is in PIDFILE, read with the core's {@link ProcessStat} and converted with the
 *       host's real clock tick ({@link ClockTicks}); NaN when it cannot be read (a remote server, no
 *       permission). Its resolution is one clock tick (10 ms at USER_HZ 100) per iteration.</li>
 * </ul>
 * {@code -prof io.linkbench.jmh.core.CpuProfiler} for the first two,
 * {@code -prof io.linkbench.jmh.core.CpuProfiler:server=/run/mysqld/mysqld.pid} for all three.
 */
public final class CpuProfiler implements InternalProfiler {
    private static final String WORKER = "jmh-worker";
    private static final Path PROC = Path.of("/proc");
    // excluding() runs inside a benchmark's state, which JMH gives no reference to the profiler:
    // process-wide totals are the one channel between them
    private static final AtomicLong EXCLUDED_CPU = new AtomicLong();
    private static final AtomicLong EXCLUDED_WALL = new AtomicLong();

    private final Path serverPidFile;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final double nanosPerTick = 1e9 / ClockTicks.of(PROC);
    private long wallStart;
    private long cpuStart;
    private long excludedCpuStart;
    private long excludedWallStart;
    private long workersStart;
    private long serverStart;

    /** For JMH's profiler lookup, without options. */
    public CpuProfiler() {
        this("");
    }

    /** For JMH's profiler lookup: {@code options} is empty or {@code server=PIDFILE}. */
    public CpuProfiler(String options) {
        String o = options == null ? "" : options.trim();
        if (o.isEmpty()) {
            serverPidFile = null;
        } else if (o.startsWith("server=") && o.length() > "server=".length()) {
            serverPidFile = Path.of(o.substring("server=".length()));
        } else {
            throw new IllegalArgumentException("CpuProfiler takes no option or server=PIDFILE, not: " + o);
        }
    }

    @Override
    public String getDescription() {
        return "CPU time per operation of the JVM, its benchmark threads and (server=PIDFILE) a server process";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        wallStart = System.nanoTime();
        excludedCpuStart = EXCLUDED_CPU.get();
        excludedWallStart = EXCLUDED_WALL.get();
        cpuStart = processCpuNanos();
        workersStart = workerCpuNanos();
        serverStart = serverTicks();
    }

    @Override
    public List<ScalarResult> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                             IterationResult result) {
        long serverEnd = serverTicks();
        long workers = workerCpuNanos() - workersStart;
        long cpu = processCpuNanos() - cpuStart - (EXCLUDED_CPU.get() - excludedCpuStart);
        long wall = System.nanoTime() - wallStart - (EXCLUDED_WALL.get() - excludedWallStart);
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getAllOps();
        List<ScalarResult> out = new ArrayList<>(4);
        out.add(perOp("cpu.time.norm", cpu, ops));
        out.add(new ScalarResult("cpu.util", wall > 0 ? (double) cpu / wall : Double.NaN, "CPUs",
                AggregationPolicy.AVG));
        out.add(perOp("client.cpu.norm", workers, ops));
        if (serverPidFile != null) {
            boolean known = serverStart >= 0 && serverEnd >= serverStart;
            out.add(perOp("server.cpu.norm", known ? Math.round((serverEnd - serverStart) * nanosPerTick) : -1, ops));
        }
        return out;
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

    /** {@code nanos} per operation; NaN for no operations or an unknown (negative) time. */
    private static ScalarResult perOp(String label, long nanos, long ops) {
        return new ScalarResult(label, ops > 0 && nanos >= 0 ? (double) nanos / ops : Double.NaN, "ns/op",
                AggregationPolicy.AVG);
    }

    /** The JVM's CPU time in ns from its own counter (finer than /proc's clock ticks), or -1. */
    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** CPU ns of JMH's worker threads, which live from the first iteration to the last. */
    private long workerCpuNanos() {
        if (!threads.isThreadCpuTimeSupported()) {
            return -1;
        }
        long sum = 0;
        for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t != null && t.getThreadName().contains(WORKER)) {
                sum += Math.max(threads.getThreadCpuTime(t.getThreadId()), 0);
            }
        }
        return sum;
    }

    /** utime + stime of the server process in clock ticks; -1 without one or when unreadable. */
    private long serverTicks() {
        if (serverPidFile == null) {
            return -1;
        }
        try {
            long pid = Long.parseLong(Files.readString(serverPidFile, StandardCharsets.US_ASCII).trim());
            return ProcessStat.read(PROC, pid).cpuTicks();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
