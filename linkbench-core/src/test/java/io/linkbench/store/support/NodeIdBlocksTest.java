package io.linkbench.store.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.StoreException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class NodeIdBlocksTest {

    /** An honest counter: one AtomicLong, as a shared durable document would be; counts its calls. */
    private static final class AtomicCounter implements NodeIdBlocks.Counter {
        final AtomicLong n = new AtomicLong();
        final AtomicInteger reservations = new AtomicInteger();

        @Override
        public long reserve(int size) {
            reservations.incrementAndGet();
            return n.addAndGet(size);
        }

        @Override
        public void raiseTo(long floor) {
            n.accumulateAndGet(floor, Math::max);
        }
    }

    @Test
    void idsStartAtOneAndIncreaseWithOneReservationPerBlock() throws StoreException {
        AtomicCounter counter = new AtomicCounter();
        NodeIdBlocks ids = new NodeIdBlocks(counter, 10);
        for (long expected = 1; expected <= 25; expected++) {
            assertEquals(expected, ids.next());
        }
        assertEquals(3, counter.reservations.get());
    }

    @Test
    void allocatorsSharingACounterNeverHandOutAnIdTwice() throws Exception {
        AtomicCounter counter = new AtomicCounter();
        int processes = 4;
        int threadsEach = 3;
        int idsEach = 2_000;
        List<NodeIdBlocks> allocators = new ArrayList<>();
        for (int p = 0; p < processes; p++) {
            allocators.add(new NodeIdBlocks(counter, 7 + p));
        }
        ExecutorService pool = Executors.newFixedThreadPool(processes * threadsEach);
        try {
            List<Future<long[]>> futures = new ArrayList<>();
            for (NodeIdBlocks a : allocators) {
                for (int t = 0; t < threadsEach; t++) {
                    Callable<long[]> drawer = () -> {
                        long[] got = new long[idsEach];
                        for (int i = 0; i < idsEach; i++) {
                            got[i] = a.next();
                            if (i > 0) {
                                assertTrue(got[i] > got[i - 1], "one allocator's ids increase");
                            }
                        }
                        return got;
                    };
                    futures.add(pool.submit(drawer));
                }
            }
            Set<Long> seen = new HashSet<>();
            for (Future<long[]> f : futures) {
                for (long id : f.get()) {
                    assertTrue(id >= 1, "ids start at 1");
                    assertTrue(seen.add(id), "id " + id + " handed out twice");
                }
            }
            assertEquals(processes * threadsEach * idsEach, seen.size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void raiseAboveDropsABlockBelowAndLaterIdsStayAbove() throws StoreException {
        AtomicCounter counter = new AtomicCounter();
        NodeIdBlocks ids = new NodeIdBlocks(counter, 100);
        NodeIdBlocks other = new NodeIdBlocks(counter, 100);
        assertEquals(1, ids.next()); // block [1, 101)
        other.raiseAbove(5_000); // another process loaded nodes up to 5000
        ids.raiseAbove(5_000);
        assertEquals(5_001, ids.next());
        assertTrue(other.next() > 5_000);
    }

    @Test
    void raiseAboveKeepsABlockThatLiesAbove() throws StoreException {
        AtomicCounter counter = new AtomicCounter();
        NodeIdBlocks ids = new NodeIdBlocks(counter, 100);
        ids.next();
        ids.next();
        ids.raiseAbove(1);
        assertEquals(3, ids.next());
        assertEquals(1, counter.reservations.get());
    }

    @Test
    void resetReservesAFreshBlockFromTheCounter() throws StoreException {
        AtomicCounter counter = new AtomicCounter();
        NodeIdBlocks ids = new NodeIdBlocks(counter, 10);
        ids.next();
        counter.n.set(0); // the counter was emptied (schema recreated)
        ids.reset();
        assertEquals(1, ids.next());
    }

    @Test
    void aFailedReservationHandsOutNothingAndTheNextCallTriesAgain() throws StoreException {
        AtomicCounter real = new AtomicCounter();
        AtomicInteger failures = new AtomicInteger(1);
        NodeIdBlocks ids = new NodeIdBlocks(new NodeIdBlocks.Counter() {
            @Override
            public long reserve(int size) throws StoreException {
                if (failures.getAndDecrement() > 0) {
                    throw new StoreException(StoreException.Kind.CONNECTION, "lost");
                }
                return real.reserve(size);
            }

            @Override
            public void raiseTo(long floor) {
                real.raiseTo(floor);
            }
        }, 10);
        assertThrows(StoreException.class, ids::next);
        assertEquals(1, ids.next());
        assertThrows(IllegalArgumentException.class, () -> new NodeIdBlocks(real, 0));
    }
}
