package io.linkbench.jmh.postgres;

import io.linkbench.jmh.store.SmallGraph;
import io.linkbench.jmh.store.StoreOpsBenchmark;
import io.linkbench.store.StoreException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * The PostgreSQL store's main operations (GET_NODE, GET_LINKS_LIST of 4 links from the list index,
 * ADD_LINK, UPDATE_NODE; see {@link StoreOpsBenchmark}) against the local cluster: average time per
 * call, one session per benchmark thread, comparable with {@code MySqlOpsBenchmark}.
 * {@code -prof io.linkbench.jmh.mysql.ServerCpuProfiler} does not apply (it reads mysqld).
 */
public class PgOpsBenchmark extends StoreOpsBenchmark {
    private long nextTime = 2_000_000L;

    public PgOpsBenchmark() {
        super(0);
    }

    @Setup(Level.Trial)
    public void open(PgFixture fixture) throws StoreException {
        openSession(fixture);
    }

    /** ADD_LINK of a new link: insert, count upsert, commit (three round trips). */
    @Benchmark
    public boolean addLink() throws StoreException {
        if (session == null) {
            return false;
        }
        long id2 = 1_000_000_000L + random.nextLong(1_000_000_000L); // practically always new
        return session.addLink(SmallGraph.link(id1(), id2, nextTime++, linkData));
    }
}
