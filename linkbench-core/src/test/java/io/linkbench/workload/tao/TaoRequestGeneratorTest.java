package io.linkbench.workload.tao;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.workload.tao.TaoWorkload.Published;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The generator: reproducible per (seed, requester), keys inside the graph and their shards, kinds keep to their operations. */
class TaoRequestGeneratorTest {
    static List<String> trace(TaoWorkload w, long seed, int index, int n) {
        TaoRequestGenerator g = new TaoRequestGenerator(w, 1, 10_000, seed, index);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            TaoRequest r = g.next();
            StringBuilder s = new StringBuilder(r.kind + "/" + r.size);
            for (int j = 0; j < r.size; j++) {
                s.append(' ').append(r.ops[j]).append(':').append(r.id1[j]).append('>').append(r.id2[j]);
            }
            out.add(s.toString());
        }
        return out;
    }

    @Test
    void theSameSeedAndRequesterGiveTheSameRequestsAndOthersDiffer() {
        TaoWorkload a = TaoWorkload.published(Published.A);
        assertEquals(trace(a, 7, 0, 2000), trace(a, 7, 0, 2000));
        assertNotEquals(trace(a, 7, 0, 2000), trace(a, 7, 1, 2000));
        assertNotEquals(trace(a, 7, 0, 2000), trace(a, 8, 0, 2000));
    }

    @Test
    void everyOperationKeepsToItsKindAndItsKeysToTheGraph() {
        for (Published p : Published.values()) {
            TaoWorkload w = TaoWorkload.published(p);
            TaoRequestGenerator g = new TaoRequestGenerator(w, 101, 5_000, 3, 2);
            for (int i = 0; i < 200_000; i++) {
                TaoRequest r = g.next();
                assertTrue(r.size >= 1 && r.size <= 500, "size " + r.size);
                for (int j = 0; j < r.size; j++) {
                    TaoOp op = r.ops[j];
                    assertEquals(!r.kind.isWrite(), op.isRead(), r.kind + " holds " + op);
                    assertTrue(op != TaoOp.OBJ_DELETE && op != TaoOp.EDGE_DELETE && op != TaoOp.EDGE_TIME_READ,
                            "weight 0 in both files: " + op);
                    if (op == TaoOp.OBJ_ADD) {
                        assertEquals(0, r.id1[j], "the store assigns an added object's id");
                    } else {
                        assertTrue(r.id1[j] >= 101 && r.id1[j] < 5_101, "id1 " + r.id1[j]);
                    }
                    if (op.isEdge()) {
                        assertTrue(r.id2[j] >= 101 && r.id2[j] < 5_101, "id2 " + r.id2[j]);
                        assertTrue(r.edgeType[j] != null);
                    }
                }
            }
        }
    }

    @Test
    void shardedKeysCoverEveryIdOnceAndRefuseAGraphSmallerThanTheShards() {
        ShardedKeys k = new ShardedKeys(10, 103, 50);
        long[] seen = new long[103];
        SplittableRandom r = new SplittableRandom(1);
        for (int s = 0; s < 50; s++) {
            for (int i = 0; i < 200; i++) {
                long id = k.key(s, r);
                assertEquals(s, k.shardOf(id));
                seen[(int) (id - 10)]++;
            }
        }
        for (long c : seen) {
            assertTrue(c > 0, "every id is drawn");
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ShardedKeys(1, 49, 50));
        assertEquals("49 node ids cannot fill 50 virtual shards: the graph needs at least one node per shard", e.getMessage());
    }

    @Test
    void weightsNeverDrawAZeroPositionEvenAtTheBoundaries() {
        Weights w = new Weights(new double[] {0, 2, 0, 0, 1, 0});
        RandomGeneratorStub edges = new RandomGeneratorStub(new double[] {0.0, 2.0 / 3, Math.nextDown(1.0), 0.5});
        int[] got = new int[4];
        for (int i = 0; i < got.length; i++) {
            got[i] = w.sample(edges);
        }
        assertArrayEquals(new int[] {1, 4, 4, 1}, got);
    }

    /** Returns the given doubles in turn. */
    static final class RandomGeneratorStub implements java.util.random.RandomGenerator {
        private final double[] values;
        private int next;

        RandomGeneratorStub(double[] values) {
            this.values = values;
        }

        @Override
        public double nextDouble() {
            return values[next++];
        }

        @Override
        public long nextLong() {
            throw new UnsupportedOperationException();
        }
    }
}
