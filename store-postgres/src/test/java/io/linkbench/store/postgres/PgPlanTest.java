package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.StoreSession;
import io.linkbench.store.postgres.SqlText.Q;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The plan of every request statement on a loaded, vacuumed table, both as the server plans it for
 * the values given (custom plan) and as a cached statement may run after a few executions (generic
 * plan; MULTIGET is always planned for its array): an index scan on the primary key or the list index,
 * never a sequential scan.
 */
@Tag("postgres")
class PgPlanTest {
    private static final String SCHEMA = "lbtest_plan";
    private static final int ID1S = 2000;
    private static final int LINKS_PER_ID1 = 10;
    /** Example arguments of each statement, in the order of its parameters. */
    private static final Map<Q, String> ARGS = new EnumMap<>(Q.class);
    private static SqlText sql;

    static {
        ARGS.put(Q.GET_NODE, "17, 1");
        ARGS.put(Q.UPDATE_NODE, "2, 3, '\\x00'::bytea, 17, 1");
        ARGS.put(Q.DELETE_NODE, "17, 1");
        ARGS.put(Q.LINK_INSERT, "17, 1, 5, 1::smallint, 9, 1, '\\x00'::bytea, NULL::bytea");
        ARGS.put(Q.LINK_LOCK, "17, 1, 5");
        ARGS.put(Q.LINK_UPDATE, "1::smallint, 9, 1, '\\x00'::bytea, NULL::bytea, 17, 1, 5");
        ARGS.put(Q.LINK_HIDE, "17, 1, 5");
        ARGS.put(Q.LINK_EXPUNGE, "17, 1, 5");
        ARGS.put(Q.LINK_DATA_EXT, "17, 1, 5");
        ARGS.put(Q.LINK_GET, "17, 1, 5");
        ARGS.put(Q.MULTIGET, "17, 1, ARRAY[3, 5, 8]::bigint[]");
        ARGS.put(Q.GET_LINK_LIST, "17, 1, 0, 9223372036854775807, 0, 10");
        ARGS.put(Q.COUNT_UPSERT, "17, 1, 1, 9, 1");
        ARGS.put(Q.COUNT_GET, "17, 1");
    }

    @BeforeAll
    static void load() throws Exception {
        Map<String, String> settings = PgTestServer.settings(SCHEMA, Map.of());
        try (GraphStore store = PgTestServer.freshStore(SCHEMA, Map.of(), 2)) {
            try (StoreSession s = store.session(0)) {
                List<Node> nodes = new ArrayList<>();
                List<Link> links = new ArrayList<>();
                List<LinkCount> counts = new ArrayList<>();
                for (int id1 = 1; id1 <= ID1S; id1++) {
                    nodes.add(new Node(id1, 1, 1, 1, new byte[] {1, 2}));
                    for (int id2 = 1; id2 <= LINKS_PER_ID1; id2++) {
                        links.add(new Link(id1, 1, id2, Visibility.VISIBLE, new byte[] {3}, 1, id2 * 100L));
                    }
                    counts.add(new LinkCount(id1, 1, LINKS_PER_ID1, 1, 1));
                }
                s.loadNodes(nodes);
                s.loadLinks(links);
                s.loadCounts(counts);
            }
            ((LoadHooks) store).finishLoad();
            store.prepareForRequests();
        }
        sql = new SqlText(PgConfig.from(new Settings(settings)));
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        if (sql != null) {
            try (Connection c = PgTestServer.jdbc(); Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA " + SCHEMA + " CASCADE");
            }
        }
    }

    @Test
    void everyStatementUsesAnIndexInCustomAndGenericPlans() throws SQLException {
        try (Connection c = PgTestServer.jdbc(); Statement s = c.createStatement()) {
            c.setAutoCommit(false); // EXPLAIN changes nothing, and the settings below end with the test
            for (String mode : List.of("force_custom_plan", "force_generic_plan")) {
                s.execute("SET LOCAL plan_cache_mode = " + mode);
                for (Map.Entry<Q, String> e : ARGS.entrySet()) {
                    if (e.getKey() == Q.MULTIGET && mode.equals("force_generic_plan")) {
                        continue; // never runs so: planned for each array (SqlConnection)
                    }
                    String plan = plan(s, e.getKey(), e.getValue());
                    String where = e.getKey() + " (" + mode + "):\n" + plan;
                    assertFalse(plan.contains("Seq Scan"), where);
                    assertTrue(plan.contains("Index") || plan.contains("Conflict Arbiter"), where);
                    if (e.getKey() == Q.GET_LINK_LIST) {
                        assertTrue(plan.contains("Index Only Scan using linktable_list"), where);
                        assertFalse(plan.contains("Sort"), "the index gives the order: " + where);
                    }
                    if (e.getKey() == Q.MULTIGET || e.getKey() == Q.LINK_LOCK || e.getKey() == Q.LINK_GET) {
                        assertTrue(plan.contains("using linktable_pkey"), where);
                        assertTrue(plan.contains("Index Cond: ((id1 = ") && plan.contains("AND (id2 = "), where);
                    }
                    if (e.getKey() == Q.COUNT_UPSERT || e.getKey() == Q.LINK_INSERT) {
                        assertTrue(plan.contains("Conflict Arbiter Indexes: " + (e.getKey() == Q.COUNT_UPSERT
                                ? "counttable_pkey" : "linktable_pkey")), where);
                    }
                }
            }
            c.rollback();
        }
    }

    /** EXPLAIN EXECUTE of the statement prepared with $n parameters. */
    private static String plan(Statement s, Q q, String args) throws SQLException {
        String text = sql.of(q);
        StringBuilder numbered = new StringBuilder();
        int n = 0;
        for (char ch : text.toCharArray()) {
            if (ch == '?') {
                numbered.append('$').append(++n);
            } else {
                numbered.append(ch);
            }
        }
        String name = "plan_" + q.name().toLowerCase();
        s.execute("PREPARE " + name + " AS " + numbered);
        StringBuilder out = new StringBuilder();
        try (ResultSet rs = s.executeQuery("EXPLAIN EXECUTE " + name + "(" + args + ")")) {
            while (rs.next()) {
                out.append(rs.getString(1)).append('\n');
            }
        }
        s.execute("DEALLOCATE " + name);
        return out.toString();
    }
}
