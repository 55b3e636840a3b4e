package io.linkbench.run;

import io.linkbench.graph.Link;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.Op;
import io.linkbench.workload.Request;
import io.linkbench.workload.WorkloadRules.UpdateMissing;
import java.util.List;

/**
 * The store call of each operation, in an array indexed by {@link Op#ordinal()}: the driver's
 * dispatch. Each call returns the number of rows it found, returned or changed, and sets
 * {@link Request#found} (and, for GET_LINKS_LIST, {@link Request#lastTime}, which feeds the list
 * history). Public so benchmarks of the driver's path measure this very table.
 */
public final class OpCalls {
    /** One store call. */
    @FunctionalInterface
    interface Call {
        int run(StoreSession s, Request r) throws StoreException;
    }

    private final Call[] calls = new Call[Op.count()];

    /** @param updateMissing what UPDATE_LINK does with a link that does not exist */
    public OpCalls(UpdateMissing updateMissing) {
        put(Op.ADD_NODE, (s, r) -> {
            s.addNode(r.node);
            r.found = false;
            return 1;
        });
        put(Op.UPDATE_NODE, (s, r) -> found(r, s.updateNode(r.node)));
        put(Op.DELETE_NODE, (s, r) -> found(r, s.deleteNode(r.id1, GraphShape.NODE_TYPE)));
        put(Op.GET_NODE, (s, r) -> found(r, s.getNode(r.id1, GraphShape.NODE_TYPE) != null));
        put(Op.ADD_LINK, (s, r) -> {
            r.found = !s.addLink(r.link);
            return 1;
        });
        put(Op.DELETE_LINK, (s, r) -> found(r, s.deleteLink(r.id1, r.linkType, r.id2, r.expunge)));
        put(Op.UPDATE_LINK, switch (updateMissing) {
            case INSERT -> (s, r) -> {
                r.found = s.updateOrAddLink(r.link);
                return 1;
            };
            case UPSERT -> (s, r) -> {
                r.found = !s.addLink(r.link);
                return 1;
            };
            case SKIP -> (s, r) -> found(r, s.updateLink(r.link));
        });
        put(Op.COUNT_LINK, (s, r) -> {
            long count = s.countLinks(r.id1, r.linkType);
            r.found = count > 0;
            return (int) Math.min(Integer.MAX_VALUE, count);
        });
        put(Op.MULTIGET_LINK, (s, r) -> rows(r, s.multigetLinks(r.id1, r.linkType, r.id2Array()).size()));
        put(Op.GET_LINKS_LIST, (s, r) -> {
            List<Link> list = s.getLinkList(r.id1, r.linkType, r.minTime, r.maxTime, r.offset, r.limit);
            r.lastTime = list.isEmpty() ? 0 : list.get(list.size() - 1).time();
            return rows(r, list.size());
        });
        for (Op op : Op.values()) {
            if (calls[op.ordinal()] == null) {
                throw new IllegalStateException("no store call for " + op);
            }
        }
    }

    private static int found(Request r, boolean found) {
        r.found = found;
        return found ? 1 : 0;
    }

    private static int rows(Request r, int rows) {
        r.found = rows > 0;
        return rows;
    }

    private void put(Op op, Call call) {
        calls[op.ordinal()] = call;
    }

    Call of(Op op) {
        return calls[op.ordinal()];
    }

    /** Calls the store for {@code r} and returns the rows it found, returned or changed. */
    public int run(StoreSession s, Request r) throws StoreException {
        return calls[r.op.ordinal()].run(s, r);
    }
}
