package io.linkbench.workload;

import java.util.HashSet;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * The GET_LINKS_LIST lists that filled their page, remembered so a later call can continue one (the
 * original's "history" share): up to {@link #CAPACITY} (id1, link type) entries, each with the time of
 * the last link returned and the offset of the next page. A list the index knows is not added again;
 * when full, a new list replaces a random entry. A continuation that fills its page again moves its
 * entry on; one that does not ends it, and the last entry takes its slot.
 *
 * <p>The index: with {@link WorkloadRules.HistoryIndex#ORIGINAL} it forgets a list only when the list's
 * entry leaves from the last slot, as the original's does; a list whose entry ended or was evicted in
 * any other slot stays known, and this requester never remembers it again. With
 * {@link WorkloadRules.HistoryIndex#EXACT} it holds exactly the remembered lists. Not thread-safe: one
 * per requester.
 */
final class ListHistory {
    /** Entries remembered, as in the original. */
    static final int CAPACITY = 2048;

    private final long[] id1 = new long[CAPACITY];
    private final long[] type = new long[CAPACITY];
    private final long[] lastTime = new long[CAPACITY];
    private final int[] nextOffset = new int[CAPACITY];
    private final boolean keepsRemoved;
    /** The lists the index knows: every remembered one, and with the original's index some removed ones. */
    private final Set<Group> known = new HashSet<>();
    private int size;

    /** A history whose index behaves as {@code index} says. */
    ListHistory(WorkloadRules.HistoryIndex index) {
        this.keepsRemoved = index == WorkloadRules.HistoryIndex.ORIGINAL;
    }

    private record Group(long id1, long type) {
    }

    int size() {
        return size;
    }

    /** A list (id1, type) whose page of {@code limit} rows was full; its last link had {@code time}. */
    void remember(long listId1, long listType, long time, int offset, int limit, RandomGenerator random) {
        int nextPage = next(offset, limit);
        Group g = new Group(listId1, listType);
        if (nextPage < 0 || known.contains(g)) {
            return;
        }
        int slot;
        if (size < CAPACITY) {
            slot = size++;
        } else {
            slot = random.nextInt(CAPACITY);
            forget(slot, slot != size - 1); // evicted
        }
        set(slot, listId1, listType, time, nextPage);
        known.add(g);
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
        forget(slot, slot != last);
        set(slot, id1[last], type[last], lastTime[last], nextOffset[last]);
    }

    /**
     * The entry in {@code slot} leaves (ended, or evicted by a new list); {@code elsewhere}: not from the
     * last slot, where the original's index keeps knowing it.
     */
    private void forget(int slot, boolean elsewhere) {
        if (!(elsewhere && keepsRemoved)) {
            known.remove(new Group(id1[slot], type[slot]));
        }
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
