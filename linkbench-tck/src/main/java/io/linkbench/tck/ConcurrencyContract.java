package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.store.VerificationReport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * TCK: several sessions on their own threads at once. Node ids are unique for every store; the count
 * invariant under concurrent writers of the same (id1, linkType) only for a store that declares it
 * ({@link io.linkbench.store.StoreInfo#transactional()}).
 * An operation failing with a retryable {@link StoreException} is repeated, with a short back-off,
 * until a deadline of a quarter of {@link GraphStoreContract#concurrentTimeout()} from its first
 * attempt: how many conflicts a run meets depends on the machine's load and the server's locking
 * (DocumentDB's 20 ms lock timeout makes many), not on the store's correctness, so a count would
 * fail a correct store on a busy machine. The repeats are counted and printed per test.
 */
public abstract class ConcurrencyContract extends TckSupport {
    private static final long ID1 = 4_242;
    private static final long[] TYPES = {1, 2};
    private static final int ID2S = 16;

    /** Repeats failed operations and counts them, across the test's threads. */
    private final Retries retries;

    protected ConcurrencyContract(GraphStoreContract contract) {
        super(contract);
        this.retries = new Retries(contract.concurrentTimeout().dividedBy(4));
    }

    private <T> T retrying(Retries.Attempt<T> op) throws StoreException, InterruptedException {
        return retries.run(op);
    }

    @AfterEach
    void reportRepeats(TestInfo test) {
        if (retries.repeats() > 0) {
            System.out.println(test.getDisplayName() + ": " + retries.repeats() + " operations repeated after a retryable failure");
        }
    }

    @Test
    void concurrentAddNodeNeverDuplicatesIds() throws Exception {
        GraphStore store = storeForLoad();
        session(store).loadNodes(List.of(node(1_000, 1, 1, 1, "loaded")));
        finishLoad(store);
        int writers = contract().concurrentWriters();
        int perWriter = contract().concurrentOpsPerWriter();
        long[][] ids = new long[writers][perWriter];
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int worker = nextWorkerId(store);
            long[] mine = ids[w];
            tasks.add(() -> {
                try (StoreSession s = store.session(worker)) {
                    for (int i = 0; i < perWriter; i++) {
                        Node n = node(0, 1, i, i, "w" + worker + "#" + i);
                        mine[i] = retrying(() -> s.addNode(n));
                        assertTrue(i == 0 || mine[i] > mine[i - 1], "ids of one session must increase");
                    }
                }
                return null;
            });
        }
        Parallel.run("addNode", contract().concurrentTimeout(), tasks);
        Set<Long> seen = new HashSet<>();
        StoreSession s = session(store);
        for (long[] mine : ids) {
            for (long id : mine) {
                assertTrue(seen.add(id), "id " + id + " was assigned twice");
                assertTrue(id > 1_000, "id " + id + " is not above the loaded id 1000");
                assertNotNull(s.getNode(id, 1), "node " + id);
            }
        }
        assertEquals(writers * perWriter, seen.size());
    }

    /** A link write of the concurrent tests. */
    private enum Write { ADD, UPDATE_OR_ADD, HIDE, EXPUNGE, UPDATE }

    /** Percent of each {@link Write}, in its order: every kind of link write. */
    private static final int[] EVERY_WRITE = {30, 10, 20, 25, 15};
    /** Only updateOrAddLink against hides and expunges: inserts of missing links race with deletes. */
    private static final int[] UPDATE_OR_ADD_AND_DELETE = {0, 50, 20, 30, 0};

    private static Write pick(Random r, int[] percents) {
        int dice = r.nextInt(100);
        int i = 0;
        while (dice >= percents[i]) {
            dice -= percents[i++];
        }
        return Write.values()[i];
    }

    /** A writer of random link writes, drawn from {@code percents}, on the groups of {@code id1}. */
    private Callable<Void> linkWriter(GraphStore store, long id1, long seed, int[] percents, CountDownLatch done) {
        int worker = nextWorkerId(store);
        int ops = contract().concurrentOpsPerWriter();
        return () -> {
            try (StoreSession s = store.session(worker)) {
                Random r = new Random(seed);
                for (int i = 0; i < ops; i++) {
                    long type = TYPES[r.nextInt(10) < 8 ? 0 : 1];
                    long id2 = 1 + r.nextInt(ID2S);
                    Write write = pick(r, percents);
                    byte[] data = new byte[r.nextInt(8)];
                    r.nextBytes(data);
                    boolean hide = switch (write) {
                        case UPDATE -> r.nextBoolean();
                        case UPDATE_OR_ADD -> r.nextInt(4) == 0;
                        default -> false;
                    };
                    Link l = link(id1, type, id2, hide ? Visibility.HIDDEN : Visibility.VISIBLE, data, i,
                            1_000 + r.nextInt(10));
                    switch (write) {
                        case ADD -> retrying(() -> s.addLink(l));
                        case UPDATE_OR_ADD -> retrying(() -> s.updateOrAddLink(l));
                        case HIDE -> retrying(() -> s.deleteLink(id1, type, id2, false));
                        case EXPUNGE -> retrying(() -> s.deleteLink(id1, type, id2, true));
                        case UPDATE -> retrying(() -> s.updateLink(l));
                    }
                }
            } finally {
                done.countDown();
            }
            return null;
        };
    }

    /** A reader checking every result's shape while the writers run (the values race with them). */
    private Callable<Void> reader(GraphStore store, long id1, CountDownLatch writersDone) {
        int worker = nextWorkerId(store);
        long maxReads = (long) contract().concurrentWriters() * contract().concurrentOpsPerWriter();
        long[] all = new long[ID2S];
        for (int i = 0; i < ID2S; i++) {
            all[i] = i + 1;
        }
        return () -> {
            try (StoreSession s = store.session(worker)) {
                for (long n = 0; n < maxReads && writersDone.getCount() > 0; n++) {
                    long type = TYPES[(int) (n % 2)];
                    List<Link> list = retrying(() -> allVisible(s, id1, type));
                    for (int i = 0; i < list.size(); i++) {
                        Link l = list.get(i);
                        assertTrue(l.isVisible() && l.id1() == id1 && l.linkType() == type, "listed " + l);
                        assertTrue(i == 0 || NEWEST_FIRST.compare(list.get(i - 1), l) < 0, "order of " + list);
                    }
                    List<Link> rows = retrying(() -> s.multigetLinks(id1, type, all));
                    for (int i = 0; i < rows.size(); i++) {
                        Link l = rows.get(i);
                        assertTrue(l.id1() == id1 && l.linkType() == type, "multiget gave " + l);
                        assertTrue(i == 0 || rows.get(i - 1).id2() < l.id2(), "order of " + rows);
                    }
                    long count = retrying(() -> s.countLinks(id1, type));
                    assertTrue(count >= 0 && count <= ID2S, "count " + count);
                }
            }
            return null;
        };
    }

    /** After the writers: the count of every group equals its visible links, by every read. */
    private void assertCountsExact(GraphStore store, long id1) throws Exception {
        StoreSession s = session(store);
        long[] all = new long[ID2S];
        for (int i = 0; i < ID2S; i++) {
            all[i] = i + 1;
        }
        for (long type : TYPES) {
            String where = "group " + id1 + "/" + type;
            List<Link> rows = s.multigetLinks(id1, type, all);
            List<Link> visible = newestFirst(rows);
            assertEquals(visible, allVisible(s, id1, type), where);
            assertEquals(visible.size(), s.countLinks(id1, type), where + ": count against visible links");
        }
    }

    private void assertVerifierClean(GraphStore store) throws StoreException {
        if (store instanceof CountVerifier verifier) {
            VerificationReport report = verifier.verifyCounts();
            assertEquals(0, report.mismatches(), "verifyCounts: " + report.examples());
        }
    }

    /**
     * On a store that declares {@link io.linkbench.store.StoreInfo#transactional()}: writers drawing from {@code percents} and one reader on one
     * (id1, linkType) group at once, then every read and the verifier agree with the count.
     */
    private void writeOneGroupConcurrently(int[] percents) throws Exception {
        GraphStore store = store();
        assumeTrue(store.info().transactional(),
                "StoreInfo.transactional() is false: the count invariant under concurrent writers is not claimed");
        int writers = contract().concurrentWriters();
        CountDownLatch done = new CountDownLatch(writers);
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            tasks.add(linkWriter(store, ID1, contract().seed() + w, percents, done));
        }
        tasks.add(reader(store, ID1, done));
        Parallel.run("writers of one group", contract().concurrentTimeout(), tasks);
        assertCountsExact(store, ID1);
        assertVerifierClean(store);
    }

    @Test
    void concurrentWritersOfOneGroupKeepTheCountInvariant() throws Exception {
        writeOneGroupConcurrently(EVERY_WRITE);
    }

    @Test
    void concurrentUpdateOrAddAndDeleteOfOneGroupKeepTheCountInvariant() throws Exception {
        writeOneGroupConcurrently(UPDATE_OR_ADD_AND_DELETE);
    }

    @Test
    void concurrentWritersOfDistinctGroupsKeepTheirCounts() throws Exception {
        GraphStore store = store();
        int writers = contract().concurrentWriters();
        CountDownLatch done = new CountDownLatch(writers);
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            tasks.add(linkWriter(store, ID1 + 1 + w, contract().seed() - w, EVERY_WRITE, done));
        }
        Parallel.run("writers of distinct groups", contract().concurrentTimeout(), tasks);
        for (int w = 0; w < writers; w++) {
            assertCountsExact(store, ID1 + 1 + w);
        }
        assertVerifierClean(store);
    }
}
