package io.linkbench.store.mongo;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoDatabase;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The server's whole configuration for the run's {@code server-config.txt}: {@code getParameter: '*'},
 * {@code getCmdLineOpts} and {@code buildInfo}, each flattened to {@code <command>.<path> = <value>}.
 * A command the server refuses or lacks (mongo-java-server, DocumentDB, a user without the privilege)
 * yields one line {@code <command> = (not available: <reason>)} instead.
 */
final class ServerParameters {
    private ServerParameters() {
    }

    static Map<String, String> all(MongoDatabase admin) {
        Map<String, String> out = new TreeMap<>();
        ask(admin, "getParameter", new BsonDocument("getParameter", new BsonString("*")), out);
        ask(admin, "getCmdLineOpts", new BsonDocument("getCmdLineOpts", new BsonInt32(1)), out);
        ask(admin, "buildInfo", new BsonDocument("buildInfo", new BsonInt32(1)), out);
        return out;
    }

    private static void ask(MongoDatabase admin, String name, BsonDocument command, Map<String, String> out) {
        try {
            BsonDocument answer = admin.runCommand(command, BsonDocument.class);
            answer.remove("ok");
            answer.remove("$clusterTime");
            answer.remove("operationTime");
            flatten(name, answer, out);
        } catch (MongoCommandException e) {
            out.put(name, "(not available: " + e.getErrorCode() + " " + e.getErrorMessage() + ")");
        }
    }

    /** Adds {@code value} under {@code path}; documents become {@code path.key} entries, other values text. */
    static void flatten(String path, BsonValue value, Map<String, String> out) {
        if (value.isDocument()) {
            BsonDocument d = value.asDocument();
            if (d.isEmpty()) {
                out.put(path, "{}");
            }
            for (Map.Entry<String, BsonValue> e : d.entrySet()) {
                flatten(path + "." + e.getKey(), e.getValue(), out);
            }
        } else if (value.isString()) {
            out.put(path, value.asString().getValue());
        } else if (value.isArray()) {
            out.put(path, value.asArray().getValues().stream().map(v -> v.isString() ? v.asString().getValue()
                    : v.toString()).toList().toString());
        } else if (value.isNumber()) {
            out.put(path, value.isDouble() ? Double.toString(value.asDouble().getValue())
                    : Long.toString(value.asNumber().longValue()));
        } else if (value.isBoolean()) {
            out.put(path, Boolean.toString(value.asBoolean().getValue()));
        } else if (value.isNull()) {
            out.put(path, "");
        } else {
            out.put(path, value.toString());
        }
    }
}
