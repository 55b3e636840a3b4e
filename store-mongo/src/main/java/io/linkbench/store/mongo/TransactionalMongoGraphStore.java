package io.linkbench.store.mongo;

import io.linkbench.store.TransactionalStore;

/**
 * The MongoDB store with transactions on: every link write and its count change commit in one
 * multi-document transaction ({@link TxnRunner}), so the count invariant holds under concurrent
 * writers and failures alike. It differs from {@link MongoGraphStore} only in declaring that.
 */
final class TransactionalMongoGraphStore extends MongoGraphStore implements TransactionalStore {

    TransactionalMongoGraphStore(MongoConfig config, Connection connection, String why) {
        super(config, connection, why);
    }
}
