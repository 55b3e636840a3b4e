package io.linkbench.store.memory;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The memory store's monotonic counters and its size estimate. {@link LongAdder}s, so sessions on
 * several cores do not contend on one cache line.
 *
 * <p>The size is an estimate for a 64-bit JVM with compressed references: payload bytes plus a fixed
 * overhead per row for the object, its array header and its index and map entries.
 */
final class MemoryStats {
    /** Node record (40), its data array header (16), the map entry (32), the boxed key (24), a table slot. */
    static final long NODE_OVERHEAD = 120;
    /** Link record (56), its data array header (16), its slots in the two indexes (24). */
    static final long LINK_OVERHEAD = 96;
    /** Group object (72), its key (32), its map entry (32), a table slot, its four array headers (64). */
    static final long GROUP_OVERHEAD = 208;

    private final LongAdder nodeRowsRead = new LongAdder();
    private final LongAdder nodeRowsWritten = new LongAdder();
    private final LongAdder linkRowsRead = new LongAdder();
    private final LongAdder linkRowsWritten = new LongAdder();
    private final LongAdder countRowsRead = new LongAdder();
    private final LongAdder countRowsWritten = new LongAdder();
    private final LongAdder payloadBytesWritten = new LongAdder();
    private final LongAdder liveBytes = new LongAdder();

    void nodeRead() {
        nodeRowsRead.increment();
    }

    void linksRead(int n) {
        linkRowsRead.add(n);
    }

    void countRead() {
        countRowsRead.increment();
    }

    void countWritten() {
        countRowsWritten.increment();
    }

    void groupCreated() {
        liveBytes.add(GROUP_OVERHEAD);
    }

    /** A node row written over {@code old} (null when it is new). */
    void nodeWritten(Node old, Node now) {
        nodeRowsWritten.increment();
        payloadBytesWritten.add(now.data().length);
        liveBytes.add(old == null ? NODE_OVERHEAD + now.data().length : now.data().length - old.data().length);
    }

    void nodeRemoved(Node old) {
        nodeRowsWritten.increment();
        liveBytes.add(-(NODE_OVERHEAD + old.data().length));
    }

    /** A link row written over {@code old} (null when it is new). */
    void linkWritten(Link old, Link now) {
        linkRowsWritten.increment();
        payloadBytesWritten.add(now.data().length);
        liveBytes.add(old == null ? LINK_OVERHEAD + now.data().length : now.data().length - old.data().length);
    }

    void linkExpunged(Link old) {
        linkRowsWritten.increment();
        liveBytes.add(-(LINK_OVERHEAD + old.data().length));
    }

    /** Forgets the size after all data was dropped; the counters stay monotonic. */
    void dataDropped() {
        liveBytes.reset();
    }

    long estimatedBytes() {
        return Math.max(0, liveBytes.sum());
    }

    /** The counters by stable name, in display order. */
    Map<String, Long> counters() {
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("node_rows_read", nodeRowsRead.sum());
        out.put("node_rows_written", nodeRowsWritten.sum());
        out.put("link_rows_read", linkRowsRead.sum());
        out.put("link_rows_written", linkRowsWritten.sum());
        out.put("count_rows_read", countRowsRead.sum());
        out.put("count_rows_written", countRowsWritten.sum());
        out.put("payload_bytes_written", payloadBytesWritten.sum());
        return out;
    }
}
