package io.linkbench.store.mongo;

import com.mongodb.MongoException;
import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.TransactionOptions;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.UpdateOptions;
import io.linkbench.config.Settings;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;

/**
 * The Java driver's own client CPU for the commands the Mongo store sends, with nothing of the store
 * around them: the floor that {@code scripts/bench-mongo-floor.sh} sets the store's request phase
 * against. Not a test. The client comes from the store's own {@link Connection#open} with the store's
 * keys, so driver, pool, timeouts and credentials are the store's; the commands are written here with
 * the plain driver API, in the shapes the store sends (read from MongoSession, LinkWriter, TxnRunner):
 * <ul>
 * <li>{@code read}: a point read of a node by {@code _id} and type, {@code find(...).first()};</li>
 * <li>{@code txn}: ADD_LINK of a new link in a transaction: the update of the link if its visibility
 * differs, the upsert of the link, the upsert of its count with {@code $inc}, the commit (four
 * commands; read concern snapshot on DocumentDB, as the store);</li>
 * <li>{@code list}: GET_LINKS_LIST: links of (id1, link_type, visible), newest first, with the store's
 * projection, limit 10,000 in batches of 1,000.</li>
 * </ul>
 * {@code mix:R,L,T} picks each call at random in those proportions (the store's request mix: single
 * commands, lists, link writes). Each thread runs its share of the warm-up calls, then all meet and run their share of the measured
 * calls; the process CPU and the calling threads' CPU over that window are printed per call.
 *
 * <pre>
 * java -cp CLASSPATH io.linkbench.store.mongo.MongoDriverFloor read|txn|list|mix:R,L,T CALLS WARMUP THREADS key=value...
 * </pre>
 * The keys are the store's (url, user, password_file, dbid, maxid1, link_type_count ...).
 */
public final class MongoDriverFloor {
    private static final TransactionOptions SNAPSHOT = TransactionOptions.builder()
            .readPreference(ReadPreference.primary()).readConcern(ReadConcern.SNAPSHOT).build();
    private static final TransactionOptions PRIMARY = TransactionOptions.builder()
            .readPreference(ReadPreference.primary()).build();
    private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);
    private static final UpdateOptions PLAIN = new UpdateOptions();
    private static final BsonDocument LIST_PROJECTION = new BsonDocument("_id", new BsonInt32(0))
            .append("id2", new BsonInt32(1)).append("time", new BsonInt32(1))
            .append("version", new BsonInt32(1)).append("data", new BsonInt32(1));
    private static final BsonDocument NEWEST_FIRST = new BsonDocument("time", new BsonInt32(-1))
            .append("id2", new BsonInt32(-1));
    /** id2s of the links the txn loop adds: above every loaded id, so each ADD_LINK inserts a new link. */
    private static final long NEW_ID2_BASE = 1L << 40;

    private MongoDriverFloor() {
    }

    /** One call of a loop, by one thread. */
    @FunctionalInterface
    private interface Call {
        void run(SplittableRandom random);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: MongoDriverFloor read|txn|list|mix:R,L,T CALLS WARMUP THREADS key=value...");
            System.exit(2);
        }
        String kind = args[0];
        long calls = Long.parseLong(args[1]);
        long warmup = Long.parseLong(args[2]);
        int threads = Integer.parseInt(args[3]);
        Map<String, String> keys = new HashMap<>();
        for (int i = 4; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            if (eq <= 0) {
                System.err.println("MongoDriverFloor: argument '" + args[i] + "': expected key=value");
                System.exit(2);
            }
            keys.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        long maxId1 = Long.parseLong(keys.getOrDefault("maxid1", "20001"));
        int linkTypes = Integer.parseInt(keys.getOrDefault("link_type_count", "2"));
        keys.remove("maxid1");
        keys.remove("link_type_count");
        if (kind.startsWith("store-")) {
            storeLoop(kind.substring("store-".length()), calls, warmup, threads, keys, maxId1, linkTypes);
            return;
        }
        MongoConfig config = MongoConfig.from(new Settings(keys));
        Connection connection = Connection.open(config, threads);
        try (MongoClient client = connection.client()) {
            MongoDatabase db = client.getDatabase(config.database());
            MongoCollection<BsonDocument> nodes = db.getCollection(config.nodeCollection(), BsonDocument.class);
            MongoCollection<BsonDocument> links = db.getCollection(config.linkCollection(), BsonDocument.class);
            MongoCollection<BsonDocument> counts = db.getCollection(config.countCollection(), BsonDocument.class);
            boolean snapshot = connection.server().documentDb() && config.connectionString().getReadConcern() == null;
            AtomicLong errors = new AtomicLong();
            AtomicLong misses = new AtomicLong();
            double[] weights = weights(kind);
            int type = weights[0] > 0 ? nodeType(nodes) : 0;
            List<Call> perThread = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Call read = read(nodes, type, maxId1, misses);
                Call list = list(links, maxId1, linkTypes);
                Call txn = weights[2] > 0 ? txn(client.startSession(), snapshot ? SNAPSHOT : PRIMARY, links, counts,
                        maxId1, linkTypes, errors) : null;
                perThread.add(random -> {
                    double x = random.nextDouble();
                    (x < weights[0] ? read : x < weights[0] + weights[1] ? list : txn).run(random);
                });
            }
            run(kind, perThread, calls, warmup, errors, misses);
        }
    }

    /**
     * The same loop through the store's own sessions (GET_NODE, GET_LINKS_LIST, ADD_LINK) instead of the
     * plain driver: what the store's code adds to the driver, without the CLI and its workload around it.
     */
    private static void storeLoop(String kind, long calls, long warmup, int threads, Map<String, String> keys,
                                  long maxId1, int linkTypes) throws Exception {
        double[] weights = weights(kind);
        AtomicLong errors = new AtomicLong();
        AtomicLong misses = new AtomicLong();
        MongoConfig config = MongoConfig.from(new Settings(keys));
        int type;
        try (MongoClient client = Connection.open(config, 1).client()) {
            type = nodeType(client.getDatabase(config.database()).getCollection(config.nodeCollection(),
                    BsonDocument.class));
        }
        try (io.linkbench.store.GraphStore store = new MongoStoreProvider().open(
                new io.linkbench.store.StoreContext(new Settings(keys), threads))) {
            int nodeType = type;
            List<Call> perThread = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                io.linkbench.store.StoreSession s = store.session(t);
                byte[] data = new byte[100];
                perThread.add(random -> {
                    double x = random.nextDouble();
                    try {
                        if (x < weights[0]) {
                            if (s.getNode(random.nextLong(1, maxId1), nodeType) == null) {
                                misses.incrementAndGet();
                            }
                        } else if (x < weights[0] + weights[1]) {
                            s.getLinkList(random.nextLong(1, maxId1), random.nextLong(1, linkTypes + 1), 0,
                                    Long.MAX_VALUE, 0, 10_000);
                        } else {
                            random.nextBytes(data);
                            s.addLink(new io.linkbench.graph.Link(random.nextLong(1, maxId1),
                                    random.nextLong(1, linkTypes + 1), NEW_ID2_BASE + random.nextLong(1L << 40),
                                    io.linkbench.graph.Visibility.VISIBLE, data.clone(), 0, System.currentTimeMillis()));
                        }
                    } catch (io.linkbench.store.StoreException e) {
                        errors.incrementAndGet();
                    }
                });
            }
            run("store-" + kind, perThread, calls, warmup, errors, misses);
        }
    }

    /**
     * The shares of read, list and txn calls: 1 for the kind named, or those of
     * {@code mix:READ,LIST,TXN} (the store's request mix, as fractions or counts).
     */
    private static double[] weights(String kind) {
        double[] w = new double[3];
        switch (kind) {
            case "read" -> w[0] = 1;
            case "list" -> w[1] = 1;
            case "txn" -> w[2] = 1;
            default -> {
                String[] parts = kind.startsWith("mix:") ? kind.substring(4).split(",") : new String[0];
                if (parts.length != 3) {
                    throw new IllegalArgumentException("kind '" + kind + "': read, list, txn or mix:READ,LIST,TXN");
                }
                double sum = 0;
                for (int i = 0; i < 3; i++) {
                    w[i] = Double.parseDouble(parts[i]);
                    sum += w[i];
                }
                for (int i = 0; i < 3; i++) {
                    w[i] /= sum;
                }
            }
        }
        return w;
    }

    /** The type of a stored node (the store's GET_NODE filter names the type). */
    private static int nodeType(MongoCollection<BsonDocument> nodes) {
        BsonDocument d = nodes.find().first();
        if (d == null) {
            throw new IllegalStateException("no nodes: load the graph first (-l)");
        }
        return d.getNumber("type").intValue();
    }

    /** Nodes that DELETE_NODE of earlier request phases removed are missing: counted, as GET_NODE returns null. */
    private static Call read(MongoCollection<BsonDocument> nodes, int type, long maxId1, AtomicLong misses) {
        return random -> {
            BsonDocument filter = new BsonDocument("_id", new BsonInt64(random.nextLong(1, maxId1)))
                    .append("type", new BsonInt32(type));
            if (nodes.find(filter).first() == null) {
                misses.incrementAndGet();
            }
        };
    }

    private static Call txn(ClientSession session, TransactionOptions options, MongoCollection<BsonDocument> links,
                            MongoCollection<BsonDocument> counts, long maxId1, int linkTypes, AtomicLong errors) {
        byte[] data = new byte[100];
        return random -> {
            long id1 = random.nextLong(1, maxId1);
            long type = random.nextLong(1, linkTypes + 1);
            long id2 = NEW_ID2_BASE + random.nextLong(1L << 40);
            long time = System.currentTimeMillis();
            random.nextBytes(data);
            BsonDocument linkId = new BsonDocument("id1", new BsonInt64(id1)).append("link_type", new BsonInt64(type))
                    .append("id2", new BsonInt64(id2));
            BsonDocument set = new BsonDocument("$set", new BsonDocument("visibility", new BsonInt32(1))
                    .append("time", new BsonInt64(time)).append("version", new BsonInt32(0))
                    .append("data", new BsonBinary(data)));
            BsonDocument upsert = set.clone().append("$setOnInsert", new BsonDocument("id1", new BsonInt64(id1))
                    .append("link_type", new BsonInt64(type)).append("id2", new BsonInt64(id2)));
            BsonDocument hiddenFilter = new BsonDocument("_id", linkId).append("id1", new BsonInt64(id1))
                    .append("visibility", new BsonDocument("$ne", new BsonInt32(1)));
            BsonDocument visibleFilter = new BsonDocument("_id", linkId).append("id1", new BsonInt64(id1))
                    .append("visibility", new BsonDocument("$eq", new BsonInt32(1)));
            BsonDocument countFilter = new BsonDocument("_id", new BsonDocument("id1", new BsonInt64(id1))
                    .append("link_type", new BsonInt64(type))).append("id1", new BsonInt64(id1));
            BsonDocument inc = new BsonDocument("$inc", new BsonDocument("count", new BsonInt64(1))
                    .append("version", new BsonInt64(1))).append("$set", new BsonDocument("time", new BsonInt64(time)));
            session.startTransaction(options);
            try {
                if (links.updateOne(session, hiddenFilter, set, PLAIN).getMatchedCount() == 0) {
                    links.updateOne(session, visibleFilter, upsert, UPSERT);
                }
                counts.updateOne(session, countFilter, inc, UPSERT);
                session.commitTransaction();
            } catch (MongoException e) { // a conflict with the other thread: counted, not retried
                errors.incrementAndGet();
                if (session.hasActiveTransaction()) {
                    session.abortTransaction();
                }
            }
        };
    }

    private static Call list(MongoCollection<BsonDocument> links, long maxId1, int linkTypes) {
        return random -> {
            BsonDocument filter = new BsonDocument("id1", new BsonInt64(random.nextLong(1, maxId1)))
                    .append("link_type", new BsonInt64(random.nextLong(1, linkTypes + 1)))
                    .append("visibility", new BsonInt32(1));
            try (MongoCursor<BsonDocument> c = links.find(filter).projection(LIST_PROJECTION).sort(NEWEST_FIRST)
                    .skip(0).limit(10_000).batchSize(1_000).iterator()) {
                while (c.hasNext()) {
                    c.next().getInt64("time");
                }
            }
        };
    }

    /** Warm-up, then the measured calls, split over the threads; prints one line of figures. */
    private static void run(String kind, List<Call> perThread, long calls, long warmup, AtomicLong errors,
                            AtomicLong misses) throws InterruptedException {
        int threads = perThread.size();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long[] window = new long[2]; // process CPU ns and wall ns at the start of the measured calls
        CyclicBarrier start = new CyclicBarrier(threads, () -> {
            errors.set(0);
            misses.set(0);
            window[0] = os.getProcessCpuTime();
            window[1] = System.nanoTime();
        });
        AtomicLong threadCpu = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Call call = perThread.get(t);
            long seed = 42 + t;
            long share = calls / threads + (t < calls % threads ? 1 : 0);
            long warm = warmup / threads + (t < warmup % threads ? 1 : 0);
            Thread w = new Thread(() -> {
                try {
                    SplittableRandom random = new SplittableRandom(seed);
                    for (long i = 0; i < warm; i++) {
                        call.run(random);
                    }
                    start.await(10, TimeUnit.MINUTES);
                    long cpu0 = mx.getCurrentThreadCpuTime();
                    for (long i = 0; i < share; i++) {
                        call.run(random);
                    }
                    threadCpu.addAndGet(mx.getCurrentThreadCpuTime() - cpu0);
                } catch (Throwable e) { // the first failure is reported; the others stop waiting for this one
                    failure.compareAndSet(null, e);
                    start.reset();
                }
            }, "floor-" + t);
            workers.add(w);
            w.start();
        }
        for (Thread w : workers) {
            w.join(TimeUnit.MINUTES.toMillis(30));
            if (w.isAlive()) {
                throw new IllegalStateException(w.getName() + " still running after 30 minutes");
            }
        }
        if (failure.get() != null) {
            throw new IllegalStateException("a floor thread failed", failure.get());
        }
        long cpu = os.getProcessCpuTime() - window[0];
        double seconds = (System.nanoTime() - window[1]) / 1e9;
        System.out.printf(Locale.ROOT, "floor kind=%s threads=%d calls=%d warmup=%d errors=%d misses=%d seconds=%.2f"
                        + " calls/s=%.1f process_cpu_us/call=%.1f thread_cpu_us/call=%.1f%n",
                kind, threads, calls, warmup, errors.get(), misses.get(), seconds, calls / seconds, cpu / 1e3 / calls,
                threadCpu.get() / 1e3 / calls);
    }
}
