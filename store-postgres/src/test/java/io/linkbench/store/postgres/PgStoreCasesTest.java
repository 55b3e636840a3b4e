package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.LoadHooks.Step;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.harness.Await;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The store's own cases beyond the TCK: its configuration, serializable writers of one hot
 * (id1, link_type), the list index built after the load and cancelled on the server, and its metrics.
 */
@Tag("postgres")
class PgStoreCasesTest {

    @Test
    void configDefaultsAndOneLineErrors() {
        PgConfig c = PgConfig.from(new Settings(Map.of("password", "s3cret")));
        assertEquals("public", c.schema());
        assertEquals(PgConfig.Isolation.READ_COMMITTED, c.isolation());
        assertEquals(5432, c.port());
        assertFalse(c.toString().contains("s3cret"), c.toString());
        assertEquals(PgConfig.Isolation.REPEATABLE_READ,
                PgConfig.from(new Settings(Map.of("isolation", "repeatable-read"))).isolation());
        ConfigException bad = assertThrows(ConfigException.class,
                () -> PgConfig.from(new Settings(Map.of("pg_schema", "Robert'); DROP"))));
        assertTrue(bad.getMessage().contains("pg_schema"), bad.getMessage());
        assertThrows(ConfigException.class, () -> PgConfig.from(new Settings(Map.of("jdbc_url_options", "a b"))));
    }

    /**
     * Writers of one (id1, link_type) under serializable isolation: some transactions fail with 40001
     * (CONFLICT) and are repeated, and the count still equals the visible links.
     */
    @Test
    void serializableWritersOfOneGroupRetryAndKeepTheCount() throws Exception {
        int writers = 4;
        int ops = 150;
        AtomicLong conflicts = new AtomicLong();
        try (GraphStore store = PgTestServer.freshStore("lbtest_serializable", Map.of("isolation", "serializable"),
                writers + 1)) {
            store.prepareForRequests();
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int w = 0; w < writers; w++) {
                    int worker = w;
                    done.add(pool.submit(() -> {
                        SplittableRandom random = new SplittableRandom(worker);
                        try (StoreSession s = store.session(worker)) {
                            for (int i = 0; i < ops; i++) {
                                long id2 = random.nextInt(8);
                                int kind = random.nextInt(3);
                                Link link = new Link(7, 1, id2, Visibility.VISIBLE, new byte[] {(byte) i}, i, i);
                                for (int attempt = 0; ; attempt++) {
                                    try {
                                        if (kind == 0) {
                                            s.addLink(link);
                                        } else if (kind == 1) {
                                            s.deleteLink(7, 1, id2, random.nextBoolean());
                                        } else {
                                            s.updateOrAddLink(link.withVisibility(random.nextBoolean()
                                                    ? Visibility.VISIBLE : Visibility.HIDDEN));
                                        }
                                        break;
                                    } catch (StoreException e) {
                                        if (e.kind() != Kind.CONFLICT || attempt > 100) {
                                            throw e;
                                        }
                                        conflicts.incrementAndGet();
                                    }
                                }
                            }
                        }
                        return null;
                    }));
                }
                for (Future<?> f : done) {
                    f.get(120, TimeUnit.SECONDS);
                }
            } finally {
                pool.shutdownNow();
            }
            try (StoreSession s = store.session(0)) {
                long visible = s.getLinkList(7, 1, 0, Long.MAX_VALUE, 0, 100).size();
                assertEquals(visible, s.countLinks(7, 1));
            }
            assertTrue(((CountVerifier) store).verifyCounts().ok());
        }
        System.out.println("serializable writers of one group: " + conflicts.get() + " conflicts retried");
        assertTrue(conflicts.get() > 0, "serializable writers of one group conflict now and then");
    }

    @Test
    void listIndexIsBuiltAfterTheLoadAndItsBuildCanBeCancelled() throws Exception {
        String schema = "lbtest_index_after_load";
        try (GraphStore store = PgTestServer.freshStore(schema, Map.of("index_after_load", "true"), 2)) {
            assertFalse(hasListIndex(schema));
            List<Step> steps = ((LoadHooks) store).finishLoadSteps();
            assertEquals(List.of("build index linktable_list", "vacuum analyze"), steps.stream().map(Step::name).toList());

            // hold a lock the build waits for, cancel the build while it waits, and see it fail
            try (Connection blocker = PgTestServer.jdbc(); Statement b = blocker.createStatement()) {
                blocker.setAutoCommit(false);
                b.execute("LOCK TABLE " + schema + ".linktable IN EXCLUSIVE MODE");
                ExecutorService pool = Executors.newSingleThreadExecutor();
                try {
                    Future<?> build = pool.submit(() -> {
                        steps.get(0).run();
                        return null;
                    });
                    awaitWaitingIndexBuild();
                    steps.get(0).canceller().run();
                    Throwable failure = assertThrows(java.util.concurrent.ExecutionException.class,
                            () -> build.get(30, TimeUnit.SECONDS)).getCause();
                    assertTrue(failure instanceof StoreException, String.valueOf(failure));
                    assertTrue(failure.getMessage().contains("cancel"), failure.getMessage());
                } finally {
                    pool.shutdownNow();
                }
                blocker.rollback();
            }
            assertFalse(hasListIndex(schema));
            ((LoadHooks) store).finishLoad();
            assertTrue(hasListIndex(schema));
        }
    }

    @Test
    void metricsAndFacts() throws Exception {
        try (GraphStore store = PgTestServer.freshStore("lbtest_metrics", Map.of(), 2)) {
            StoreMetrics m = (StoreMetrics) store;
            Map<String, Long> before = m.counters();
            try (StoreSession s = store.session(0)) {
                for (int i = 0; i < 50; i++) {
                    s.addLink(new Link(1, 1, i, Visibility.VISIBLE, new byte[100], 1, i));
                }
            }
            // backends publish their statistics at most once a second
            Map<String, Long> after = Await.until(Duration.ofSeconds(30), "50 commits in pg_stat_database", m::counters,
                    a -> a.get("pg_stat_database.xact_commit") - before.get("pg_stat_database.xact_commit") >= 50);
            assertTrue(after.get("statements") - before.get("statements") >= 50, before + " -> " + after);
            assertTrue(after.get("pg_stat_wal.wal_bytes") > before.get("pg_stat_wal.wal_bytes"));
            assertTrue(after.containsKey("pg_stat_bgwriter.checkpoints_req"), after.toString());
            assertTrue(m.sizeBytes().orElseThrow() > 0);
            StoreInfo info = store.info();
            assertTrue(info.transactional());
            assertTrue(info.version().startsWith("1"), info.version());
            assertTrue(info.facts().containsKey("server.shared_buffers"), info.facts().toString());
            assertTrue(info.facts().containsKey("server.synchronous_commit"), info.facts().toString());
            assertEquals("read committed", info.facts().get("isolation"));
            assertEquals("128MB", info.facts().get("server.shared_buffers"));
            if (m.dataDirectory().isPresent()) { // the server runs here and the role may read data_directory
                assertTrue(m.serverPid().isPresent(), "the postmaster's pid from postmaster.pid");
            }
        }
    }

    private static boolean hasListIndex(String schema) throws SQLException {
        try (Connection c = PgTestServer.jdbc(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT to_regclass('" + schema + ".linktable_list') IS NOT NULL")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static void awaitWaitingIndexBuild() throws Exception {
        try (Connection c = PgTestServer.jdbc(); Statement s = c.createStatement()) {
            for (int i = 0; i < 300; i++) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM pg_stat_activity"
                        + " WHERE query LIKE 'CREATE INDEX%' AND wait_event_type = 'Lock'")) {
                    rs.next();
                    if (rs.getInt(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(100);
            }
        }
        throw new AssertionError("the index build never waited for the lock");
    }
}
