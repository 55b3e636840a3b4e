package io.linkbench.tck;

import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The link operations as the {@link io.linkbench.store.StoreSession} contract defines them, on plain
 * maps: the expected results of the random tests. Counts equal the visible links, as in a store
 * that started empty.
 */
final class LinkModel {
    /** (id1, linkType) of a group of the model. */
    record Group(long id1, long linkType) {
    }

    private final Map<Group, TreeMap<Long, Link>> groups = new TreeMap<>(
            (a, b) -> a.id1 != b.id1 ? Long.compare(a.id1, b.id1) : Long.compare(a.linkType, b.linkType));

    private TreeMap<Long, Link> group(long id1, long linkType) {
        return groups.computeIfAbsent(new Group(id1, linkType), g -> new TreeMap<>());
    }

    boolean addLink(Link l) {
        return group(l.id1(), l.linkType()).put(l.id2(), l) == null;
    }

    boolean updateLink(Link l) {
        TreeMap<Long, Link> g = group(l.id1(), l.linkType());
        return g.replace(l.id2(), l) != null;
    }

    /** UPDATE_LINK that inserts a missing link: true when the link existed. */
    boolean updateOrAddLink(Link l) {
        return !addLink(l);
    }

    boolean deleteLink(long id1, long linkType, long id2, boolean expunge) {
        TreeMap<Long, Link> g = group(id1, linkType);
        Link old = g.get(id2);
        if (old == null) {
            return false;
        }
        if (expunge) {
            g.remove(id2);
        } else {
            g.put(id2, old.withVisibility(Visibility.HIDDEN));
        }
        return true;
    }

    long count(long id1, long linkType) {
        return group(id1, linkType).values().stream().filter(Link::isVisible).count();
    }

    /** Every link of the group (hidden too), by ascending id2. */
    List<Link> links(long id1, long linkType) {
        return new ArrayList<>(group(id1, linkType).values());
    }

    /** The groups ever touched. */
    Set<Group> groups() {
        return groups.keySet();
    }
}
