package io.linkbench.jmh.rocksdb;

import io.linkbench.config.Settings;
import io.linkbench.jmh.store.SmallGraph;
import io.linkbench.jmh.store.StoreFixture;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A RocksDB store in a temporary directory, loaded with {@link #GRAPH}: 100,000 nodes with 8 links
 * each. Sized to fit in the block cache, so the benchmarks measure the store's code path and RocksDB's
 * in-memory work rather than the disk. A store that cannot be opened fails the benchmark.
 */
@State(Scope.Benchmark)
public class RocksDbFixture extends StoreFixture {
    static final SmallGraph GRAPH = new SmallGraph(100_000, 8, 23, 168);

    private Path dir;

    public RocksDbFixture() {
        super(GRAPH, true);
    }

    @Override
    protected GraphStore openStore(int sessions) throws IOException, StoreException {
        dir = Files.createTempDirectory("linkbench-jmh-rocksdb");
        Settings settings = new Settings(Map.of("store", "rocksdb", "data_dir", dir.toString(),
                "block_cache_mb", "256"));
        return StoreProviders.discover().byName("rocksdb").open(new StoreContext(settings, sessions));
    }

    @Override
    protected SchemaMode schemaMode() {
        return SchemaMode.CREATE;
    }

    @Override
    protected void release() throws IOException {
        if (dir == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
        dir = null;
    }
}
