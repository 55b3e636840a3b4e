package io.linkbench.jmh.rocksdb;

import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.StoreSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * A RocksDB store in a temporary directory, loaded with a small graph through the store's own bulk
 * load: {@code NODES} nodes, and for each id1 {@code LINKS_PER_ID1} links of type 1 with distinct times.
 * Sized to fit in the block cache, so the benchmarks measure the store's code path and RocksDB's
 * in-memory work rather than the disk.
 */
final class RocksDbFixture implements AutoCloseable {
    static final int NODES = 100_000;
    static final int LINKS_PER_ID1 = 8;
    static final long LINK_TYPE = 1;
    static final int PAYLOAD = 23;
    private static final int BATCH = 1024;

    final GraphStore store;
    private final Path dir;

    RocksDbFixture(int sessions) throws IOException, StoreException {
        dir = Files.createTempDirectory("linkbench-jmh-rocksdb");
        Settings settings = new Settings(Map.of("store", "rocksdb", "data_dir", dir.toString(),
                "block_cache_mb", "256"));
        store = StoreProviders.discover().byName("rocksdb").open(new StoreContext(settings, sessions));
        store.prepareForLoad(SchemaMode.CREATE);
        load();
        if (store instanceof LoadHooks hooks) {
            hooks.finishLoad();
        }
        store.prepareForRequests();
    }

    static byte[] payload(SplittableRandom r, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) r.nextInt(256);
        }
        return b;
    }

    static Link link(long id1, long id2, long time, byte[] data) {
        return new Link(id1, LINK_TYPE, id2, Visibility.VISIBLE, data, 1, time);
    }

    private void load() throws StoreException {
        SplittableRandom r = new SplittableRandom(42);
        try (StoreSession s = store.session(0)) {
            List<Node> nodes = new ArrayList<>(BATCH);
            List<Link> links = new ArrayList<>(BATCH);
            List<LinkCount> counts = new ArrayList<>(BATCH);
            for (long id = 1; id <= NODES; id++) {
                nodes.add(new Node(id, 1, 1, 1_000, payload(r, 168)));
                for (int j = 0; j < LINKS_PER_ID1; j++) {
                    links.add(link(id, id + 1 + j, 1_000_000L + j, payload(r, PAYLOAD)));
                }
                counts.add(new LinkCount(id, LINK_TYPE, LINKS_PER_ID1, 1_000_000L + LINKS_PER_ID1, 1));
                if (links.size() >= BATCH || id == NODES) {
                    s.loadNodes(nodes);
                    s.loadLinks(links);
                    s.loadCounts(counts);
                    nodes.clear();
                    links.clear();
                    counts.clear();
                }
            }
        }
    }

    @Override
    public void close() throws StoreException, IOException {
        store.close();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
