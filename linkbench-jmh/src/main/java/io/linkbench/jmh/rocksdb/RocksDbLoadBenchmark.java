package io.linkbench.jmh.rocksdb;

import io.linkbench.jmh.store.StoreLoadBenchmark;
import io.linkbench.store.StoreException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Bulk load of links ({@code loadLinks}) in write batches of 1024 rows into the loaded store of
 * {@link RocksDbFixture}, above its graph: throughput in links per second. Run with
 * {@code java -jar linkbench-jmh/target/benchmarks.jar RocksDbLoadBenchmark -t 2}.
 */
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 4, time = 3)
public class RocksDbLoadBenchmark extends StoreLoadBenchmark {
    @Param({"23"})
    public int payload;

    @Setup(Level.Trial)
    public void open(RocksDbFixture fixture) throws StoreException {
        openLoader(fixture, payload);
    }
}
