package io.linkbench.store.rocksdb;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.support.NodeIdBlocks;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * What the bulk loads of one session (loadNodes, loadLinks, loadCounts) put in their write batch: the
 * rows of each list, with no lock and no transaction. Called by {@link RocksDbSession}, which skips an
 * empty list and, inside its gate and failure handling, empties its load batch, has it filled here and
 * writes it with the load's write options.
 */
final class BulkLoads {
    /** One bulk load: adds the rows of {@code rows} to {@code batch}. */
    @FunctionalInterface
    interface Load<T> {
        void fill(WriteBatch batch, List<T> rows) throws StoreException, RocksDBException;
    }

    private final Database d;
    /** ADD_NODE's ids, raised above the loaded nodes'. */
    private final NodeIdBlocks nodeIds;

    BulkLoads(Database d, NodeIdBlocks nodeIds) {
        this.d = d;
        this.nodeIds = nodeIds;
    }

    /** The node rows; ADD_NODE's ids are raised above the highest loaded one. */
    void nodes(WriteBatch batch, List<Node> nodes) throws StoreException, RocksDBException {
        long maxId = Long.MIN_VALUE;
        for (Node n : nodes) {
            batch.put(d.nodes, Keys.node(n.id()), Values.node(n));
            maxId = Math.max(maxId, n.id());
        }
        nodeIds.raiseAbove(maxId);
    }

    /** The link rows, and the link_time entries of the visible ones. */
    void links(WriteBatch batch, List<Link> links) throws RocksDBException {
        for (Link l : links) {
            batch.put(d.links, Keys.link(l.id1(), l.linkType(), l.id2()), Values.link(l));
            if (l.isVisible()) {
                batch.put(d.linkTime, Keys.linkTime(l.id1(), l.linkType(), l.time(), l.id2()), Values.timeEntry(l));
            }
        }
    }

    /** The count rows: the count, version and time cells of each. */
    void counts(WriteBatch batch, List<LinkCount> counts) throws RocksDBException {
        ColumnFamilyHandle cf = d.counts;
        for (LinkCount c : counts) {
            batch.put(cf, Keys.count(c.id1(), c.linkType(), Keys.CELL_COUNT), Bytes.uint64(c.count()));
            batch.put(cf, Keys.count(c.id1(), c.linkType(), Keys.CELL_VERSION), Bytes.uint64(c.version()));
            batch.put(cf, Keys.count(c.id1(), c.linkType(), Keys.CELL_TIME), Bytes.long8(c.time()));
        }
    }
}
