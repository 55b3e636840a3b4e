package io.linkbench.store.memory;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Visibility;
import io.linkbench.store.VerificationReport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The links and the count row of one (id1, linkType). Every method holds the group's monitor, so the
 * writers of one group serialize and the count always equals the visible links it saw; only
 * {@link #count()} reads without the lock.
 *
 * <p>Two sorted indexes over the same immutable {@link Link} objects: all links by ascending id2, and
 * the visible links newest first, equal times by descending id2 (the order of GET_LINKS_LIST). Each has
 * a parallel {@code long[]} of its sort key (id2, time), so binary searches touch no Link object. All
 * are arrays shifted in place: a search is O(log n), an insert or removal an {@code arraycopy}, and most
 * groups hold 1 or 2 links.
 *
 * <p>A bulk load costs time linear in its rows, so one group can be loaded with millions of links (the
 * original's tail): a batch is merged into the id2 index in place from its end, in arrays that grow
 * geometrically (the loader writes ascending id2s, so nothing moves), and its visible links are appended
 * to the visible index unsorted; the index is sorted once, by the first operation that reads or changes
 * it ({@link #settle}).
 */
final class LinkGroup {
    private static final long[] NO_IDS = {};
    private static final Link[] NO_LINKS = {};
    private static final Comparator<Link> NEWEST_FIRST =
            Comparator.comparingLong(Link::time).thenComparingLong(Link::id2).reversed();

    private long[] ids = NO_IDS;
    private Link[] rows = NO_LINKS;
    private int size;

    private Link[] visible = NO_LINKS;
    private long[] visibleTimes = NO_IDS; // parallel to visible: searches touch no Link object
    private int visibleSize;
    private boolean visibleUnsorted; // a load appended visible links: settle() sorts them in

    private volatile long count;
    private boolean hasCountRow;
    private long countTime;
    private long countVersion;

    /** The count row's value; 0 when there is none. Lock-free. */
    long count() {
        return count;
    }

    /** ADD_LINK. Returns true when the link is new; always writes the count row. */
    synchronized boolean add(Link link, MemoryStats stats) {
        settle();
        int i = indexOf(link.id2());
        Link old = i >= 0 ? rows[i] : null;
        if (old == null) {
            insertRow(-i - 1, link);
        } else {
            rows[i] = link;
        }
        reindex(old, link);
        writeCount(visibleDelta(old, link), link.time(), stats);
        stats.linkWritten(old, link);
        return old == null;
    }

    /** UPDATE_LINK. Returns false when the link does not exist. */
    synchronized boolean update(Link link, MemoryStats stats) {
        settle();
        int i = indexOf(link.id2());
        if (i < 0) {
            return false;
        }
        Link old = rows[i];
        rows[i] = link;
        reindex(old, link);
        int delta = visibleDelta(old, link);
        if (delta != 0) {
            writeCount(delta, link.time(), stats);
        }
        stats.linkWritten(old, link);
        return true;
    }

    /**
     * UPDATE_LINK that inserts a missing link as ADD_LINK does, under one hold of the monitor. Returns
     * true when the link existed.
     */
    synchronized boolean updateOrAdd(Link link, MemoryStats stats) {
        if (update(link, stats)) {
            return true;
        }
        add(link, stats);
        return false;
    }

    /** DELETE_LINK. Returns false when the link does not exist. */
    synchronized boolean delete(long id2, boolean expunge, MemoryStats stats) {
        settle();
        int i = indexOf(id2);
        if (i < 0) {
            return false;
        }
        Link old = rows[i];
        if (old.isVisible()) {
            removeVisibleAt(visibleIndexOf(old.time(), id2));
        }
        if (expunge) {
            removeRowAt(i);
            stats.linkExpunged(old);
        } else if (old.isVisible()) {
            rows[i] = old.withVisibility(Visibility.HIDDEN);
            stats.linkWritten(old, rows[i]);
        }
        if (old.isVisible()) {
            writeCount(-1, System.currentTimeMillis(), stats);
        }
        return true;
    }

    /** MULTIGET_LINK for ids already sorted ascending and without duplicates. */
    synchronized List<Link> multiget(long[] sortedIds) {
        List<Link> out = new ArrayList<>(Math.min(sortedIds.length, size));
        int from = 0;
        for (long id2 : sortedIds) {
            int i = Arrays.binarySearch(ids, from, size, id2);
            if (i >= 0) {
                out.add(rows[i]);
                from = i + 1;
            } else {
                from = -i - 1;
            }
            if (from >= size) {
                break;
            }
        }
        return out;
    }

    /** GET_LINKS_LIST on the visible index; offset and limit are not negative. */
    synchronized List<Link> linkList(long minTime, long maxTime, int offset, int limit) {
        settle();
        if (limit == 0 || minTime > maxTime || visibleSize == 0) {
            return List.of();
        }
        int first = maxTime == Long.MAX_VALUE ? 0 : firstOlderThan(maxTime + 1);
        long start = (long) first + offset;
        if (start >= visibleSize) {
            return List.of();
        }
        int end = minTime == Long.MIN_VALUE ? visibleSize : firstOlderThan(minTime);
        end = (int) Math.min(end, start + limit);
        if (end <= start) {
            return List.of();
        }
        return Arrays.asList(Arrays.copyOfRange(visible, (int) start, end));
    }

    /**
     * Bulk load of links that should be new (an existing one is overwritten as ADD_LINK would, without
     * touching the count). New links are merged into both indexes at once, so a batch costs
     * O(n + k log k) rather than a shift per link.
     */
    synchronized void load(List<Link> batch, MemoryStats stats) {
        List<Link> fresh = new ArrayList<>(batch.size());
        for (Link link : batch) {
            int i = indexOf(link.id2());
            if (i >= 0) { // a retried batch: rare, so the visible index may be sorted for it
                settle();
                Link old = rows[i];
                rows[i] = link;
                reindex(old, link);
                stats.linkWritten(old, link);
            } else {
                fresh.add(link);
            }
        }
        if (fresh.isEmpty()) {
            return;
        }
        fresh.sort(Comparator.comparingLong(Link::id2)); // stable: of duplicates the last one wins
        List<Link> unique = new ArrayList<>(fresh.size());
        for (Link link : fresh) {
            int last = unique.size() - 1;
            if (last >= 0 && unique.get(last).id2() == link.id2()) {
                unique.set(last, link);
            } else {
                unique.add(link);
            }
        }
        mergeRows(unique);
        for (Link link : unique) {
            stats.linkWritten(null, link);
            if (link.isVisible()) {
                appendVisible(link);
            }
        }
    }

    /** Writes the count row as loaded. */
    synchronized void loadCount(LinkCount row) {
        count = row.count();
        countTime = row.time();
        countVersion = row.version();
        hasCountRow = true;
    }

    /** The count row's fields, as a transaction's before-image keeps them. */
    record CountRow(long count, boolean present, long time, long version) {
    }

    /** The link with this id2 (hidden or visible), or null. */
    synchronized Link get(long id2) {
        int i = indexOf(id2);
        return i >= 0 ? rows[i] : null;
    }

    synchronized CountRow countRow() {
        return new CountRow(count, hasCountRow, countTime, countVersion);
    }

    /**
     * Puts the link of {@code id2} and the count row back as a before-image has them: {@code before}
     * null removes the link. For a transaction's rollback; counted as writes, as a database's undo is.
     */
    synchronized void restore(long id2, Link before, CountRow row, MemoryStats stats) {
        settle();
        int i = indexOf(id2);
        Link now = i >= 0 ? rows[i] : null;
        if (before == null && now != null) {
            if (now.isVisible()) {
                removeVisibleAt(visibleIndexOf(now.time(), id2));
            }
            removeRowAt(i);
            stats.linkExpunged(now);
        } else if (before != null) {
            if (now == null) {
                insertRow(-i - 1, before);
            } else {
                rows[i] = before;
            }
            reindex(now, before);
            stats.linkWritten(now, before);
        }
        count = row.count();
        hasCountRow = row.present();
        countTime = row.time();
        countVersion = row.version();
        stats.countWritten();
    }

    /** The links (hidden or visible) held. */
    synchronized int size() {
        return size;
    }

    synchronized boolean hasCountRow() {
        return hasCountRow;
    }

    /** Compares the count row with the visible links: null when they agree (a missing row counts as 0). */
    synchronized VerificationReport.Mismatch check(long id1, long linkType) {
        long stored = hasCountRow ? count : 0;
        if (stored == visibleSize) {
            return null;
        }
        return new VerificationReport.Mismatch(id1, linkType, hasCountRow ? count : -1, visibleSize);
    }

    private static int visibleDelta(Link before, Link after) {
        return (after.isVisible() ? 1 : 0) - (before != null && before.isVisible() ? 1 : 0);
    }

    private void writeCount(int delta, long time, MemoryStats stats) {
        long next = count + delta;
        count = Math.max(0, next);
        hasCountRow = true;
        countTime = time;
        countVersion++;
        stats.countWritten();
    }

    /** Moves a link from its old place in the visible index (if any) to its new one (if visible). */
    private void reindex(Link old, Link now) {
        boolean wasVisible = old != null && old.isVisible();
        if (wasVisible && now.isVisible() && old.time() == now.time()) {
            visible[visibleIndexOf(old.time(), old.id2())] = now;
            return;
        }
        if (wasVisible) {
            removeVisibleAt(visibleIndexOf(old.time(), old.id2()));
        }
        if (now.isVisible()) {
            insertVisibleAt(-visibleIndexOf(now.time(), now.id2()) - 1, now);
        }
    }

    private int indexOf(long id2) {
        return Arrays.binarySearch(ids, 0, size, id2);
    }

    /** Binary search in the visible index (time desc, id2 desc); as {@link Arrays#binarySearch}. */
    private int visibleIndexOf(long time, long id2) {
        int lo = 0;
        int hi = visibleSize - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long t = visibleTimes[mid];
            int c = t != time ? (t > time ? -1 : 1) : Long.compare(id2, visible[mid].id2());
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    /** The first index of the visible index whose time is below {@code time} (or visibleSize). */
    private int firstOlderThan(long time) {
        int lo = 0;
        int hi = visibleSize;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (visibleTimes[mid] < time) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private static int grow(int needed, int length) {
        return needed <= length ? length : Math.max(needed, needed < 4 ? needed : length + (length >> 1));
    }

    private void insertRow(int at, Link link) {
        if (size == rows.length) {
            int capacity = grow(size + 1, rows.length);
            ids = Arrays.copyOf(ids, capacity);
            rows = Arrays.copyOf(rows, capacity);
        }
        System.arraycopy(ids, at, ids, at + 1, size - at);
        System.arraycopy(rows, at, rows, at + 1, size - at);
        ids[at] = link.id2();
        rows[at] = link;
        size++;
    }

    private void removeRowAt(int at) {
        System.arraycopy(ids, at + 1, ids, at, size - at - 1);
        System.arraycopy(rows, at + 1, rows, at, size - at - 1);
        size--;
        rows[size] = null;
    }

    private void insertVisibleAt(int at, Link link) {
        if (visibleSize == visible.length) {
            int capacity = grow(visibleSize + 1, visible.length);
            visible = Arrays.copyOf(visible, capacity);
            visibleTimes = Arrays.copyOf(visibleTimes, capacity);
        }
        System.arraycopy(visible, at, visible, at + 1, visibleSize - at);
        System.arraycopy(visibleTimes, at, visibleTimes, at + 1, visibleSize - at);
        visible[at] = link;
        visibleTimes[at] = link.time();
        visibleSize++;
    }

    private void removeVisibleAt(int at) {
        System.arraycopy(visible, at + 1, visible, at, visibleSize - at - 1);
        System.arraycopy(visibleTimes, at + 1, visibleTimes, at, visibleSize - at - 1);
        visibleSize--;
        visible[visibleSize] = null;
    }

    /**
     * Merges links sorted by id2, none of them present yet, into the id2 index: in place from the end,
     * so only the rows above the smallest new id2 move (none when the batch follows the rows).
     */
    private void mergeRows(List<Link> add) {
        int total = size + add.size();
        if (total > rows.length) {
            int capacity = grow(total, rows.length);
            ids = Arrays.copyOf(ids, capacity);
            rows = Arrays.copyOf(rows, capacity);
        }
        int i = size - 1;
        for (int j = add.size() - 1, k = total - 1; j >= 0; k--) {
            Link next = add.get(j);
            if (i >= 0 && ids[i] > next.id2()) {
                ids[k] = ids[i];
                rows[k] = rows[i--];
            } else {
                ids[k] = next.id2();
                rows[k] = next;
                j--;
            }
        }
        size = total;
    }

    /** Appends a loaded visible link after the sorted part of the visible index; {@link #settle} sorts it. */
    private void appendVisible(Link link) {
        if (visibleSize == visible.length) {
            int capacity = grow(visibleSize + 1, visible.length);
            visible = Arrays.copyOf(visible, capacity);
            visibleTimes = Arrays.copyOf(visibleTimes, capacity);
        }
        visible[visibleSize] = link;
        visibleTimes[visibleSize++] = link.time();
        visibleUnsorted = true;
    }

    /** Puts the visible links a load appended in their order: once per load, O(n log n). */
    private void settle() {
        if (!visibleUnsorted) {
            return;
        }
        Arrays.sort(visible, 0, visibleSize, NEWEST_FIRST);
        for (int k = 0; k < visibleSize; k++) {
            visibleTimes[k] = visible[k].time();
        }
        visibleUnsorted = false;
    }
}
