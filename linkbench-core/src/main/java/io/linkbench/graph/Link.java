package io.linkbench.graph;

import java.util.Arrays;
import java.util.Objects;

/**
 * A directed, typed edge; (id1, linkType, id2) is its key.
 *
 * @param id1        source node id
 * @param linkType   link type
 * @param id2        destination node id
 * @param visibility VISIBLE or HIDDEN
 * @param data       payload, 0 bytes or more; never null. Stores must not modify it.
 * @param version    application-defined version
 * @param time       milliseconds since the epoch; GET_LINKS_LIST orders by it
 */
public record Link(long id1, long linkType, long id2, Visibility visibility, byte[] data, int version, long time) {

    public Link {
        Objects.requireNonNull(visibility, "visibility");
        Objects.requireNonNull(data, "data");
    }

    /** This link with another visibility. */
    public Link withVisibility(Visibility v) {
        return new Link(id1, linkType, id2, v, data, version, time);
    }

    public boolean isVisible() {
        return visibility == Visibility.VISIBLE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Link l && id1 == l.id1 && linkType == l.linkType && id2 == l.id2
                && visibility == l.visibility && version == l.version && time == l.time
                && Arrays.equals(data, l.data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id1, linkType, id2, visibility, version, time) * 31 + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "Link[" + id1 + "/" + linkType + "/" + id2 + " " + visibility + " v" + version + " t" + time
                + " " + data.length + " bytes]";
    }
}
