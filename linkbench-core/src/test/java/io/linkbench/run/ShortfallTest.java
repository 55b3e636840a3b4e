package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShortfallTest {
    private static Shortfall.Calls calls(long ok, long failed) {
        return new Shortfall.Calls(ok, failed);
    }

    @Test
    void aFewErrorsPass() {
        assertEquals(Optional.empty(), Shortfall.of(List.of(calls(1000, 10), calls(1000, 0))));
        assertEquals(Optional.empty(), Shortfall.of(List.of(calls(0, 0), calls(10, 0)))); // an open loop's idle requester
    }

    @Test
    void moreThanOnePercentFails() {
        String why = Shortfall.of(List.of(calls(1000, 11), calls(1000, 11))).orElseThrow();
        assertEquals("22 of 2,022 calls failed (1.1%, more than 1%): the figures do not measure the store as configured"
                + " (errors by kind in result.json)", why);
    }

    @Test
    void aRequesterWithOnlyFailuresFails() {
        String why = Shortfall.of(List.of(calls(100_000, 0), calls(0, 3))).orElseThrow();
        assertTrue(why.startsWith("1 of 2 requesters completed no call (every call failed: 3 errors)"), why);
    }
}
