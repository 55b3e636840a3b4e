package io.linkbench.workload.tao;

import io.linkbench.config.ConfigException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A TAOBench workload (Cheng et al., "TAOBench: An End-to-End Benchmark for Social Network Workloads",
 * PVLDB 15(9), 2022), typed and validated from its distribution file: which kind of request comes next,
 * the operations of single reads and writes, the sizes of read and write transactions and the operations
 * inside them, the virtual-shard weights of keys and the edge types' insert constraints. Immutable.
 *
 * @param kinds          {@code operations}: read, write, read transaction, write transaction
 * @param readOps        {@code read_operation_types}: the operation of a single read
 * @param writeOps       {@code write_operation_types}: the operation of a single write
 * @param readTxnSizes   {@code read_txn_sizes}: operations per read transaction
 * @param writeTxnSizes  {@code write_txn_sizes}: operations per write transaction
 * @param readTxnOps     {@code read_txn_operation_types}: each operation inside a read transaction
 * @param writeTxnOps    {@code write_txn_operation_types}: each operation inside a write transaction
 * @param primaryShards  {@code primary_shards}: the virtual shard of an operation's key (object, or edge id1)
 * @param remoteShards   {@code remote_shards}: the virtual shard of an edge's other end (id2)
 * @param edgeTypes      {@code edge_types}: the insert constraint (and so the link type) of an edge operation
 */
public record TaoWorkload(Choice<RequestKind> kinds, Choice<TaoOp> readOps, Choice<TaoOp> writeOps,
                          Choice<Integer> readTxnSizes, Choice<Integer> writeTxnSizes, Choice<TaoOp> readTxnOps,
                          Choice<TaoOp> writeTxnOps, Weights primaryShards, Weights remoteShards,
                          Choice<EdgeConstraint> edgeTypes) {

    /** The names this model reads. */
    public static final List<String> USED = List.of("operations", "read_operation_types", "write_operation_types",
            "read_txn_sizes", "write_txn_sizes", "read_txn_operation_types", "write_txn_operation_types",
            "primary_shards", "remote_shards", "edge_types");
    /**
     * Names the published files hold that this model accepts and does not use (TAOBench's own reference
     * code parses and ignores them too): see the design notes for why each is left out.
     */
    public static final Set<String> NOT_USED = Set.of("read_tiers", "operation_predicates", "txn_predicates",
            "txn_predicate_counts", "errors", "txn_errors", "read_operation_latency", "write_operation_latency",
            "write_txn_latency");
    /** The largest transaction size accepted (the published files go to 500). */
    public static final int MAX_TXN_SIZE = 100_000;

    /** The bundled published workloads, by their letter. */
    public enum Published {
        A("workload_a.json"), O("workload_o.json");

        private final String resource;

        Published(String resource) {
            this.resource = resource;
        }

        /** The resource name of the bundled copy. */
        public String resource() {
            return resource;
        }
    }

    /** The workload of a distribution file. */
    public static TaoWorkload load(Path file) {
        return of(DistributionFile.read(file));
    }

    /** A bundled published workload (a copy of the reference's CC0 files, unchanged). */
    public static TaoWorkload published(Published w) {
        try (InputStream in = TaoWorkload.class.getResourceAsStream(w.resource())) {
            if (in == null) {
                throw new IllegalStateException("the bundled " + w.resource() + " is missing from the jar");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            return of(DistributionFile.read(w.resource(), r));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the bundled " + w.resource(), e);
        }
    }

    /** The workload of parsed distributions; every missing, unknown or ill-typed one is a one-line error. */
    public static TaoWorkload of(Map<String, DistributionLine> lines) {
        for (DistributionLine d : lines.values()) {
            if (!USED.contains(d.name()) && !NOT_USED.contains(d.name())) {
                throw new ConfigException(d.source() + ":" + d.line() + ": distribution '" + d.name()
                        + "' is unknown: known are " + String.join(", ", USED) + " and (not used) "
                        + String.join(", ", NOT_USED.stream().sorted().toList()));
            }
        }
        Parts p = new Parts(lines);
        Weights primary = p.positional("primary_shards").toWeights();
        Weights remote = p.positional("remote_shards").toWeights();
        if (primary.size() != remote.size()) {
            throw p.get("remote_shards").error("weights", "has " + remote.size() + " shards but primary_shards has "
                    + primary.size() + ": both weight the same virtual shards");
        }
        return new TaoWorkload(
                p.positionalOf("operations", List.of(RequestKind.values())),
                p.ops("read_operation_types", TaoOp::isRead),
                p.ops("write_operation_types", t -> !t.isRead()),
                p.sizes("read_txn_sizes"), p.sizes("write_txn_sizes"),
                p.ops("read_txn_operation_types", TaoOp::isRead),
                p.ops("write_txn_operation_types", t -> !t.isRead()),
                primary, remote,
                p.named("edge_types", EdgeConstraint::ofFileName, EnumSet.allOf(EdgeConstraint.class).stream()
                        .map(EdgeConstraint::fileName).toList()));
    }

    /** The number of virtual shards. */
    public int shardCount() {
        return primaryShards.size();
    }

    /** The largest transaction size either kind can draw (with a positive weight). */
    public int maxTxnSize() {
        return Math.max(maxOf(readTxnSizes), maxOf(writeTxnSizes));
    }

    private static int maxOf(Choice<Integer> sizes) {
        int max = 0;
        for (int i = 0; i < sizes.values().size(); i++) {
            if (sizes.weights().weight(i) > 0) {
                max = Math.max(max, sizes.values().get(i));
            }
        }
        return max;
    }

    /** Looks up, checks and types the distributions by name. */
    private record Parts(Map<String, DistributionLine> lines) {
        DistributionLine get(String name) {
            DistributionLine d = lines.get(name);
            if (d == null) {
                String source = lines.values().iterator().next().source();
                throw new ConfigException(source + ": distribution '" + name + "' is missing: a TAOBench workload needs "
                        + String.join(", ", USED));
            }
            return d;
        }

        /** A distribution without values: its weights are positions of a fixed list. */
        DistributionLine positional(String name) {
            DistributionLine d = get(name);
            if (d.values().isPresent()) {
                throw d.error("values", "is not expected: the weights are positions of a fixed list");
            }
            return d;
        }

        <T> Choice<T> positionalOf(String name, List<T> fixed) {
            DistributionLine d = positional(name);
            if (d.weights().length != fixed.size()) {
                throw d.error("weights", "has " + d.weights().length + " entries: expected " + fixed.size() + " ("
                        + String.join(", ", fixed.stream().map(o -> o.toString().toLowerCase(Locale.ROOT)).toList()) + ")");
            }
            return new Choice<>(fixed, d.toWeights());
        }

        <T> Choice<T> named(String name, Function<String, java.util.Optional<T>> lookup, List<String> allowed) {
            DistributionLine d = get(name);
            List<T> typed = new ArrayList<>();
            for (String v : d.requireValues()) {
                typed.add(lookup.apply(v).orElseThrow(() -> d.error("values", "holds '" + v + "': allowed are "
                        + String.join(", ", allowed))));
            }
            return new Choice<>(typed, d.toWeights());
        }

        Choice<TaoOp> ops(String name, Predicate<TaoOp> kind) {
            List<String> allowed = EnumSet.allOf(TaoOp.class).stream().filter(kind).map(TaoOp::fileName).toList();
            return named(name, v -> TaoOp.ofFileName(v).filter(kind), allowed);
        }

        Choice<Integer> sizes(String name) {
            DistributionLine d = get(name);
            List<Integer> sizes = new ArrayList<>();
            for (String v : d.requireValues()) {
                int s;
                try {
                    s = Integer.parseInt(v);
                } catch (NumberFormatException e) {
                    throw d.error("values", "holds '" + v + "': sizes are whole numbers 1 .. " + MAX_TXN_SIZE);
                }
                if (s < 1 || s > MAX_TXN_SIZE) {
                    throw d.error("values", "holds " + s + ": sizes are whole numbers 1 .. " + MAX_TXN_SIZE);
                }
                if (sizes.contains(s)) {
                    throw d.error("values", "holds " + s + " twice: each size once");
                }
                sizes.add(s);
            }
            return new Choice<>(sizes, d.toWeights());
        }
    }
}
