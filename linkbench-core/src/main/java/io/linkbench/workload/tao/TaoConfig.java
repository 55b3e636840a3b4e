package io.linkbench.workload.tao;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The keys that select TAOBench in place of LinkBench's operation mix: {@code workload = taobench}, which
 * of its published workloads ({@code taobench_workload}: {@code a}, {@code o}, or a distribution file of
 * the same format), and whether edge reads, updates and deletes aim at loaded edges. Built once from the
 * run's settings ({@link #from}); {@link Optional#empty()} for a LinkBench run.
 *
 * @param name          what {@code taobench_workload} said ({@code a}, {@code o} or the file's path)
 * @param workload      the distributions, validated
 * @param aimAtExisting edge point reads, updates and deletes aim at one of id1's loaded edges of the type
 *                      (a hit unless it was deleted), else at the id2 drawn from {@code remote_shards}
 */
public record TaoConfig(String name, TaoWorkload workload, boolean aimAtExisting) {
    /** {@code workload}: which workload drives the request phase. */
    public static final Setting WORKLOAD = Setting.of("workload", "linkbench",
            "the request phase's workload: linkbench (the operation mix of the keys below) or taobench (TAOBench's"
                    + " transactions, taobench_workload); the load is LinkBench's graph either way");
    public static final Setting TAOBENCH_WORKLOAD = Setting.of("taobench_workload", "a",
            "with workload = taobench: a (TAOBench workload A), o (workload O), or the path of a distribution file of"
                    + " their JSON-lines format");
    public static final Setting TAOBENCH_AIM_EXISTING = Setting.of("taobench_aim_existing", "true",
            "with workload = taobench: edge point reads, updates and deletes aim at a loaded edge of id1 (true), or at"
                    + " the id2 drawn from remote_shards, which a loaded graph almost never holds (false)");
    public static final List<Setting> SETTINGS = List.of(WORKLOAD, TAOBENCH_WORKLOAD, TAOBENCH_AIM_EXISTING);

    /** The workloads a run can name. */
    private enum Kind { LINKBENCH, TAOBENCH }

    /** The TAOBench configuration of {@code s}, or empty when {@code workload = linkbench}. */
    public static Optional<TaoConfig> from(Settings s) {
        Kind kind = s.getEnum(WORKLOAD.key(), Kind.class, Kind.LINKBENCH);
        if (kind == Kind.LINKBENCH) {
            return Optional.empty();
        }
        String name = s.getString(TAOBENCH_WORKLOAD.key(), "a").trim();
        TaoWorkload w = switch (name.toLowerCase(Locale.ROOT)) {
            case "a" -> TaoWorkload.published(TaoWorkload.Published.A);
            case "o" -> TaoWorkload.published(TaoWorkload.Published.O);
            default -> {
                Path file = Path.of(name);
                if (!Files.isRegularFile(file)) {
                    throw new ConfigException("taobench_workload = " + name + ": neither a, o nor a readable file");
                }
                yield TaoWorkload.load(file);
            }
        };
        return Optional.of(new TaoConfig(name, w, s.getBoolean(TAOBENCH_AIM_EXISTING.key(), true)));
    }
}
