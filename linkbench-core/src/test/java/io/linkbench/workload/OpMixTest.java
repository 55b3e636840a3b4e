package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OpMixTest {
    @Test
    void publishedMixesSumTo100() {
        assertEquals(100.0, OpMix.MIX_2017.values().stream().mapToDouble(Double::doubleValue).sum(), 0.01);
        assertEquals(100.0, OpMix.MIX_2011.values().stream().mapToDouble(Double::doubleValue).sum(), 0.01);
    }

    @Test
    void negativeWeightIsRejectedByName() {
        Map<Op, Double> m = new EnumMap<>(OpMix.MIX_2017);
        m.put(Op.ADD_LINK, -1.0);
        ConfigException e = assertThrows(ConfigException.class, () -> new OpMix(m));
        assertTrue(e.getMessage().startsWith("addlink=-1.0"), e.getMessage());
    }

    @Test
    void sumOtherThan100IsRejected() {
        Map<Op, Double> m = new EnumMap<>(OpMix.MIX_2017);
        m.put(Op.GET_NODE, m.get(Op.GET_NODE) + 1);
        ConfigException e = assertThrows(ConfigException.class, () -> new OpMix(m));
        assertTrue(e.getMessage().contains("must sum to 100"), e.getMessage());
    }

    @Test
    void drawsFollowThePercentages() {
        OpMix mix = new OpMix(OpMix.MIX_2011);
        SplittableRandom r = new SplittableRandom(3);
        int n = 1_000_000;
        int[] seen = new int[Op.count()];
        for (int i = 0; i < n; i++) {
            seen[mix.next(r).ordinal()]++;
        }
        for (Op op : Op.values()) {
            double expected = OpMix.MIX_2011.get(op) / 100 * n;
            assertEquals(expected, seen[op.ordinal()], 5 * Math.sqrt(expected) + 1, op.name());
        }
    }

    @Test
    void zeroWeightOpsAreNeverDrawn() {
        Map<Op, Double> m = new EnumMap<>(Op.class);
        for (Op op : Op.values()) {
            m.put(op, 0.0);
        }
        m.put(Op.GET_NODE, 100.0);
        OpMix mix = new OpMix(m);
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 10_000; i++) {
            assertEquals(Op.GET_NODE, mix.next(r));
        }
    }
}
