package io.linkbench.jmh.store;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The graph a store benchmark runs on: nodes {@code 1..nodes}, each with {@code linksPerId1} links of
 * type {@link #LINK_TYPE} to the ids just above it ({@code id + 1 ..}) with distinct times, and their
 * counts; random payloads of {@code linkPayload} and {@code nodePayload} bytes.
 */
public record SmallGraph(int nodes, int linksPerId1, int linkPayload, int nodePayload) {
    /** The type of every link of the graph and of the benchmarks. */
    public static final long LINK_TYPE = 1;
    private static final int BATCH = 1024;

    /** {@code size} random bytes. */
    public static byte[] payload(SplittableRandom r, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) r.nextInt(256);
        }
        return b;
    }

    /** A visible link of {@link #LINK_TYPE}. */
    public static Link link(long id1, long id2, long time, byte[] data) {
        return new Link(id1, LINK_TYPE, id2, Visibility.VISIBLE, data, 1, time);
    }

    /** Loads the graph through the store's bulk load, in batches of about 1024 links, on session 0. */
    void load(GraphStore store) throws StoreException {
        SplittableRandom r = new SplittableRandom(42);
        try (StoreSession s = store.session(0)) {
            List<Node> nodeBatch = new ArrayList<>(BATCH);
            List<Link> links = new ArrayList<>(BATCH);
            List<LinkCount> counts = new ArrayList<>(BATCH);
            for (long id = 1; id <= nodes; id++) {
                nodeBatch.add(new Node(id, 1, 1, 1_000, payload(r, nodePayload)));
                for (int j = 0; j < linksPerId1; j++) {
                    links.add(link(id, id + 1 + j, 1_000_000L + j, payload(r, linkPayload)));
                }
                counts.add(new LinkCount(id, LINK_TYPE, linksPerId1, 1_000_000L + linksPerId1, 1));
                if (links.size() >= BATCH || id == nodes) {
                    s.loadNodes(nodeBatch);
                    s.loadLinks(links);
                    s.loadCounts(counts);
                    nodeBatch.clear();
                    links.clear();
                    counts.clear();
                }
            }
        }
    }
}
