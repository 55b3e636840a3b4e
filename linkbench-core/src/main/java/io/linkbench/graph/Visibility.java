package io.linkbench.graph;

/** Whether a link is seen by reads and counted. Hidden links keep their row so ADD_LINK can revive them. */
public enum Visibility {
    /** Counted, and returned by every read. */
    VISIBLE,
    /** Not counted; returned by MULTIGET_LINK only, never by GET_LINKS_LIST. */
    HIDDEN;

    /** The stored code: 0 for HIDDEN, 1 for VISIBLE (as in the original benchmark's schema). */
    public byte code() {
        return this == VISIBLE ? (byte) 1 : (byte) 0;
    }

    /** The visibility for a stored code written by {@link #code()}. */
    public static Visibility ofCode(int code) {
        return switch (code) {
            case 0 -> HIDDEN;
            case 1 -> VISIBLE;
            default -> throw new IllegalArgumentException("visibility code must be 0 or 1, got " + code);
        };
    }
}
