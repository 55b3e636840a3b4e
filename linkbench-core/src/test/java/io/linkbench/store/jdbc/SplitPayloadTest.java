package io.linkbench.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The split of a link payload into an indexed head and the rest, at and around the boundary. */
class SplitPayloadTest {
    private final SplitPayload split = new SplitPayload(4);

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 37 + 1);
        }
        return b;
    }

    @Test
    void everyLengthAroundTheHeadComesBackWhole() {
        for (int n = 0; n <= 9; n++) {
            byte[] payload = bytes(n);
            byte[] head = split.head(payload);
            byte[] rest = split.rest(payload);
            assertEquals(Math.min(n, 4), head.length, "head of " + n);
            assertEquals(n > 4, split.splits(payload));
            assertEquals(n > 4, rest != null, "a rest only beyond the head: " + n);
            assertEquals(n >= 4, split.mayHaveRest(head), "a full head asks for the rest: " + n);
            assertArrayEquals(payload, split.join(head, rest), "length " + n);
        }
    }

    @Test
    void aShortPayloadIsItsOwnHeadAndAnEmptyRestAddsNothing() {
        byte[] payload = bytes(3);
        assertSame(payload, split.head(payload));
        assertNull(split.rest(payload));
        assertSame(payload, split.join(payload, new byte[0]));
        assertFalse(new SplitPayload(Integer.MAX_VALUE).mayHaveRest(bytes(100)));
        assertTrue(split.mayHaveRest(bytes(4)));
        assertThrows(IllegalArgumentException.class, () -> new SplitPayload(0));
    }
}
