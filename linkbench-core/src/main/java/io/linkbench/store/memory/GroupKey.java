package io.linkbench.store.memory;

/** The key of a {@link LinkGroup}: (id1, linkType). */
final class GroupKey {
    final long id1;
    final long linkType;

    GroupKey(long id1, long linkType) {
        this.id1 = id1;
        this.linkType = linkType;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GroupKey k && k.id1 == id1 && k.linkType == linkType;
    }

    @Override
    public int hashCode() {
        long h = id1 * 0x9E3779B97F4A7C15L + linkType;
        return (int) (h ^ (h >>> 32));
    }

    @Override
    public String toString() {
        return id1 + "/" + linkType;
    }
}
