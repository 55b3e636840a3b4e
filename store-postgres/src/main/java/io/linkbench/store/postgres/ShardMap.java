package io.linkbench.store.postgres;

import io.linkbench.store.support.ConnectionSettings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the rows of a hash-distributed Citus table live: its shards' hash ranges (from
 * {@code pg_dist_shard}) and the node group of each shard's placement ({@code pg_dist_placement},
 * {@code pg_dist_node}), read on the coordinator. A value's shard is found as Citus finds it: PostgreSQL's
 * {@code hashint8} of the value (bigint distribution columns), then the shard whose range holds that
 * hash. The load uses it to send each row to the node that holds its shard; a map gone stale (a shard
 * moved since) only costs a hop, as Citus routes a row to wherever its shard is.
 *
 * <p>Immutable. {@link #read} checks the map against the server's own routing
 * ({@code get_shard_id_for_distribution_column}) for a sample of values and returns nothing when they
 * disagree (another hash function, or shard ranges that are not what Citus uses), so a wrong map is
 * never used.
 */
final class ShardMap {
    /** A node that holds shards: its group ({@code 0} the coordinator) and its "host:port". */
    record Holder(int group, String address) {
    }

    /** Values checked against the server's routing: spread over the bigint range, and small ids. */
    private static final long[] SAMPLE = sample();

    /** The lowest hash of each shard, ascending; {@link #shardIds} and {@link #holders} in the same order. */
    private final int[] minHash;
    private final long[] shardIds;
    private final int[] holderOf;
    private final List<Holder> holders;

    private ShardMap(int[] minHash, long[] shardIds, int[] holderOf, List<Holder> holders) {
        this.minHash = minHash;
        this.shardIds = shardIds;
        this.holderOf = holderOf;
        this.holders = List.copyOf(holders);
    }

    /**
     * The map of {@code qualifiedTable} (schema.table, hash-distributed) seen from {@code coordinator},
     * checked against the server's routing; empty when the table has no such shards, a shard has no
     * single primary placement, or the check fails.
     */
    static Optional<ShardMap> read(Connection coordinator, String qualifiedTable) throws SQLException {
        List<Integer> mins = new ArrayList<>();
        List<Long> ids = new ArrayList<>();
        List<Integer> groups = new ArrayList<>();
        Map<Integer, Holder> byGroup = new LinkedHashMap<>();
        try (PreparedStatement ps = coordinator.prepareStatement("SELECT s.shardid, s.shardminvalue::int,"
                + " s.shardmaxvalue::int, p.groupid, n.nodename, n.nodeport, count(*) OVER (PARTITION BY s.shardid)"
                + " FROM pg_dist_shard s JOIN pg_dist_placement p ON p.shardid = s.shardid"
                + " JOIN pg_dist_node n ON n.groupid = p.groupid AND n.noderole = 'primary'"
                + " JOIN pg_dist_partition t ON t.logicalrelid = s.logicalrelid AND t.partmethod = 'h'"
                + " WHERE s.logicalrelid = to_regclass(?) ORDER BY s.shardminvalue::int")) {
            ps.setString(1, qualifiedTable);
            try (ResultSet rs = ps.executeQuery()) {
                int expectedMin = Integer.MIN_VALUE;
                while (rs.next()) {
                    if (rs.getInt(7) != 1 || rs.getInt(2) != expectedMin) {
                        return Optional.empty(); // replicated shards, or ranges with gaps: leave it to Citus
                    }
                    int group = rs.getInt(4);
                    mins.add(rs.getInt(2));
                    ids.add(rs.getLong(1));
                    groups.add(group);
                    byGroup.putIfAbsent(group, new Holder(group, ConnectionSettings.hostPort(rs.getString(5), rs.getInt(6))));
                    long next = rs.getLong(3) + 1L;
                    expectedMin = (int) next;
                    if (next > Integer.MAX_VALUE && rs.next()) {
                        return Optional.empty();
                    }
                }
                if (mins.isEmpty() || expectedMin != Integer.MIN_VALUE) { // the ranges must end at 2^31 - 1
                    return Optional.empty();
                }
            }
        }
        List<Holder> holders = new ArrayList<>(byGroup.values());
        int[] holderOf = new int[groups.size()];
        for (int i = 0; i < holderOf.length; i++) {
            holderOf[i] = holders.indexOf(byGroup.get(groups.get(i)));
        }
        ShardMap map = new ShardMap(mins.stream().mapToInt(Integer::intValue).toArray(),
                ids.stream().mapToLong(Long::longValue).toArray(), holderOf, holders);
        return map.agreesWithServer(coordinator, qualifiedTable) ? Optional.of(map) : Optional.empty();
    }

    /** The nodes that hold shards, in the order of their groups' first shards. */
    List<Holder> holders() {
        return holders;
    }

    /** The index in {@link #holders()} of the node holding {@code value}'s shard. */
    int holderOf(long value) {
        return holderOf[shardIndex(value)];
    }

    /** The shard id of {@code value}'s shard. */
    long shardOf(long value) {
        return shardIds[shardIndex(value)];
    }

    private int shardIndex(long value) {
        int h = hashInt8(value);
        int lo = 0;
        int hi = minHash.length - 1;
        while (lo < hi) { // the last shard whose lowest hash is <= h
            int mid = (lo + hi + 1) >>> 1;
            if (minHash[mid] <= h) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    private boolean agreesWithServer(Connection c, String qualifiedTable) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT v, get_shard_id_for_distribution_column(?::regclass, v)"
                + " FROM unnest(?::int8[]) v")) {
            ps.setString(1, qualifiedTable);
            ps.setArray(2, c.createArrayOf("int8", java.util.Arrays.stream(SAMPLE).boxed().toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                int n = 0;
                while (rs.next()) {
                    n++;
                    if (shardOf(rs.getLong(1)) != rs.getLong(2)) {
                        return false;
                    }
                }
                return n == SAMPLE.length;
            }
        }
    }

    /**
     * PostgreSQL's {@code hashint8}: the value folded into 32 bits (the high half, or its complement for a
     * negative value, xor-ed into the low half), then {@code hash_uint32}, the final mix of Bob Jenkins's
     * lookup3 hash on one 4-byte word.
     */
    static int hashInt8(long value) {
        int lo = (int) value;
        int hi = (int) (value >>> 32);
        return hashUint32(lo ^ (value >= 0 ? hi : ~hi));
    }

    private static int hashUint32(int k) {
        int a = 0x9e3779b9 + 4 + 3923095;
        int b = a;
        int c = a;
        a += k;
        c ^= b;
        c -= Integer.rotateLeft(b, 14);
        a ^= c;
        a -= Integer.rotateLeft(c, 11);
        b ^= a;
        b -= Integer.rotateLeft(a, 25);
        c ^= b;
        c -= Integer.rotateLeft(b, 16);
        a ^= c;
        a -= Integer.rotateLeft(c, 4);
        b ^= a;
        b -= Integer.rotateLeft(a, 14);
        c ^= b;
        c -= Integer.rotateLeft(b, 24);
        return c;
    }

    private static long[] sample() {
        long[] out = new long[96];
        java.util.SplittableRandom r = new java.util.SplittableRandom(20261128L);
        for (int i = 0; i < 32; i++) {
            out[i] = i;
            out[32 + i] = 1L << (i * 2 % 63);
            out[64 + i] = r.nextLong();
        }
        out[63] = Long.MIN_VALUE;
        out[95] = -1;
        return out;
    }
}
