package io.linkbench.jmh.mysql;

import io.linkbench.jmh.store.SmallGraph;
import io.linkbench.jmh.store.StoreOpsBenchmark;
import io.linkbench.store.StoreException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * The MySQL store's main operations (GET_NODE, GET_LINKS_LIST of 4 links from the covering index,
 * ADD_LINK, UPDATE_NODE) against the local server, on each engine: average time per call, one session
 * per benchmark thread. The wall time is mostly the server and the round trip; the client's share is
 * what {@link io.linkbench.jmh.core.CpuProfiler} puts next to the server's:
 * {@code java -jar linkbench-jmh/target/benchmarks.jar MySqlOpsBenchmark -prof io.linkbench.jmh.core.CpuProfiler:server=/run/mysqld/mysqld.pid}.
 * Without a reachable server every benchmark returns at once (see {@link MySqlFixture}).
 */
public class MySqlOpsBenchmark extends StoreOpsBenchmark {
    private long nextTime = 2_000_000L;

    public MySqlOpsBenchmark() {
        super(0);
    }

    @Setup(Level.Trial)
    public void open(MySqlFixture fixture) throws StoreException {
        openSession(fixture);
    }

    /** ADD_LINK of a new link: insert, count upsert, commit (three round trips). */
    @Benchmark
    public boolean addLink() throws StoreException {
        if (session == null) {
            return false;
        }
        long id1 = id1();
        long id2 = 1_000_000_000L + random.nextLong(1_000_000_000L); // practically always new
        return session.addLink(SmallGraph.link(id1, id2, nextTime++, linkData));
    }
}
