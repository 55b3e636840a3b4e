package io.linkbench.workload.tao;

import io.linkbench.workload.Op;
import java.util.Optional;

/**
 * The operations of a TAOBench workload, by their names in the distribution files, each mapped onto the
 * linkbench {@link Op} that does the same thing on the node and link tables (objects are nodes, edges
 * are links). An edge point read is a MULTIGET_LINK of one id2; a range read is a GET_LINKS_LIST (the
 * newest links of the pair); a time read is a GET_LINKS_LIST bounded by a time range.
 */
public enum TaoOp {
    OBJ_READ("obj_read", Op.GET_NODE, true, false),
    EDGE_POINT_READ("edge_point_read", Op.MULTIGET_LINK, true, true),
    EDGE_RANGE_READ("edge_range_read", Op.GET_LINKS_LIST, true, true),
    EDGE_COUNT_READ("edge_count_read", Op.COUNT_LINK, true, true),
    EDGE_TIME_READ("edge_time_read", Op.GET_LINKS_LIST, true, true),
    OBJ_ADD("obj_add", Op.ADD_NODE, false, false),
    OBJ_UPDATE("obj_update", Op.UPDATE_NODE, false, false),
    OBJ_DELETE("obj_delete", Op.DELETE_NODE, false, false),
    EDGE_ADD("edge_add", Op.ADD_LINK, false, true),
    EDGE_UPDATE("edge_update", Op.UPDATE_LINK, false, true),
    EDGE_DELETE("edge_delete", Op.DELETE_LINK, false, true);

    private final String fileName;
    private final Op op;
    private final boolean read;
    private final boolean edge;

    TaoOp(String fileName, Op op, boolean read, boolean edge) {
        this.fileName = fileName;
        this.op = op;
        this.read = read;
        this.edge = edge;
    }

    /** The name in the distribution files, e.g. {@code edge_range_read}. */
    public String fileName() {
        return fileName;
    }

    /** The linkbench operation that executes it. */
    public Op op() {
        return op;
    }

    /** True for the five reads. */
    public boolean isRead() {
        return read;
    }

    /** True for edge (link) operations: they carry an id2 and an edge type. */
    public boolean isEdge() {
        return edge;
    }

    /** The operation of file name {@code name}, if any. */
    public static Optional<TaoOp> ofFileName(String name) {
        for (TaoOp t : values()) {
            if (t.fileName.equals(name)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
