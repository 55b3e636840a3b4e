package io.linkbench.store;

import java.util.Objects;

/**
 * What a store says about multi-operation transactions ({@link GraphStore#transactions()}): that it runs
 * them, with the guarantees it names, or that it declines them, with the reason in one line. A workload
 * made of transactions (TAOBench) refuses to run on a store that declines, with that line.
 *
 * <pre>{@code
 * return TransactionSupport.offered("REPEATABLE READ; read-only transactions on one consistent snapshot");
 * return TransactionSupport.declined("a standalone mongod runs no transactions (start a replica set)");
 * }</pre>
 *
 * @param offered whether the store runs transactions: its sessions then implement {@link TransactionalSession}
 *                (a store that declines may hand out such sessions too, whose {@code begin} throws REJECTED)
 * @param detail  with {@code offered}: the isolation and snapshot guarantees, for the report; else why
 *                not, one line naming what to change where something can be changed
 */
public record TransactionSupport(boolean offered, String detail) {
    public TransactionSupport {
        Objects.requireNonNull(detail, "detail");
        if (detail.isBlank()) {
            throw new IllegalArgumentException("detail is blank");
        }
    }

    /** The store runs transactions; {@code guarantees} says which isolation and snapshots. */
    public static TransactionSupport offered(String guarantees) {
        return new TransactionSupport(true, guarantees);
    }

    /** The store runs no transactions; {@code reason} says why, in one line. */
    public static TransactionSupport declined(String reason) {
        return new TransactionSupport(false, reason);
    }
}
