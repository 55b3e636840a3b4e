package io.linkbench.store.mongo;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import io.linkbench.store.StoreException;
import io.linkbench.store.support.LoadClaimant;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.conversions.Bson;

/**
 * The Mongo store's claim on its collections for a load: a lease document in the collection
 * {@value #COLLECTION} (which {@code schema = recreate} leaves alone), {@code _id} the link collection's
 * name, with the holder's {@link LoadClaimant} text, a token of this store, and when the lease expires. A
 * heartbeat renews it every third of {@link #LEASE} while the store is open; closing the store deletes it.
 * A load that dies leaves its lease to expire: the next load is refused until then, in a line that says
 * when. Every call waits at most a third of the lease for the server. Expiry is on the claiming clients'
 * clocks, which must agree within seconds.
 */
final class LoadLease implements AutoCloseable {
    /** The collection of lease documents. */
    static final String COLLECTION = "linkbench_load_claims";
    /** How long a lease lasts without renewal. */
    static final Duration LEASE = Duration.ofSeconds(30);

    private final MongoCollection<BsonDocument> leases;
    private final String id;
    private final String token = UUID.randomUUID().toString();
    private final String holder = LoadClaimant.current().toText();
    private final ScheduledExecutorService heartbeat;

    private LoadLease(MongoCollection<BsonDocument> leases, String id) {
        this.leases = leases;
        this.id = id;
        this.heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "linkbench-load-lease");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Takes the lease on the link collection {@code linkCollection} of {@code db}, and renews it until closed.
     *
     * @param what what the refusal calls the collections, with the server
     * @throws StoreException a {@link StoreException#refusal refusal} naming the holder when another store holds
     *                        an unexpired lease; CONNECTION, TIMEOUT or OTHER when the server fails
     */
    static LoadLease claim(MongoDatabase db, String linkCollection, String what) throws StoreException {
        MongoCollection<BsonDocument> leases = db.getCollection(COLLECTION, BsonDocument.class)
                .withTimeout(LEASE.toMillis() / 3, TimeUnit.MILLISECONDS);
        LoadLease lease = new LoadLease(leases, linkCollection);
        lease.take(what);
        lease.heartbeat.scheduleWithFixedDelay(lease::renew, LEASE.toMillis() / 3, LEASE.toMillis() / 3,
                TimeUnit.MILLISECONDS);
        return lease;
    }

    private void take(String what) throws StoreException {
        Instant now = Instant.now();
        Bson free = Filters.and(Filters.eq("_id", id),
                Filters.or(Filters.lt("expires", new BsonDateTime(now.toEpochMilli())), Filters.eq("token", token)));
        try {
            leases.updateOne(free, Updates.combine(Updates.set("holder", holder), Updates.set("token", token),
                    Updates.set("expires", new BsonDateTime(now.plus(LEASE).toEpochMilli()))), new UpdateOptions().upsert(true));
        } catch (MongoException e) {
            if (!Errors.isDuplicateKey(e)) {
                heartbeat.shutdownNow();
                throw Errors.toStore("claim the collections for the load", e);
            }
            heartbeat.shutdownNow();
            BsonDocument held = leases.find(Filters.eq("_id", id)).first();
            Optional<String> who = held == null || !held.isString("holder") ? Optional.empty()
                    : Optional.of(held.getString("holder").getValue());
            String expires = held == null || !held.isDateTime("expires") ? "within " + LEASE.toSeconds() + " s"
                    : "at " + Instant.ofEpochMilli(held.getDateTime("expires").getValue());
            throw LoadClaimant.refusal(what, who, "its claim is a lease that it renews every "
                    + LEASE.toSeconds() / 3 + " s; if that load died, it expires " + expires);
        }
    }

    /** Renews the lease; a failure is left to the next renewal (the lease outlives two of them). */
    private void renew() {
        try {
            leases.updateOne(Filters.and(Filters.eq("_id", id), Filters.eq("token", token)),
                    Updates.set("expires", new BsonDateTime(Instant.now().plus(LEASE).toEpochMilli())));
        } catch (MongoException | IllegalStateException e) {
            // the server did not answer in time, or the client is closing: the next renewal tries again
        }
    }

    /** Stops renewing and deletes the lease (when that fails it expires). */
    @Override
    public void close() {
        heartbeat.shutdownNow();
        try {
            heartbeat.awaitTermination(LEASE.toMillis() / 3, TimeUnit.MILLISECONDS);
            leases.deleteOne(Filters.and(Filters.eq("_id", id), Filters.eq("token", token)));
        } catch (MongoException | IllegalStateException e) {
            // it expires
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** For tests: when the lease expires as stored, or empty when there is none. */
    static Optional<Date> expires(MongoDatabase db, String linkCollection) {
        BsonDocument d = db.getCollection(COLLECTION, BsonDocument.class).find(Filters.eq("_id", linkCollection)).first();
        return d == null || !d.isDateTime("expires") ? Optional.empty() : Optional.of(new Date(d.getDateTime("expires").getValue()));
    }
}
