package io.linkbench.store.mysql;

import io.linkbench.store.GraphStore;
import io.linkbench.tck.GraphStoreContract;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK against the Spider cluster of scripts/start-spider.sh with InnoDB backends, in a database
 * of its own; the fault contracts kill the session's connections to the head ({@link KillsSessionConnections}).
 * Spider has no snapshot across backends, one per backend: the TCK's read-only transaction over two groups
 * reads two groups on one backend ({@link #id1InOneSnapshotWith}).
 */
@Tag("spider")
class SpiderInnoDbStoreTest extends GraphStoreContract implements KillsSessionConnections {
    private static final String DB = "lbtest_spider_innodb";

    @Override
    protected GraphStore openFreshStore() throws Exception {
        return SpiderTestCluster.freshStore("InnoDB", DB, Map.of(), maxSessions());
    }

    @Override
    protected GraphStore reopenStore() throws Exception {
        return SpiderTestCluster.open(SpiderTestCluster.settings("InnoDB", DB, Map.of()), maxSessions());
    }

    @Override
    public Connection adminConnection() throws SQLException {
        return SpiderTestCluster.jdbc(0, "");
    }

    /** An id1 on the backend of {@code id1}: a read-only transaction reads one snapshot per backend. */
    @Override
    protected long id1InOneSnapshotWith(GraphStore store, long id1) throws Exception {
        return SpiderTestCluster.id1OnTheBackendOf(DB, id1);
    }
}
