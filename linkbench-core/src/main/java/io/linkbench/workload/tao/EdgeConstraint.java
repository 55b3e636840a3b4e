package io.linkbench.workload.tao;

import java.util.Optional;

/**
 * The insert constraint of an edge type, by its name in the {@code edge_types} distribution: a unique
 * edge type allows one edge per (id1, type), a bidirectional one is written with its inverse edge
 * (id2 to id1) in the same transaction, both combines the two, and other has no constraint. The
 * generator gives each constraint a link type of its own ({@link #linkType}).
 */
public enum EdgeConstraint {
    UNIQUE("unique"),
    BIDIRECTIONAL("bidirectional"),
    UNIQUE_AND_BIDIRECTIONAL("unique_and_bidirectional"),
    OTHER("other");

    private final String fileName;

    EdgeConstraint(String fileName) {
        this.fileName = fileName;
    }

    /** The name in the distribution files. */
    public String fileName() {
        return fileName;
    }

    /** The link type of the edges under this constraint: 1 .. 4 in declaration order. */
    public long linkType() {
        return ordinal() + 1L;
    }

    /** True when an insert must fail if (id1, type) already holds a visible edge. */
    public boolean unique() {
        return this == UNIQUE || this == UNIQUE_AND_BIDIRECTIONAL;
    }

    /** True when an insert also writes the inverse edge. */
    public boolean bidirectional() {
        return this == BIDIRECTIONAL || this == UNIQUE_AND_BIDIRECTIONAL;
    }

    /** The constraint of file name {@code name}, if any. */
    public static Optional<EdgeConstraint> ofFileName(String name) {
        for (EdgeConstraint c : values()) {
            if (c.fileName.equals(name)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }
}
