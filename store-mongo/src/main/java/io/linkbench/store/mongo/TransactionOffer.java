package io.linkbench.store.mongo;

import com.mongodb.ReadConcern;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterType;
import io.linkbench.store.TransactionSupport;
import java.util.function.Supplier;

/**
 * What the store's transactions guarantee on the server behind the connection string: the caller's
 * multi-operation transactions ({@code GraphStore.transactions()}) offered with the isolation and snapshot
 * scope that server gives, or declined in one line that names what to change; and the isolation of link
 * writes' own transactions. Measured on DocumentDB (one server and distributed over Citus); MongoDB's as its
 * manual documents them.
 */
final class TransactionOffer {
    private TransactionOffer() {
    }

    /**
     * @param on      whether the store runs transactions ({@code transactions} on, or auto on a server with them)
     * @param citus   whether the server is a DocumentDB distributed over Citus, null when it cannot say yet
     *                (asked only of a DocumentDB)
     */
    static TransactionSupport of(MongoConfig config, Connection.Server server, ClusterDescription cluster, boolean on,
                                 Supplier<Boolean> citus) {
        if (!on) {
            return TransactionSupport.declined(declined(config, cluster));
        }
        String readWrite = urlReadConcern(config);
        if (server.documentDb()) {
            return TransactionSupport.offered("DocumentDB (PostgreSQL): read-write transactions all or nothing at "
                    + (readWrite == null ? "REPEATABLE READ (read concern snapshot)"
                    : "READ COMMITTED per statement (url's readConcernLevel=" + readWrite + ")")
                    + "; read-only ones at REPEATABLE READ (read concern snapshot), one snapshot taken at their first"
                    + " read" + snapshotScope(citus.get())
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

    /** Where a DocumentDB's read-only snapshot ends: at the worker over Citus, said so (or that it may, when unknown). */
    private static String snapshotScope(Boolean citus) {
        String perWorker = "Citus has no global snapshot, so reads on two workers may see another transaction's writes"
                + " on one and not yet on the other";
        if (citus == null) {
            return " (one per worker if this DocumentDB is distributed over Citus, which it says once the collections"
                    + " exist: " + perWorker + ")";
        }
        return citus ? " on each worker: " + perWorker + " (writes on several workers commit together, by two-phase"
                + " commit)" : "";
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

    /**
     * Whether link writes' transactions read at snapshot: on DocumentDB (its REPEATABLE READ) unless the
     * connection string chose a read concern; at its default READ COMMITTED the count drifted in about one run
     * of ten of the TCK's concurrent writers.
     */
    static boolean snapshotLinkWrites(MongoConfig config, Connection.Server server) {
        return server.documentDb() && urlReadConcern(config) == null;
    }

    /** What link writes' transactions guarantee on the server, as its kind documents it (the report's facts). */
    static String linkWriteIsolation(MongoConfig config, Connection.Server server, ClusterType type) {
        if (server.documentDb()) {
            return (snapshotLinkWrites(config, server) ? "DocumentDB: read concern snapshot, PostgreSQL REPEATABLE READ"
                    : "DocumentDB: PostgreSQL " + ("snapshot".equals(urlReadConcern(config)) ? "REPEATABLE READ"
                    : "READ COMMITTED per statement")) + ", 20 ms lock timeout; conflicts, lock timeouts and"
                    + " serialization failures come back without the TransientTransactionError label and are retried;"
                    + " counts follow each write's own result";
        }
        return "snapshot isolation (" + (type == ClusterType.SHARDED ? "sharded cluster" : "replica set")
                + "); conflicts are retried as TransientTransactionError";
    }

    /** The read concern level the connection string names, or null when it names none. */
    static String urlReadConcern(MongoConfig config) {
        ReadConcern given = config.connectionString().getReadConcern();
        return given == null || given.getLevel() == null ? null : given.getLevel().getValue();
    }
}
