package io.linkbench.jmh.rocksdb;

import io.linkbench.jmh.store.LinkOpsBenchmark;
import io.linkbench.store.StoreException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The RocksDB store's main operations on a cached, pre-loaded graph ({@link RocksDbFixture}): average
 * time per call, one session per benchmark thread. GET_LINKS_LIST reads 8 links; MULTIGET_LINK asks
 * for 4 id2s, three of them existing; ADD_LINK of an existing link moves its link_time entry and bumps
 * the count row; hide and revive are two writes with count changes. Run with
 * {@code java -jar linkbench-jmh/target/benchmarks.jar RocksDbOpsBenchmark -t 2}.
 */
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RocksDbOpsBenchmark extends LinkOpsBenchmark {

    public RocksDbOpsBenchmark() {
        super(0, 1, 3, 5, 100);
    }

    @Setup(Level.Trial)
    public void open(RocksDbFixture fixture) throws StoreException {
        openSession(fixture);
    }
}
