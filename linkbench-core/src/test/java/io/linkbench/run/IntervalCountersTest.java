package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.noop.NoopStore;
import io.linkbench.store.support.ConnectHint;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

/** The status line's reason for missing counters gives a node's start hint once, not on every line while it is down. */
class IntervalCountersTest {
    private static final String DOWN = "cannot connect to the Spider backend backend1 127.0.0.1:3341";
    private static final String HINT = "; a local server: bash scripts/start-spider.sh start-node 1; another server:"
            + " start the Spider head's server backend1";

    @Test
    void aHintIsGivenWithTheFirstReasonThatHasItAndLeftOutWhenTheReasonRepeats() {
        IntervalCounters counters = new IntervalCounters(downNode(), new MetricsReader());
        counters.start();
        assertEquals("server counters not read: " + DOWN + HINT, counters.missing(), "the first time: whole");
        counters.next(1, false);
        assertEquals("server counters not read: " + DOWN, counters.missing(), "again: without the hint");
        counters.next(1, false);
        assertEquals("server counters not read: " + DOWN, counters.missing());
        assertEquals(3, counters.skipped());
    }

    /** A store whose counters fail as the MySQL store's do while a Spider backend is down. */
    private static GraphStore downNode() {
        GraphStore noop = new NoopStore();
        return (GraphStore) Proxy.newProxyInstance(IntervalCountersTest.class.getClassLoader(),
                new Class<?>[] {GraphStore.class, StoreMetrics.class}, (proxy, m, args) -> {
                    if (m.getName().equals("counters")) {
                        throw new StoreException(StoreException.Kind.CONNECTION, ConnectHint.appendRemedy(DOWN,
                                new ConnectException("Connection refused"), "bash scripts/start-spider.sh start-node 1",
                                "start the Spider head's server backend1"));
                    }
                    try {
                        return m.invoke(noop, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
