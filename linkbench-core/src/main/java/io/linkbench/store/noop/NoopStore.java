package io.linkbench.store.noop;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreSession;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The no-op store: reads find nothing, writes are dropped. Not a conforming store (it fails the TCK
 * by design); only for measuring the driver.
 */
public final class NoopStore implements GraphStore {
    private final AtomicLong nextNodeId = new AtomicLong(1L << 62);

    @Override
    public StoreInfo info() {
        return new StoreInfo("noop", "", "", Map.of(), false);
    }

    @Override
    public void prepareForLoad(SchemaMode mode) {
    }

    @Override
    public void prepareForRequests() {
    }

    @Override
    public StoreSession session(int workerId) {
        return new Session();
    }

    @Override
    public void close() {
    }

    private final class Session implements StoreSession {
        private long localIds;

        @Override
        public long addNode(Node node) {
            // blocks of ids keep the shared counter off the hot path
            if ((localIds & 1023) == 0) {
                localIds = nextNodeId.getAndAdd(1024);
            }
            return localIds++;
        }

        @Override
        public Node getNode(long id, int type) {
            return null;
        }

        @Override
        public boolean updateNode(Node node) {
            return false;
        }

        @Override
        public boolean deleteNode(long id, int type) {
            return false;
        }

        @Override
        public boolean addLink(Link link) {
            return true;
        }

        @Override
        public boolean updateLink(Link link) {
            return false;
        }

        /** As if the link were missing and inserted (as {@link #updateLink} and {@link #addLink} answer). */
        @Override
        public boolean updateOrAddLink(Link link) {
            return false;
        }

        @Override
        public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) {
            return false;
        }

        @Override
        public long countLinks(long id1, long linkType) {
            return 0;
        }

        @Override
        public List<Link> multigetLinks(long id1, long linkType, long[] id2s) {
            return List.of();
        }

        @Override
        public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit) {
            return List.of();
        }

        @Override
        public void loadNodes(List<Node> nodes) {
        }

        @Override
        public void loadLinks(List<Link> links) {
        }

        @Override
        public void loadCounts(List<LinkCount> counts) {
        }

        @Override
        public void close() {
        }
    }
}
