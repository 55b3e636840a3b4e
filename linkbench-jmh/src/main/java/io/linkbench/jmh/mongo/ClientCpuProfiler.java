package io.linkbench.jmh.mongo;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler ({@code -prof io.linkbench.jmh.mongo.ClientCpuProfiler}) that reports the CPU time of
 * the benchmark's own threads (JMH's workers) per operation, {@code client.cpu.norm} in ns/op. With an
 * in-process server the process CPU also holds the server's work (its threads are other threads); the
 * workers' CPU is what the client side costs: the store's code, the driver, BSON encoding and decoding,
 * and the socket calls. The driver's background monitor threads are left out (they hardly run).
 */
public final class ClientCpuProfiler implements InternalProfiler {
    private static final String WORKER = "jmh-worker";
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private Map<Long, Long> before = Map.of();

    /** For JMH's profiler lookup. */
    public ClientCpuProfiler() {
    }

    @Override
    public String getDescription() {
        return "CPU time of the benchmark threads (the client side) per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        before = workerCpu();
    }

    @Override
    public List<Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                       IterationResult result) {
        long cpu = 0;
        for (Map.Entry<Long, Long> e : workerCpu().entrySet()) {
            cpu += e.getValue() - before.getOrDefault(e.getKey(), 0L);
        }
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getAllOps();
        return List.of(new ScalarResult("client.cpu.norm", ops > 0 && cpu >= 0 ? (double) cpu / ops : Double.NaN,
                "ns/op", AggregationPolicy.AVG));
    }

    /** CPU nanoseconds of every live JMH worker thread, by thread id. */
    private Map<Long, Long> workerCpu() {
        Map<Long, Long> m = new HashMap<>();
        if (!threads.isThreadCpuTimeSupported()) {
            return m;
        }
        for (ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t != null && t.getThreadName().contains(WORKER)) {
                long cpu = threads.getThreadCpuTime(t.getThreadId());
                if (cpu >= 0) {
                    m.put(t.getThreadId(), cpu);
                }
            }
        }
        return m;
    }
}
