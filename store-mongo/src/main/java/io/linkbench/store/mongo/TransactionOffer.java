package io.linkbench.store.mongo;

import com.mongodb.ReadConcern;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterType;
import io.linkbench.store.TransactionSupport;

/**
 * What the store says of the caller's multi-operation transactions ({@code GraphStore.transactions()}) on the
 * server behind the connection string: offered with the isolation and snapshot scope that server gives, or
 * declined in one line that names what to change. Measured on DocumentDB (one server and distributed over
 * Citus); MongoDB's as its manual documents them.
 */
final class TransactionOffer {
    private TransactionOffer() {
    }

    /**
     * @param on      whether the store runs transactions ({@code transactions} on, or auto on a server with them)
     * @param citus   whether the server is a DocumentDB distributed over Citus (asked only of a DocumentDB)
     */
    static TransactionSupport of(MongoConfig config, Connection.Server server, ClusterDescription cluster, boolean on,
                                 java.util.function.BooleanSupplier citus) {
        if (!on) {
            return TransactionSupport.declined(declined(config, cluster));
        }
        String readWrite = urlReadConcern(config);
        if (server.documentDb()) {
            return TransactionSupport.offered("DocumentDB (PostgreSQL): read-write transactions all or nothing at "
                    + (readWrite == null ? "REPEATABLE READ (read concern snapshot)"
                    : "READ COMMITTED per statement (url's readConcernLevel=" + readWrite + ")")
                    + "; read-only ones at REPEATABLE READ (read concern snapshot), one snapshot taken at their first"
                    + " read" + (citus.getAsBoolean() ? " on each worker: Citus has no global snapshot, so reads on two"
                    + " workers may see another transaction's writes on one and not yet on the other (writes on several"
                    + " workers commit together, by two-phase commit)" : "")
                    + "; lock-wait timeouts, deadlocks, serialization failures and write conflicts are CONFLICT");
        }
        boolean sharded = cluster.getType() == ClusterType.SHARDED || cluster.getType() == ClusterType.LOAD_BALANCED;
        return TransactionSupport.offered("MongoDB " + (sharded ? "sharded cluster" : "replica set")
                + ": snapshot isolation, read-write transactions all or nothing at read concern "
                + (readWrite == null ? "snapshot" : readWrite + " (url's readConcernLevel)")
                + ", read-only ones at read concern snapshot (one snapshot" + (sharded ? " across shards" : "")
                + "), reads from the primary, write concern from url; TransientTransactionError (write conflicts) is"
                + " CONFLICT");
    }

    /** Why the store declines transactions, in one line naming what to change. */
    static String declined(MongoConfig config, ClusterDescription cluster) {
        if (config.transactions() == MongoConfig.Transactions.OFF) {
            return "transactions = off: set transactions = auto (or on) on a server that runs multi-document"
                    + " transactions (a replica set, a mongos of MongoDB 4.2+, DocumentDB)";
        }
        if (cluster.getLogicalSessionTimeoutMinutes() == null) {
            return "the server at " + config.hosts() + " has no sessions, so no multi-document transactions: use a"
                    + " replica set, a mongos of MongoDB 4.2+ or DocumentDB";
        }
        if (cluster.getType() == ClusterType.STANDALONE) {
            return "the standalone mongod at " + config.hosts() + " runs no multi-document transactions: start it as"
                    + " a replica set (mongod --replSet rs0, then rs.initiate()) and add replicaSet=rs0 to url";
        }
        return "the server at " + config.hosts() + " (" + ServerFacts.topology(cluster) + ") runs no multi-document"
                + " transactions: they need a replica set of MongoDB 4.0+ or a mongos of 4.2+";
    }

    /** The read concern level the connection string names, or null when it names none. */
    static String urlReadConcern(MongoConfig config) {
        ReadConcern given = config.connectionString().getReadConcern();
        return given == null || given.getLevel() == null ? null : given.getLevel().getValue();
    }
}
