package io.linkbench.workload;

import java.util.random.RandomGenerator;

/**
 * The GET_LINKS_LIST lists that filled their page, remembered so a later call can continue one (the
 * original's "history" share): up to {@link #CAPACITY} (id1, link type) entries, each with the time of
 * the last link returned and the offset of the next page. A list already remembered is not added again;
 * when full, a new list replaces a random entry. A continuation that fills its page again moves its
 * entry on; one that does not ends it. Not thread-safe: one per requester.
 */
final class ListHistory {
    /** Entries remembered, as in the original. */
    static final int CAPACITY = 2048;

    private final long[] id1 = new long[CAPACITY];
    private final long[] type = new long[CAPACITY];
    private final long[] lastTime = new long[CAPACITY];
    private final int[] nextOffset = new int[CAPACITY];
    private int size;

    int size() {
        return size;
    }

    /** A list (id1, type) whose page of {@code limit} rows was full; its last link had {@code time}. */
    void remember(long listId1, long listType, long time, int offset, int limit, RandomGenerator random) {
        int nextPage = next(offset, limit);
        if (nextPage < 0) {
            return;
        }
        for (int i = 0; i < size; i++) {
            if (id1[i] == listId1 && type[i] == listType) {
                return;
            }
        }
        int slot = size < CAPACITY ? size++ : random.nextInt(CAPACITY);
        set(slot, listId1, listType, time, nextPage);
    }

    /** A random entry's slot; only when {@link #size} &gt; 0. */
    int pick(RandomGenerator random) {
        return random.nextInt(size);
    }

    long id1(int slot) {
        return id1[slot];
    }

    long type(int slot) {
        return type[slot];
    }

    long lastTime(int slot) {
        return lastTime[slot];
    }

    int nextOffset(int slot) {
        return nextOffset[slot];
    }

    /** The continuation from {@code slot} returned a full page (moves on) or not (ends the entry). */
    void continued(int slot, boolean full, long time, int offset, int limit) {
        if (slot >= size) {
            return;
        }
        if (full && next(offset, limit) >= 0) {
            lastTime[slot] = time;
            nextOffset[slot] = next(offset, limit);
            return;
        }
        int last = --size;
        set(slot, id1[last], type[last], lastTime[last], nextOffset[last]);
    }

    private void set(int slot, long listId1, long listType, long time, int offset) {
        id1[slot] = listId1;
        type[slot] = listType;
        lastTime[slot] = time;
        nextOffset[slot] = offset;
    }

    /** offset + limit, or -1 when it would overflow an int. */
    private static int next(int offset, int limit) {
        long n = (long) offset + limit;
        return n > Integer.MAX_VALUE ? -1 : (int) n;
    }
}
