package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** N hosts' shares add up to one host's work, with no id, request or requester stream twice. */
class FleetTest {
    private static Fleet host(int count, int index) {
        return new Fleet(count, index, Optional.empty(), 300);
    }

    @Test
    void theSlicesPartitionTheIdRange() {
        for (int n : new int[] {1, 2, 3, 7}) {
            long expectedStart = 5;
            for (int i = 0; i < n; i++) {
                Fleet f = host(n, i);
                assertEquals(expectedStart, f.sliceStart(5, 1006), "slice " + i + " of " + n);
                expectedStart = f.sliceEnd(5, 1006);
            }
            assertEquals(1006, expectedStart);
        }
        assertEquals(Long.MAX_VALUE - 1, host(3, 2).sliceEnd(1, Long.MAX_VALUE) - 1, "no overflow on a huge range");
    }

    @Test
    void requestsRatesAndStreamsAreShared() {
        long total = 0;
        for (int i = 0; i < 3; i++) {
            total += host(3, i).share(1000L);
            assertEquals(100.0, host(3, i).share(300.0));
        }
        assertEquals(1000, total);
        assertEquals(8, host(3, 2).requesterIndex(4, 0), "host 2's first of 4 requesters is the 9th of one host");
    }
}
