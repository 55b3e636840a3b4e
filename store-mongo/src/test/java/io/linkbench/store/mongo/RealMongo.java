package io.linkbench.store.mongo;

import org.junit.jupiter.api.Assumptions;

/**
 * A real MongoDB replica set for the tests that need transactions: named by the environment variable
 * LINKBENCH_MONGO_URL (a connection string). Without it those tests are skipped with a message on the
 * console: no real mongod can be installed on the build machines.
 */
final class RealMongo {
    static final String ENV = "LINKBENCH_MONGO_URL";

    private RealMongo() {
    }

    /** The connection string, or a skip of the calling test with a visible message. */
    static String urlOrSkip() {
        String url = System.getenv(ENV);
        if (url == null || url.isBlank()) {
            String message = "test against a real MongoDB replica set skipped: set " + ENV
                    + " to its connection string (e.g. mongodb://127.0.0.1:27017/?replicaSet=rs0) to run it";
            System.err.println("SKIPPED: " + message);
            Assumptions.abort(message);
        }
        return url.trim();
    }
}
