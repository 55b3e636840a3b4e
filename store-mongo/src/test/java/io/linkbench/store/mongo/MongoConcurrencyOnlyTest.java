package io.linkbench.store.mongo;

import io.linkbench.tck.ConcurrencyContract;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/**
 * The TCK's concurrency contracts alone, against the real server (as in {@link MongoReplicaSetStoreTest})
 * and the in-process one (as in {@link MongoStoreTest}), for repeating them:
 * {@code mvn -pl store-mongo verify -Dtest=MongoConcurrencyOnlyTest -Dlinkbench.concurrency.only=true}.
 * Skipped without that property: the full TCK classes run the same contracts once.
 */
@Tag("mongo")
class MongoConcurrencyOnlyTest {
    static final String PROPERTY = "linkbench.concurrency.only";

    @BeforeAll
    static void onlyWhenAsked() {
        Assumptions.assumeTrue(Boolean.getBoolean(PROPERTY),
                "set -D" + PROPERTY + "=true to run the concurrency contracts alone");
    }

    @Nested
    class RealServer extends ConcurrencyContract {
        RealServer() throws Exception {
            super(realServer());
        }
    }

    @Nested
    class InProcess extends ConcurrencyContract {
        InProcess() {
            super(new MongoStoreTest());
        }

        @AfterEach
        void stopServer() throws Exception {
            ((MongoStoreTest) contract()).stopServer();
        }
    }

    private static MongoReplicaSetStoreTest realServer() throws Exception {
        MongoReplicaSetStoreTest.needsARealServer();
        return new MongoReplicaSetStoreTest();
    }
}
