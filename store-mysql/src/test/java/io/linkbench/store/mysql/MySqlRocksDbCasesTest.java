package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The MySQL store's own cases on ROCKSDB. */
@Tag("mysql")
class MySqlRocksDbCasesTest extends MySqlStoreCases {
    @Override
    String engine() {
        return "ROCKSDB";
    }

    /**
     * Why {@code getlinklist_statement} defaults to text on MyRocks: the text statement's rows come from
     * the covering index alone ({@code Rocksdb_covered_secondary_key_lookups} grows by every row read),
     * also while another session writes to the table between the reads.
     */
    @Test
    void theTextListStatementReadsTheCoveringIndexAloneWhileAnotherSessionWrites() throws Exception {
        int rows = 300;
        int reads = 5;
        try (GraphStore text = MySqlTestServer.open(MySqlTestServer.settings(engine(), database(),
                Map.of(MySqlConfig.LIST_STATEMENT, "text")));
             StoreSession reader = text.session(0); StoreSession writer = text.session(1)) {
            for (long id2 = 0; id2 < rows; id2++) {
                writer.addLink(new Link(7, 1, id2, Visibility.VISIBLE, new byte[] {(byte) id2}, 1, id2));
            }
            StoreMetrics metrics = (StoreMetrics) text;
            long before = metrics.counters().get("Rocksdb_covered_secondary_key_lookups");
            for (int i = 0; i < reads; i++) {
                writer.addLink(new Link(8, 1, i, Visibility.VISIBLE, new byte[] {1}, 1, i));
                assertEquals(rows, reader.getLinkList(7, 1, 0, Long.MAX_VALUE, 0, 10_000).size());
            }
            long covered = metrics.counters().get("Rocksdb_covered_secondary_key_lookups") - before;
            assertTrue(covered >= (long) rows * reads, "covered secondary-key reads: " + covered + " for "
                    + rows * reads + " rows read");
        }
    }
}
