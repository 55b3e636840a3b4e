package io.linkbench.workload;

import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.util.List;

/**
 * How an operation picks its id: a blend of an "uncorrelated" distribution, whose hot ids are spread
 * over the id space by a permutation independent of out-degree, and a "correlated" one, whose hottest
 * ids are the most linked nodes. Each is Zipf-shaped over popularity ranks or uniform.
 *
 * @param uncorrelated    the distribution of the uncorrelated share
 * @param correlated      the distribution of the correlated share
 * @param uncorrelatedPct percent of picks taken from the uncorrelated distribution
 */
public record AccessSpec(Dist uncorrelated, Dist correlated, double uncorrelatedPct) {

    /** The keys of the id choices, with their defaults ({@link WorkloadConfig#from} reads them through this class). */
    public static final List<Setting> SETTINGS = List.of(
            Setting.of("read_function", "zipf", "id1 distribution of link reads: zipf or uniform"),
            Setting.of("read_shape", "0.8", "Zipf shape of link reads"),
            Setting.of("read_uncorr_function", "zipf", "id1 distribution of the uncorrelated share of link reads: zipf or uniform"),
            Setting.of("read_uncorr_shape", "0.8", "Zipf shape of the uncorrelated share of link reads"),
            Setting.of("read_uncorr_blend", "99.5", "percent of link reads whose hot ids are independent of out-degree"),
            Setting.of("write_function", "zipf", "id1 distribution of the correlated share of link writes: zipf or uniform"),
            Setting.of("write_shape", "0.741", "Zipf shape of the correlated share of link writes"),
            Setting.of("link_write_uncorr", "read_uncorr", "keys of the uncorrelated share of link writes: read_uncorr (the original's effective behaviour: read_uncorr_function, _shape and _blend) or write_uncorr (write_uncorr_function, _shape and _blend)"),
            Setting.of("write_uncorr_function", "zipf", "with link_write_uncorr = write_uncorr: id1 distribution of the uncorrelated share of link writes"),
            Setting.of("write_uncorr_shape", "0.741", "with link_write_uncorr = write_uncorr: its Zipf shape"),
            Setting.of("write_uncorr_blend", "95", "with link_write_uncorr = write_uncorr: percent of link writes whose hot ids are independent of out-degree"),
            Setting.of("node_read_function", "zipf", "id distribution of GET_NODE: zipf or uniform"),
            Setting.of("node_read_shape", "0.625", "Zipf shape of GET_NODE"),
            Setting.of("node_update_function", "zipf", "id distribution of UPDATE_NODE: zipf or uniform"),
            Setting.of("node_update_shape", "0.606", "Zipf shape of UPDATE_NODE"),
            Setting.of("node_delete_function", "uniform", "id distribution of DELETE_NODE: zipf or uniform"),
            Setting.of("node_delete_shape", "0.5", "Zipf shape of DELETE_NODE when zipf"));

    /** Id distributions. */
    public enum Function { ZIPF, UNIFORM }

    /** One distribution: Zipf with a shape (exponent), or uniform (shape unused). */
    public record Dist(Function function, double shape) {
        static Dist from(Settings s, String prefix) {
            return new Dist(s.getEnum(prefix + "_function", Function.class, Function.ZIPF),
                    s.getDouble(prefix + "_shape", 0.0001, 20));
        }
    }

    /** A node operation's spec: {@code <prefix>_function} and {@code _shape}, all picks uncorrelated. */
    static AccessSpec nodes(Settings s, String prefix) {
        Dist d = Dist.from(s, prefix);
        return new AccessSpec(d, d, 100);
    }

    /**
     * Link reads: {@code read_uncorr_function}/{@code _shape} for the {@code read_uncorr_blend} percent,
     * {@code read_function}/{@code _shape} for the rest.
     */
    static AccessSpec linkReads(Settings s) {
        return new AccessSpec(Dist.from(s, "read_uncorr"), Dist.from(s, "read"), s.getDouble("read_uncorr_blend", 0, 100));
    }

    /**
     * Link writes: the correlated share from {@code write_function}/{@code _shape}; the uncorrelated one
     * from the keys {@code link_write_uncorr} names: {@code read_uncorr} (what the original's code really
     * reads: the link reads' uncorrelated distribution and blend) or {@code write_uncorr}.
     */
    static AccessSpec linkWrites(Settings s) {
        String prefix = s.getEnum("link_write_uncorr", UncorrKeys.class) == UncorrKeys.READ_UNCORR
                ? "read_uncorr" : "write_uncorr";
        return new AccessSpec(Dist.from(s, prefix), Dist.from(s, "write"), s.getDouble(prefix + "_blend", 0, 100));
    }

    /** {@code link_write_uncorr}. */
    enum UncorrKeys { READ_UNCORR, WRITE_UNCORR }
}
