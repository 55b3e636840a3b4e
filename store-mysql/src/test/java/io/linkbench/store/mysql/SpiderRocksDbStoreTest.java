package io.linkbench.store.mysql;

import io.linkbench.store.GraphStore;
import io.linkbench.tck.GraphStoreContract;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The store TCK against the Spider cluster of scripts/start-spider.sh with ROCKSDB backends, in a database
 * of its own; the fault contracts kill the session's connections to the head ({@link KillsSessionConnections}).
 * Spider has no snapshot across backends: the TCK's read-only transaction over two groups is skipped
 * ({@link NoSnapshotAcrossBackends}).
 */
@Tag("spider")
@ExtendWith(NoSnapshotAcrossBackends.class)
class SpiderRocksDbStoreTest extends GraphStoreContract implements KillsSessionConnections {
    private static final String DB = "lbtest_spider_rocksdb";

    @Override
    protected GraphStore openFreshStore() throws Exception {
        return SpiderTestCluster.freshStore("ROCKSDB", DB, Map.of(), maxSessions());
    }

    @Override
    protected GraphStore reopenStore() throws Exception {
        return SpiderTestCluster.open(SpiderTestCluster.settings("ROCKSDB", DB, Map.of()), maxSessions());
    }

    @Override
    public Connection adminConnection() throws SQLException {
        return SpiderTestCluster.jdbc(0, "");
    }
}
