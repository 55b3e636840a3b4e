package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Visibility;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreSession;
import io.linkbench.store.VerificationReport;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** verify_sample: each sampled id1's counts against its visible links, the same seed the same id1s, a stop obeyed. */
class SampledVerifyTest {
    private static final byte[] DATA = {1, 2, 3};

    /** ids 1..10: id1 5 has 3 visible links of type 1 and a count of 2; every other group agrees. */
    private static GraphStore store(RunSpec spec) throws Exception {
        GraphStore store = new MemoryStoreProvider().open(new StoreContext(spec.settings(), 1));
        try (StoreSession s = store.session(0)) {
            List<Link> links = new ArrayList<>();
            List<LinkCount> counts = new ArrayList<>();
            for (long id1 = 1; id1 <= 10; id1++) {
                for (long id2 = 1; id2 <= 3; id2++) {
                    links.add(new Link(id1, 1, id2, Visibility.VISIBLE, DATA, 0, 1000 + id2));
                }
                links.add(new Link(id1, 1, 4, Visibility.HIDDEN, DATA, 0, 1004)); // not counted
                counts.add(new LinkCount(id1, 1, id1 == 5 ? 2 : 3, 1003, 0));
            }
            s.loadLinks(links);
            s.loadCounts(counts);
        }
        return store;
    }

    @Test
    void aSampleOfEveryIdFindsTheOneGroupWhoseCountIsWrong() throws Exception {
        RunSpec spec = RunSpec.withDefaults("maxid1", "11", "verify_sample", "100", "store", "memory", "link_type_count", "1");
        try (GraphStore store = store(spec)) {
            SampledVerify v = SampledVerify.from(spec.settings());
            assertEquals(10, v.size(), "a sample as large as the range is every id");
            SampledVerify.Outcome o = v.check(store, new PrintStream(new ByteArrayOutputStream()), () -> false);
            assertFalse(o.stopped());
            assertEquals(10, o.report().groupsChecked());
            assertEquals(List.of(new VerificationReport.Mismatch(5, 1, 2, 3)), o.report().examples());
        }
    }

    @Test
    void theSameSeedDrawsTheSameId1sAndAStopEndsTheCheck() throws Exception {
        RunSpec spec = RunSpec.withDefaults("maxid1", "1000001", "verify_sample", "1000", "verify_seed", "99",
                "store", "memory");
        SampledVerify a = SampledVerify.from(spec.settings());
        SampledVerify b = SampledVerify.from(spec.settings());
        assertEquals(a.describe(spec.settings()), b.describe(spec.settings()));
        assertTrue(a.describe(spec.settings()).contains("(verify_seed = 99;"), a.describe(spec.settings()));
        assertTrue(a.size() > 990 && a.size() <= 1000, "distinct ids: " + a.size());
        try (GraphStore store = new MemoryStoreProvider().open(new StoreContext(spec.settings(), 1))) {
            int[] asked = new int[1];
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            SampledVerify.Outcome o = a.check(store, new PrintStream(console, true, StandardCharsets.UTF_8),
                    () -> ++asked[0] > 3);
            assertTrue(o.stopped());
            assertEquals(3, o.id1sChecked(), "stopped after the id1 in hand");
        }
        assertEquals(null, SampledVerify.from(RunSpec.withDefaults("maxid1", "11").settings()), "0: every group");
    }

    @Test
    void aSampleCountsGroupsAsTheFullCheckDoesAndOneOfTheWholeGraphSaysTheFullCheckRunsInstead() throws Exception {
        RunSpec spec = RunSpec.withDefaults("maxid1", "201", "verify_sample", "200", "store", "memory");
        try (GraphStore store = new MemoryStoreProvider().open(new StoreContext(spec.settings(), 1))) {
            TestPhases.context(spec, new RunControl(), new PrintStream(new ByteArrayOutputStream()),
                    PhaseObserver.NONE).load(TestPhases.BASE).execute(store);
            try (StoreSession s = store.session(0)) { // a group emptied by deletes keeps its count row, now 0
                for (Link l : s.getLinkList(7, 1, 0, Long.MAX_VALUE, 0, 10_000)) {
                    assertTrue(s.deleteLink(7, 1, l.id2(), false));
                }
                assertEquals(0, s.countLinks(7, 1));
            }
            VerificationReport full = ((CountVerifier) store).verifyCounts();
            assertEquals(0, full.mismatches());
            SampledVerify every = SampledVerify.from(spec.settings());
            SampledVerify.Outcome o = every.check(store, new PrintStream(new ByteArrayOutputStream()), () -> false);
            assertEquals(full.groupsChecked(), o.report().groupsChecked(), "the emptied group counts in both");
            assertEquals("verify_sample = 200 is at least the 200 id1s of [1, 201): the full check of every group instead",
                    every.wholeGraph().orElseThrow());
            RunSpec smaller = RunSpec.withDefaults("maxid1", "201", "verify_sample", "199", "store", "memory");
            assertTrue(SampledVerify.from(smaller.settings()).wholeGraph().isEmpty(), "a sample of fewer ids is one");
        }
    }
}
