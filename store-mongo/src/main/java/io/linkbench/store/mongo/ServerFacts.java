package io.linkbench.store.mongo;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerDescription;
import io.linkbench.store.LocalHost;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * What the server says about itself: its topology (from the driver's view of the cluster), whether
 * it can run multi-document transactions, the {@code serverStatus} counters that matter for a
 * benchmark under stable names, and the collections' sizes. Servers that lack a command or a section
 * (mongo-java-server lacks most) simply yield fewer values.
 */
final class ServerFacts {
    /** Wire versions of MongoDB 4.0 (transactions on replica sets) and 4.2 (on sharded clusters). */
    private static final int WIRE_4_0 = 7;
    private static final int WIRE_4_2 = 8;

    /** serverStatus path (sections separated by '/') to the stable counter name. */
    private static final Map<String, String> COUNTERS = counterNames();

    private ServerFacts() {
    }

    private static Map<String, String> counterNames() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String op : List.of("insert", "query", "update", "delete", "getmore", "command")) {
            m.put("opcounters/" + op, "opcounters." + op);
        }
        for (String d : List.of("returned", "inserted", "updated", "deleted")) {
            m.put("metrics/document/" + d, "documents." + d);
        }
        m.put("metrics/queryExecutor/scanned", "query.keys_examined");
        m.put("metrics/queryExecutor/scannedObjects", "query.docs_examined");
        m.put("wiredTiger/cache/bytes read into cache", "wiredtiger.cache.bytes_read_into_cache");
        m.put("wiredTiger/cache/bytes written from cache", "wiredtiger.cache.bytes_written_from_cache");
        m.put("wiredTiger/cache/pages read into cache", "wiredtiger.cache.pages_read_into_cache");
        m.put("wiredTiger/cache/pages written from cache", "wiredtiger.cache.pages_written_from_cache");
        m.put("transactions/totalStarted", "transactions.started");
        m.put("transactions/totalCommitted", "transactions.committed");
        m.put("transactions/totalAborted", "transactions.aborted");
        m.put("network/bytesIn", "network.bytes_in");
        m.put("network/bytesOut", "network.bytes_out");
        m.put("network/numRequests", "network.requests");
        return m;
    }

    /** standalone, replica set NAME, sharded, load balanced, or unknown. */
    static String topology(ClusterDescription cluster) {
        return switch (cluster.getType()) {
            case STANDALONE -> "standalone";
            case REPLICA_SET -> "replica set" + setName(cluster);
            case SHARDED -> "sharded (mongos)";
            case LOAD_BALANCED -> "load balanced";
            default -> "unknown";
        };
    }

    private static String setName(ClusterDescription cluster) {
        for (ServerDescription s : cluster.getServerDescriptions()) {
            if (s.getSetName() != null) {
                return " " + s.getSetName();
            }
        }
        return "";
    }

    /** True when the cluster supports multi-document transactions: a replica set (4.0+) or mongos (4.2+). */
    static boolean supportsTransactions(ClusterDescription cluster) {
        if (cluster.getLogicalSessionTimeoutMinutes() == null) {
            return false; // no sessions at all (mongo-java-server, or a very old server)
        }
        int minWire = cluster.getType() == ClusterType.REPLICA_SET ? WIRE_4_0
                : cluster.getType() == ClusterType.SHARDED || cluster.getType() == ClusterType.LOAD_BALANCED ? WIRE_4_2
                : Integer.MAX_VALUE;
        for (ServerDescription s : cluster.getServerDescriptions()) {
            if (s.isOk() && (s.isPrimary() || s.isShardRouter() || cluster.getType() == ClusterType.LOAD_BALANCED)
                    && s.getMaxWireVersion() >= minWire) {
                return true;
            }
        }
        return cluster.getType() == ClusterType.LOAD_BALANCED; // no monitoring behind a load balancer
    }

    /** buildInfo's answer. */
    static BsonDocument buildInfo(MongoDatabase admin) {
        return admin.runCommand(new BsonDocument("buildInfo", new BsonInt32(1)), BsonDocument.class);
    }

    /** The server version from buildInfo, or "" when it does not say. */
    static String version(BsonDocument build) {
        BsonValue v = build.get("version");
        return v != null && v.isString() ? v.asString().getValue() : "";
    }

    /**
     * True when the server is DocumentDB (the PostgreSQL extension and its gateway): its {@code hello}
     * answers as a mongos with a field {@code internal} that MongoDB does not send.
     */
    static boolean isDocumentDb(MongoDatabase admin) {
        try {
            BsonDocument hello = admin.runCommand(new BsonDocument("hello", new BsonInt32(1)), BsonDocument.class);
            return hello.containsKey("internal") && "isdbgrid".equals(hello.getString("msg", new BsonString("")).getValue());
        } catch (com.mongodb.MongoCommandException e) {
            return false; // no hello (mongo-java-server): not DocumentDB
        }
    }

    /** serverStatus: the counters of {@link #COUNTERS} the server reports, and the storage engine name. */
    static Status status(MongoDatabase admin) {
        BsonDocument s = admin.runCommand(new BsonDocument("serverStatus", new BsonInt32(1)), BsonDocument.class);
        Map<String, Long> counters = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : COUNTERS.entrySet()) {
            BsonValue v = s;
            for (String part : e.getKey().split("/")) {
                v = v != null && v.isDocument() ? v.asDocument().get(part) : null;
            }
            if (v != null && v.isNumber()) {
                counters.put(e.getValue(), v.asNumber().longValue());
            }
        }
        BsonValue engine = s.get("storageEngine");
        String engineName = engine != null && engine.isDocument() && engine.asDocument().get("name") instanceof BsonString n
                ? n.getValue() : "";
        BsonValue pid = s.get("pid");
        BsonValue process = s.get("process");
        return new Status(counters, engineName, pid != null && pid.isNumber() ? pid.asNumber().intValue() : -1,
                process != null && process.isString() ? process.asString().getValue() : "");
    }

    /** What serverStatus said, in the parts the store uses. */
    record Status(Map<String, Long> counters, String engine, int pid, String process) {
    }

    /**
     * Storage plus index bytes of the given collections from collStats, or of the whole database from
     * dbStats where collStats is not offered; empty when neither says. Where a server reports no
     * storage size (an in-memory one), the uncompressed data size stands in.
     */
    static OptionalLong size(MongoDatabase db, List<String> collections) {
        long total = 0;
        try {
            for (String c : collections) {
                try {
                    BsonDocument stats = db.runCommand(new BsonDocument("collStats", new BsonString(c)),
                            BsonDocument.class);
                    long storage = number(stats, "storageSize");
                    total += (storage > 0 ? storage : number(stats, "size")) + number(stats, "totalIndexSize");
                } catch (MongoCommandException e) {
                    if (e.getErrorCode() != Errors.NAMESPACE_NOT_FOUND) {
                        throw e;
                    }
                    // not created yet: no bytes
                }
            }
            return OptionalLong.of(total);
        } catch (MongoCommandException e) {
            // no collStats here: fall back to the database's figures
        }
        BsonDocument stats = db.runCommand(new BsonDocument("dbStats", new BsonInt32(1)), BsonDocument.class);
        long storage = number(stats, "storageSize");
        long bytes = (storage > 0 ? storage : number(stats, "dataSize")) + number(stats, "indexSize");
        return bytes > 0 || stats.containsKey("storageSize") ? OptionalLong.of(bytes) : OptionalLong.empty();
    }

    private static long number(BsonDocument d, String field) {
        BsonValue v = d.get(field);
        return v != null && v.isNumber() ? v.asNumber().longValue() : 0;
    }

    /** The pid of a mongod on this host that serverStatus named, when /proc confirms it. */
    static OptionalInt localPid(Status status, List<String> hosts) {
        if (status.pid() <= 0 || !status.process().contains("mongo") || hosts.size() != 1 || !LocalHost.isLocal(hosts.get(0))) {
            return OptionalInt.empty();
        }
        try {
            String comm = Files.readString(Path.of("/proc", Integer.toString(status.pid()), "comm"),
                    StandardCharsets.US_ASCII);
            return comm.startsWith("mongo") ? OptionalInt.of(status.pid()) : OptionalInt.empty();
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty();
        }
    }

    /**
     * The data directory of a mongod on this host ({@code storage.dbPath} from getCmdLineOpts, else
     * mongod's default), when it exists here; empty for remote servers and servers that do not say.
     */
    static Optional<Path> localDataDirectory(MongoDatabase admin, List<String> hosts) {
        if (hosts.size() != 1 || !LocalHost.isLocal(hosts.get(0))) {
            return Optional.empty();
        }
        BsonDocument opts = admin.runCommand(new BsonDocument("getCmdLineOpts", new BsonInt32(1)), BsonDocument.class);
        BsonValue v = opts;
        for (String part : List.of("parsed", "storage", "dbPath")) {
            v = v != null && v.isDocument() ? v.asDocument().get(part) : null;
        }
        Path dir = Path.of(v != null && v.isString() ? v.asString().getValue() : "/data/db");
        return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }
}
