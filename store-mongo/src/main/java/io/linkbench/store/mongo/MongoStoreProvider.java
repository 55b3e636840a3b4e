package io.linkbench.store.mongo;

import com.mongodb.connection.ClusterDescription;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import java.util.List;

/**
 * The {@code mongo} store: MongoDB 4.4 or newer (standalone, replica set, or sharded cluster through
 * mongos) on the official Java sync driver. See {@link MongoConfig} for its keys; {@link MongoGraphStore}
 * runs with transactions on or off, as the server and the {@code transactions} key decide.
 */
public final class MongoStoreProvider implements StoreProvider {

    @Override
    public String name() {
        return "mongo";
    }

    @Override
    public String description() {
        return "MongoDB 4.4+ over the network (Java sync driver): standalone, replica set, or sharded through mongos";
    }

    @Override
    public List<Setting> settings() {
        return MongoConfig.SETTINGS;
    }

    /**
     * The slf4j-simple key of the driver's log level. The driver logs every client it creates (a
     * long line) and every failed connection attempt of its monitor (with a stack trace) at INFO;
     * a benchmark's console wants the one-line error instead, so unless the user chose a level for
     * the driver (as a system property), the store sets WARN before the driver creates its loggers.
     */
    static final String DRIVER_LOG_LEVEL = "org.slf4j.simpleLogger.log.org.mongodb.driver";

    /** Builds the typed configuration, as {@link #open} does first. */
    @Override
    public void check(Settings settings) {
        MongoConfig.from(settings);
    }

    @Override
    public GraphStore open(StoreContext context) throws StoreException {
        if (System.getProperty(DRIVER_LOG_LEVEL) == null) {
            System.setProperty(DRIVER_LOG_LEVEL, "warn");
        }
        MongoConfig config = MongoConfig.from(context.settings());
        Connection connection = Connection.open(config, context.maxSessions());
        ClusterDescription cluster = connection.client().getClusterDescription();
        boolean supported = ServerFacts.supportsTransactions(cluster);
        String topology = connection.server().documentDb() ? "DocumentDB, answering as " + ServerFacts.topology(cluster)
                : ServerFacts.topology(cluster);
        switch (config.transactions()) {
            case ON -> {
                if (!supported) {
                    connection.client().close();
                    throw new StoreException(StoreException.Kind.REJECTED, "transactions = on: the MongoDB server at "
                            + config.hosts() + " (" + topology + ") cannot run multi-document transactions; they"
                            + " need a replica set (4.0+) or a sharded cluster (4.2+). Use transactions = off or auto");
                }
                return new MongoGraphStore(config, connection, true, " (transactions = on)");
            }
            case OFF -> {
                return new MongoGraphStore(config, connection, false, " (transactions = off)");
            }
            default -> {
                return supported
                        ? new MongoGraphStore(config, connection, true, " (auto: " + topology + ")")
                        : new MongoGraphStore(config, connection, false, " (auto: " + topology
                        + " without multi-document transactions)");
            }
        }
    }
}
