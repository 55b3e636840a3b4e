package io.linkbench.store.memory;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The before-images of what one memory store transaction changed, recorded before each write (the
 * writes themselves apply in place) and put back newest first on rollback: a node (null where the
 * transaction added it), or a link (null where it added it) with its group's count row. A write that
 * touches a row twice records it twice; replaying in reverse ends at the first image. Used by one
 * session's thread while it holds the store's exclusive {@link TransactionLock}, so nothing changes
 * the rows between an image and its write.
 */
final class UndoLog {
    /** One before-image. */
    private sealed interface Image permits NodeImage, LinkImage {
    }

    private record NodeImage(long id, Node before) implements Image {
    }

    private record LinkImage(LinkGroup group, long id2, Link before, LinkGroup.CountRow count) implements Image {
    }

    private final List<Image> images = new ArrayList<>();

    /** Before a write of node {@code id}: its current row, or null when the write adds it. */
    void node(long id, Node before) {
        images.add(new NodeImage(id, before));
    }

    /** Before a write of the link {@code id2} of {@code group}: the link and the count row as they are. */
    void link(LinkGroup group, long id2) {
        images.add(new LinkImage(group, id2, group.get(id2), group.countRow()));
    }

    /** Puts every image back, newest first, and empties the log. */
    void rollBack(ConcurrentHashMap<Long, Node> nodes, MemoryStats stats) {
        for (int i = images.size() - 1; i >= 0; i--) {
            Image image = images.get(i);
            if (image instanceof NodeImage n) {
                restore(nodes, n, stats);
            } else if (image instanceof LinkImage l) {
                l.group().restore(l.id2(), l.before(), l.count(), stats);
            }
        }
        images.clear();
    }

    /** Forgets the images: the transaction committed. */
    void clear() {
        images.clear();
    }

    private static void restore(ConcurrentHashMap<Long, Node> nodes, NodeImage image, MemoryStats stats) {
        if (image.before() == null) {
            Node added = nodes.remove(image.id());
            if (added != null) {
                stats.nodeRemoved(added);
            }
        } else {
            stats.nodeWritten(nodes.put(image.id(), image.before()), image.before());
        }
    }
}
