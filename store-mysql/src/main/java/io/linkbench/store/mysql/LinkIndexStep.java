package io.linkbench.store.mysql;

import com.mysql.cj.jdbc.JdbcConnection;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.jdbc.AdminTimeout;
import io.linkbench.store.jdbc.SessionConnection;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The post-load step that adds the link table's secondary index ({@code index_after_load}) on plain
 * tables. The build runs on the store's admin connection without a read timeout (the store's monitor
 * held); {@link #cancel} stops it with {@code KILL QUERY} from a connection of its own, and
 * {@link #answers} asks the server whether it still answers on a third, so a stalled server ends the
 * step within {@code load_stall_limit} instead of holding it.
 */
final class LinkIndexStep implements AutoCloseable {
    static final String NAME = "build index " + Schema.LINK_INDEX;

    private final MySqlConfig config;
    private final Connector connector;
    /** Guarded by itself. */
    private final SessionConnection<SqlConnection> asker;
    /** The server thread id of the connection running the build, or -1. */
    private volatile long threadId = -1;
    private volatile boolean closed;

    LinkIndexStep(MySqlConfig config, Connector connector, SessionConnection<SqlConnection> asker) {
        this.config = config;
        this.connector = connector;
        this.asker = asker;
    }

    /** Adds the index on {@code c} when the link table lacks it. */
    void build(Connection c, Schema schema) throws SQLException, StoreException {
        if (schema.hasLinkIndex(c)) {
            return;
        }
        threadId = ((JdbcConnection) c).getId();
        try {
            AdminTimeout.lifted(c, config.socketTimeoutMs(), () -> schema.addLinkIndex(c));
        } finally {
            threadId = -1;
        }
    }

    /**
     * Stops a running build. The server rolls the ALTER back; {@code -r} builds the index later when it
     * is missing.
     */
    void cancel() {
        long id = threadId;
        if (id < 0) {
            return;
        }
        try (Connection c = connector.open(Connector.Purpose.ADMIN, false); Statement s = c.createStatement()) {
            c.setNetworkTimeout(Runnable::run, config.connectTimeoutMs()); // a stalled server must not hold the stop
            s.execute("KILL QUERY " + id);
        } catch (SQLException | StoreException e) {
            // the server is gone or refuses: the step ends by itself
        }
    }

    /**
     * {@code SELECT 1}, re-opened after a loss: fails when the server (the head, with Spider) does not
     * answer within {@code socket_timeout}.
     */
    void answers() throws StoreException {
        synchronized (asker) {
            if (closed) {
                throw new StoreException(Kind.OTHER, "the MySQL store is closed");
            }
            asker.answers();
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (asker) {
            asker.close();
        }
    }
}
