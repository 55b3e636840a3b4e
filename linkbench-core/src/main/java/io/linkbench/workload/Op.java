package io.linkbench.workload;

/** The ten operations of the request phase, with the property key of their weight in the mix. */
public enum Op {
    ADD_NODE("addnode"),
    UPDATE_NODE("updatenode"),
    DELETE_NODE("deletenode"),
    GET_NODE("getnode"),
    ADD_LINK("addlink"),
    DELETE_LINK("deletelink"),
    UPDATE_LINK("updatelink"),
    COUNT_LINK("countlink"),
    MULTIGET_LINK("getlink"),
    GET_LINKS_LIST("getlinklist");

    private static final Op[] VALUES = values();

    private final String mixKey;

    Op(String mixKey) {
        this.mixKey = mixKey;
    }

    /** The property that holds this operation's percentage of the mix, e.g. {@code addlink}. */
    public String mixKey() {
        return mixKey;
    }

    /** The operations in declaration order (a shared array: do not modify). */
    static Op[] valuesShared() {
        return VALUES;
    }

    public static int count() {
        return VALUES.length;
    }

    public static Op ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }
}
