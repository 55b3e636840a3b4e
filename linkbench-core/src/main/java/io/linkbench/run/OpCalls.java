package io.linkbench.run;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.workload.Op;
import io.linkbench.workload.Request;

/**
 * The store call of each operation, in an array indexed by {@link Op#ordinal()}: the driver's
 * dispatch. Each call returns the number of rows it found or changed (GET_LINKS_LIST's size feeds the
 * list history). Public so benchmarks of the driver's path measure this very table.
 */
public final class OpCalls {
    /** One store call. */
    @FunctionalInterface
    interface Call {
        int run(StoreSession s, Request r) throws StoreException;
    }

    private final Call[] calls = new Call[Op.count()];

    public OpCalls() {
        put(Op.ADD_NODE, (s, r) -> {
            s.addNode(r.node);
            return 1;
        });
        put(Op.UPDATE_NODE, (s, r) -> s.updateNode(r.node) ? 1 : 0);
        put(Op.DELETE_NODE, (s, r) -> s.deleteNode(r.id1, io.linkbench.workload.GraphShape.NODE_TYPE) ? 1 : 0);
        put(Op.GET_NODE, (s, r) -> s.getNode(r.id1, io.linkbench.workload.GraphShape.NODE_TYPE) != null ? 1 : 0);
        put(Op.ADD_LINK, (s, r) -> s.addLink(r.link) ? 1 : 0);
        put(Op.DELETE_LINK, (s, r) -> s.deleteLink(r.id1, r.linkType, r.id2, r.expunge) ? 1 : 0);
        put(Op.UPDATE_LINK, (s, r) -> s.updateLink(r.link) ? 1 : 0);
        put(Op.COUNT_LINK, (s, r) -> (int) Math.min(Integer.MAX_VALUE, s.countLinks(r.id1, r.linkType)));
        put(Op.MULTIGET_LINK, (s, r) -> s.multigetLinks(r.id1, r.linkType, r.id2Array()).size());
        put(Op.GET_LINKS_LIST, (s, r) -> s.getLinkList(r.id1, r.linkType, r.minTime, r.maxTime, r.offset, r.limit).size());
        for (Op op : Op.values()) {
            if (calls[op.ordinal()] == null) {
                throw new IllegalStateException("no store call for " + op);
            }
        }
    }

    private void put(Op op, Call call) {
        calls[op.ordinal()] = call;
    }

    Call of(Op op) {
        return calls[op.ordinal()];
    }

    /** Calls the store for {@code r} and returns the rows it found or changed. */
    public int run(StoreSession s, Request r) throws StoreException {
        return calls[r.op.ordinal()].run(s, r);
    }
}
