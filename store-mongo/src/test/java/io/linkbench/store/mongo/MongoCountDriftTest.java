package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The count of one hot group under many writers that add (visible or hidden), hide and expunge its
 * few links at once, on the real transactional server (LINKBENCH_MONGO_URL; DocumentDB in CI, whose
 * transactions run at READ COMMITTED): after them the count equals the visible links. A link write
 * that took its count change from a read of the link before its own write (a before-image) drifted
 * here within a few rounds; every write now takes it from its own result.
 */
@Tag("mongo")
class MongoCountDriftTest {
    private static final int WRITERS = 8;
    private static final int OPS = 150;
    private static final int ID2S = 3;

    @Test
    void aHotGroupKeepsItsCountUnderReadCommitted() throws Exception {
        String url = RealMongo.urlOrSkip();
        Map<String, String> settings = Map.of("store", "mongo", "url", url, "dbid", "lbtest_drift",
                "transactions", "on", "txn_retries", "3");
        try (GraphStore store = new MongoStoreProvider().open(new StoreContext(new Settings(settings), WRITERS + 2))) {
            store.prepareForLoad(SchemaMode.RECREATE);
            store.prepareForRequests();
            ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
            try {
                for (int round = 0; round < 3; round++) {
                    long id1 = 100 + round;
                    List<Future<Void>> done = new ArrayList<>();
                    for (int w = 0; w < WRITERS; w++) {
                        long seed = round * 100L + w;
                        done.add(pool.submit(() -> write(store, id1, seed)));
                    }
                    for (Future<Void> f : done) {
                        f.get(120, TimeUnit.SECONDS);
                    }
                    try (StoreSession s = store.session(0)) {
                        long visible = s.multigetLinks(id1, 1, new long[] {1, 2, 3}).stream()
                                .filter(Link::isVisible).count();
                        assertEquals(visible, s.countLinks(id1, 1), "round " + round + ": count against visible links");
                    }
                }
            } finally {
                pool.shutdownNow();
            }
            assertEquals(0, ((CountVerifier) store).verifyCounts().mismatches());
        }
    }

    /** Random link writes on the group's few links; a conflict that outlives the store's retries is repeated. */
    private static Void write(GraphStore store, long id1, long seed) throws Exception {
        Random r = new Random(seed);
        try (StoreSession s = store.session((int) (seed % 1000) + 1)) {
            for (int i = 0; i < OPS; i++) {
                long id2 = 1 + r.nextInt(ID2S);
                int dice = r.nextInt(4);
                Link l = new Link(id1, 1, id2, r.nextBoolean() ? Visibility.VISIBLE : Visibility.HIDDEN,
                        new byte[] {(byte) i}, 1, 1_000 + i);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (true) {
                    try {
                        switch (dice) {
                            case 0 -> s.updateOrAddLink(l);
                            case 1 -> s.addLink(l);
                            case 2 -> s.deleteLink(id1, 1, id2, false);
                            default -> s.deleteLink(id1, 1, id2, true);
                        }
                        break;
                    } catch (StoreException e) {
                        if (!e.isRetryable() || System.nanoTime() > deadline) {
                            throw e;
                        }
                        Thread.sleep(1);
                    }
                }
            }
        }
        return null;
    }
}
