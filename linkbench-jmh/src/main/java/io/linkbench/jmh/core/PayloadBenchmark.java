package io.linkbench.jmh.core;

import io.linkbench.workload.dist.PayloadGenerator;
import io.linkbench.workload.dist.PayloadSpec;
import io.linkbench.workload.dist.PayloadSpec.Content;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link PayloadGenerator#next} (size, new array, content) for the two contents at the published
 * settings: median 23 is a link (uniqueness 0.225; MOTIF bytes 32..100), median 168 a node
 * (uniqueness 0.63; MOTIF bytes 50..220). REPEAT uses every byte value.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Thread)
public class PayloadBenchmark {

    /** MOTIF or REPEAT. */
    @Param({"MOTIF", "REPEAT"})
    public Content content;

    /** The median payload size: 23 (links) or 168 (nodes). */
    @Param({"23", "168"})
    public int median;

    private PayloadGenerator generator;
    private SplittableRandom random;

    @Setup(Level.Trial)
    public void setup() {
        boolean link = median < 100;
        double uniqueness = link ? 0.225 : 0.63;
        PayloadSpec spec = content == Content.REPEAT ? PayloadSpec.repeat(median, uniqueness)
                : PayloadSpec.motif(median, uniqueness, link ? 32 : 50, link ? 100 : 220);
        generator = new PayloadGenerator(spec, 20111);
        random = new SplittableRandom(1);
    }

    @Benchmark
    public byte[] next() {
        return generator.next(random);
    }
}
