package io.linkbench.run;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.measure.SizeCounts;
import io.linkbench.store.StoreException;
import io.linkbench.store.TransactionalSession;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.Op;
import io.linkbench.workload.Request;
import io.linkbench.workload.Seeds;
import io.linkbench.workload.WorkloadConfig;
import io.linkbench.workload.dist.PayloadGenerator;
import io.linkbench.workload.tao.EdgeConstraint;
import io.linkbench.workload.tao.RequestKind;
import io.linkbench.workload.tao.TaoConfig;
import io.linkbench.workload.tao.TaoOp;
import io.linkbench.workload.tao.TaoRequest;
import io.linkbench.workload.tao.TaoRequestGenerator;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Runs the TAOBench requests of one requester: a single read or write as the linkbench operation it maps
 * onto ({@link TaoOp#op()}), a read or write transaction as its operations between
 * {@link TransactionalSession#begin} and {@link TransactionalSession#commit}, repeated whole after a
 * conflict. Edge constraints ({@link EdgeConstraint}): for a unique edge type an edge add first reads
 * whether id1 holds an edge of the type to id2 and adds nothing when it does; for a bidirectional one the
 * inverse edge (id2 to id1, same type) is added, updated or deleted with it. A single write that so takes
 * two or more statements runs as a write transaction of its own.
 *
 * <p>Recorded under the row of the operation (single requests) or of the transaction's kind
 * ({@link #READ_TRANSACTION_ROW}, {@link #WRITE_TRANSACTION_ROW}), from the first attempt to the end of
 * the last, retries included; a transaction's row counts the statements it ran as rows and its size as
 * the ids asked, its retries are the conflicts retried and its errors the transactions given up. Not
 * thread-safe: one per requester.
 */
final class TaoCalls {
    /** The recorder's row of read transactions: after the ten operations. */
    static final int READ_TRANSACTION_ROW = Op.count();
    /** The recorder's row of write transactions. */
    static final int WRITE_TRANSACTION_ROW = Op.count() + 1;
    /** How a time read bounds its list: the newest day. */
    static final long TIME_READ_WINDOW_MS = 86_400_000L;

    private final TaoRequestGenerator generator;
    private final OpCalls calls;
    private final GraphShape shape;
    private final boolean aimAtExisting;
    private final int listLimit;
    private final SplittableRandom random;
    private final PayloadGenerator nodePayload;
    private final PayloadGenerator linkPayload;
    private final Request request = new Request(1);
    /** Keys drawn per virtual shard, warm-up included; read by the phase after this requester ended. */
    private final long[] keysByShard;
    /**
     * Read and write transactions executed per size (index = operations drawn), warm-up included, each
     * once however often it was retried; grown as larger sizes come. Read like {@link #keysByShard}.
     */
    private long[] readSizes = new long[32];
    private long[] writeSizes = new long[32];
    /** Of the request running now: statements run and whether any found a row. */
    private int statements;
    private boolean foundAny;

    /**
     * @param stream the requester's index in the fleet's numbering (seeds its requests, as LinkBench's)
     */
    TaoCalls(TaoConfig tao, WorkloadConfig workload, GraphShape shape, OpCalls calls, long seed, int stream) {
        this.generator = new TaoRequestGenerator(tao.workload(), shape.startId(), shape.nodeCount(), seed, stream);
        this.calls = calls;
        this.shape = shape;
        this.aimAtExisting = tao.aimAtExisting();
        this.listLimit = workload.listLimit();
        this.random = new SplittableRandom(Seeds.derive(seed, Seeds.Stream.TAO_REQUESTS, -1 - stream));
        this.nodePayload = new PayloadGenerator(workload.nodePayload(), Seeds.derive(seed, Seeds.Stream.PAYLOAD_MOTIFS, 0));
        this.linkPayload = new PayloadGenerator(workload.linkPayload(), Seeds.derive(seed, Seeds.Stream.PAYLOAD_MOTIFS, 1));
        this.keysByShard = new long[tao.workload().shardCount()];
    }

    /** Draws the next request and tallies the virtual shard of each of its keys. */
    TaoRequest next() {
        TaoRequest t = generator.next();
        for (int i = 0; i < t.size; i++) {
            keysByShard[t.shard[i]]++;
        }
        return t;
    }

    /** Keys drawn per virtual shard so far (object ids and edges' id1s). */
    long[] keysByShard() {
        return keysByShard.clone();
    }

    /** The transactions of {@code kind} (a transaction kind) executed so far, by size; see {@link SizeCounts}. */
    SizeCounts transactionSizes(RequestKind kind) {
        return switch (kind) {
            case READ_TRANSACTION -> SizeCounts.of(readSizes);
            case WRITE_TRANSACTION -> SizeCounts.of(writeSizes);
            default -> throw new IllegalArgumentException(kind + " is not a transaction");
        };
    }

    /** {@code counts} with one more at {@code size}: itself, or a larger copy when the size is new. */
    private static long[] counted(long[] counts, int size) {
        long[] c = size < counts.length ? counts : Arrays.copyOf(counts, Math.max(size + 1, 2 * counts.length));
        c[size]++;
        return c;
    }

    /**
     * Runs {@code t} on {@code s} and records it through {@code q}: once it succeeded, or failed past its
     * retries. A transaction's size is counted here, once.
     */
    void execute(Requester q, TransactionalSession s, TaoRequest t, long intended, long start) {
        boolean transaction = t.kind.isTransaction() || t.kind == RequestKind.WRITE && takesTwoStatements(t, 0);
        int row = switch (t.kind) {
            case READ_TRANSACTION -> READ_TRANSACTION_ROW;
            case WRITE_TRANSACTION -> WRITE_TRANSACTION_ROW;
            default -> t.ops[0].op().ordinal();
        };
        if (t.kind == RequestKind.READ_TRANSACTION) {
            readSizes = counted(readSizes, t.size);
        } else if (t.kind == RequestKind.WRITE_TRANSACTION) {
            writeSizes = counted(writeSizes, t.size);
        }
        for (int attempt = 0; ; attempt++) {
            statements = 0;
            foundAny = false;
            try {
                if (transaction) {
                    runTransaction(s, t);
                } else {
                    run(s, t, 0);
                }
                q.recorded(row, intended, start, foundAny, statements, t.size);
                return;
            } catch (StoreException e) {
                if (q.retry(e, attempt, row)) {
                    continue;
                }
                q.failed(row, intended, start, e.kind(), e);
                return;
            } catch (RuntimeException e) {
                q.failed(row, intended, start, StoreException.Kind.OTHER, e);
                return;
            }
        }
    }

    private void runTransaction(TransactionalSession s, TaoRequest t) throws StoreException {
        s.begin(!t.kind.isWrite());
        try {
            for (int i = 0; i < t.size; i++) {
                run(s, t, i);
            }
            s.commit();
        } finally {
            if (s.inTransaction()) { // a failure outside the store's calls: the store ended nothing
                s.rollback();
            }
        }
    }

    /** True when entry {@code i} is a write that its edge constraint makes two statements or more. */
    private static boolean takesTwoStatements(TaoRequest t, int i) {
        TaoOp op = t.ops[i];
        EdgeConstraint c = t.edgeType[i];
        return op.isEdge() && !op.isRead()
                && (c.bidirectional() || op == TaoOp.EDGE_ADD && c.unique());
    }

    /** Runs entry {@code i} of {@code t}, with the statements its edge constraint adds. */
    private void run(TransactionalSession s, TaoRequest t, int i) throws StoreException {
        TaoOp op = t.ops[i];
        Request r = request;
        r.op = op.op();
        r.id1 = t.id1[i];
        if (!op.isEdge()) {
            if (op == TaoOp.OBJ_ADD || op == TaoOp.OBJ_UPDATE) {
                r.node = new Node(op == TaoOp.OBJ_ADD ? 0 : r.id1, GraphShape.NODE_TYPE, random.nextLong(1, Long.MAX_VALUE),
                        (int) (System.currentTimeMillis() / 1000), nodePayload.next(random));
            }
            call(s, r);
            return;
        }
        EdgeConstraint constraint = t.edgeType[i];
        r.linkType = constraint.linkType();
        r.id2 = aimAtExisting && op != TaoOp.EDGE_ADD ? loadedId2(r.id1, constraint, t.id2[i]) : t.id2[i];
        switch (op) {
            case EDGE_POINT_READ -> {
                r.id2s[0] = r.id2;
                r.id2Count = 1;
            }
            case EDGE_RANGE_READ, EDGE_TIME_READ -> {
                r.offset = 0;
                r.limit = listLimit;
                r.fromHistory = false;
                r.maxTime = op == TaoOp.EDGE_RANGE_READ ? Long.MAX_VALUE : System.currentTimeMillis();
                r.minTime = op == TaoOp.EDGE_RANGE_READ ? 0 : r.maxTime - TIME_READ_WINDOW_MS;
            }
            case EDGE_ADD, EDGE_UPDATE -> {
                if (op == TaoOp.EDGE_ADD && constraint.unique() && exists(s, r.id1, r.linkType, r.id2)) {
                    return; // a unique edge already there: nothing to add
                }
                r.link = newLink(r.id1, r.linkType, r.id2);
            }
            case EDGE_DELETE -> r.expunge = false;
            case EDGE_COUNT_READ -> {
                // id1 and the type say it all
            }
            default -> throw new IllegalStateException(op.name());
        }
        long id1 = r.id1;
        long id2 = r.id2;
        call(s, r);
        if (!op.isRead() && constraint.bidirectional() && id1 != id2) {
            inverse(s, op, constraint, id2, id1);
        }
    }

    /** The inverse edge of a bidirectional write: id1 and id2 swapped, the same type. */
    private void inverse(TransactionalSession s, TaoOp op, EdgeConstraint constraint, long id1, long id2)
            throws StoreException {
        Request r = request;
        r.op = op.op();
        r.id1 = id1;
        r.id2 = id2;
        r.linkType = constraint.linkType();
        if (op == TaoOp.EDGE_ADD && constraint.unique() && exists(s, id1, r.linkType, id2)) {
            return;
        }
        if (op != TaoOp.EDGE_DELETE) {
            r.link = newLink(id1, r.linkType, id2);
        }
        call(s, r);
    }

    /** A visible link with a new payload and version, written now. */
    private Link newLink(long id1, long linkType, long id2) {
        return new Link(id1, linkType, id2, Visibility.VISIBLE, linkPayload.next(random), random.nextInt(1, Integer.MAX_VALUE),
                System.currentTimeMillis());
    }

    /** Whether id1 holds an edge of the type to id2 (the check of a unique edge add): one statement. */
    private boolean exists(TransactionalSession s, long id1, long linkType, long id2) throws StoreException {
        statements++;
        return !s.multigetLinks(id1, linkType, new long[] {id2}).isEmpty();
    }

    private void call(TransactionalSession s, Request r) throws StoreException {
        statements++;
        calls.run(s, r);
        foundAny |= r.found;
    }

    /**
     * One of id1's loaded edges of the constraint's type, uniformly; {@code drawn} when id1 was loaded with
     * none (the operation then misses, as a drawn id2 almost always would).
     */
    private long loadedId2(long id1, EdgeConstraint constraint, long drawn) {
        int t = (int) constraint.linkType() - 1;
        if (t >= shape.linkTypeCount()) {
            return drawn;
        }
        long loaded = shape.linksOfType(shape.degree(id1), t);
        return loaded == 0 ? drawn : shape.id2(id1, t, random.nextLong(loaded));
    }
}
