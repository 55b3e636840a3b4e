package io.linkbench.store.mongo;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoCredential;
import com.mongodb.MongoException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.linkbench.store.StoreException;
import io.linkbench.store.support.ConnectHint;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * The store's client, connected: {@link #open} builds the driver settings from the configuration
 * (options given in the connection string win over the store's keys), pings the server so that an
 * unreachable address fails within the server selection timeout, and reads the server's version and
 * storage engine.
 *
 * @param client the connected client
 * @param server what the server said about itself
 */
record Connection(MongoClient client, Server server) {

    /**
     * @param version      server version from buildInfo, "" when not offered
     * @param engine       storage engine from serverStatus, "" when not offered
     * @param statusCounters whether serverStatus answered (DocumentDB, for one, does not offer it)
     * @param documentDb   whether the server is DocumentDB (told by its hello)
     */
    record Server(String version, String engine, boolean statusCounters, boolean documentDb) {
    }

    static Connection open(MongoConfig config, int maxSessions) throws StoreException {
        MongoClient client = MongoClients.create(settings(config, maxSessions));
        try {
            MongoDatabase admin = client.getDatabase("admin");
            admin.runCommand(new BsonDocument("ping", new BsonInt32(1)));
            BsonDocument build = new BsonDocument();
            String engine = "";
            boolean status = false;
            try {
                build = ServerFacts.buildInfo(admin);
            } catch (MongoCommandException e) {
                // buildInfo not offered or not allowed: the version stays unknown
            }
            try {
                engine = ServerFacts.status(admin).engine();
                status = true;
            } catch (MongoCommandException e) {
                // serverStatus not offered or not allowed: no server counters
            }
            return new Connection(client, new Server(ServerFacts.version(build), engine, status,
                    ServerFacts.isDocumentDb(admin)));
        } catch (MongoException e) {
            client.close();
            String who = config.user().isEmpty() ? "" : " as '" + config.user() + "'";
            String why;
            if (e instanceof MongoTimeoutException) { // the cluster view names the cause
                String cause = e.getMessage() == null ? "" : Errors.clusterCause(e.getMessage());
                why = "no usable server within server_selection_timeout = " + config.serverSelectionTimeoutMs() / 1000
                        + " s" + (cause.isEmpty() ? "" : " (" + cause + ")");
            } else {
                why = Errors.oneLine(e);
            }
            throw new StoreException(Errors.kindOf(e), ConnectHint.append("cannot connect to MongoDB at " + config.hosts()
                    + who + ": " + why, e, "bash scripts/start-documentdb.sh", "url, host, port, user, password_file"), e);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    private static MongoClientSettings settings(MongoConfig config, int maxSessions) {
        ConnectionString cs = config.connectionString();
        MongoClientSettings.Builder b = MongoClientSettings.builder().applyConnectionString(cs);
        if (cs.getApplicationName() == null) {
            b.applicationName("linkbench");
        }
        if (cs.getServerSelectionTimeout() == null) {
            b.applyToClusterSettings(c -> c.serverSelectionTimeout(config.serverSelectionTimeoutMs(),
                    TimeUnit.MILLISECONDS));
        }
        b.applyToSocketSettings(s -> {
            if (cs.getConnectTimeout() == null) {
                s.connectTimeout(config.connectTimeoutMs(), TimeUnit.MILLISECONDS);
            }
            if (cs.getSocketTimeout() == null) {
                s.readTimeout(config.socketTimeoutMs(), TimeUnit.MILLISECONDS);
            }
        });
        if (cs.getMaxConnectionPoolSize() == null) {
            b.applyToConnectionPoolSettings(p -> p.maxSize(Math.max(100, maxSessions + 4)));
        }
        if (!config.user().isEmpty()) {
            b.credential(MongoCredential.createCredential(config.user(), config.authSource(),
                    config.password().toCharArray()));
        }
        return b.build();
    }
}
