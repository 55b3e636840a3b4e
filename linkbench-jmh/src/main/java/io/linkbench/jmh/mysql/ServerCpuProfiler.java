package io.linkbench.jmh.mysql;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler ({@code -prof io.linkbench.jmh.mysql.ServerCpuProfiler}) that puts the client's CPU
 * time per operation next to the local MySQL server's, in us/op: {@code client.cpu.norm} is the CPU of
 * the benchmark threads (the store, Connector/J and the system calls they make), {@code jvm.cpu.norm}
 * the whole JVM's (adding JIT compilation, GC and JMH itself, which for slow operations such as a
 * commit waiting for its fsync can be most of it), and {@code server.cpu.norm} the utime + stime of the
 * process in {@code /run/mysqld/mysqld.pid} (or the file named by the system property
 * {@code linkbench.mysql.pidfile}); NaN when that cannot be read (a remote server, no permission).
 */
public final class ServerCpuProfiler implements InternalProfiler {
    private static final double TICK_US = 1e6 / 100; // USER_HZ, 100 on Linux
    private long clientStart;
    private long jvmStart;
    private long serverStart;

    /** For JMH's profiler lookup. */
    public ServerCpuProfiler() {
    }

    @Override
    public String getDescription() {
        return "client and local MySQL server CPU time per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        clientStart = workerCpuNanos();
        jvmStart = jvmCpuNanos();
        serverStart = serverTicks();
    }

    @Override
    public List<Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                       IterationResult result) {
        long client = workerCpuNanos() - clientStart;
        long jvm = jvmCpuNanos() - jvmStart;
        long serverEnd = serverTicks();
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getAllOps();
        double server = serverStart < 0 || serverEnd < 0 || ops == 0 ? Double.NaN
                : (serverEnd - serverStart) * TICK_US / ops;
        return List.of(
                new ScalarResult("client.cpu.norm", ops > 0 ? client / 1e3 / ops : Double.NaN, "us/op",
                        AggregationPolicy.AVG),
                new ScalarResult("jvm.cpu.norm", ops > 0 ? jvm / 1e3 / ops : Double.NaN, "us/op",
                        AggregationPolicy.AVG),
                new ScalarResult("server.cpu.norm", server, "us/op", AggregationPolicy.AVG));
    }

    /** CPU time of JMH's benchmark threads, which live from the first iteration to the last. */
    private static long workerCpuNanos() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (t != null && t.getThreadName().contains("jmh-worker")) {
                long cpu = mx.getThreadCpuTime(t.getThreadId());
                sum += Math.max(cpu, 0);
            }
        }
        return sum;
    }

    private static long jvmCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** utime + stime of the server process in clock ticks, or -1. */
    private static long serverTicks() {
        try {
            String pidFile = System.getProperty("linkbench.mysql.pidfile", "/run/mysqld/mysqld.pid");
            String pid = Files.readString(Path.of(pidFile), StandardCharsets.US_ASCII).trim();
            String stat = Files.readString(Path.of("/proc", pid, "stat"), StandardCharsets.US_ASCII);
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14 and 15 of stat
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
