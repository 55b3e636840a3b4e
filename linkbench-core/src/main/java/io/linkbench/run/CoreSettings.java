package io.linkbench.run;

import io.linkbench.workload.tao.TaoConfig;

import io.linkbench.config.Setting;
import io.linkbench.workload.WorkloadConfig;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every key the core reads: the lists each parser declares next to its code ({@link RunConfig#SETTINGS}
 * with the {@link Fleet}'s, {@link LoadRecord#SETTINGS}, {@link SampledVerify#SETTINGS}, {@link WorkloadConfig#SETTINGS} with its parts'),
 * collected for the CLI ({@code --list-keys}, {@code --print-config}, the unknown-key check, the
 * defaults) and for {@link LoadRecord}'s graph keys. Nothing is declared here. Stores declare their own
 * keys in {@link io.linkbench.store.StoreProvider#settings()}.
 */
public final class CoreSettings {
    private CoreSettings() {
    }

    /** Every core key: the run's, then the load record's, then the workload's. */
    public static List<Setting> all() {
        return Stream.of(RunConfig.SETTINGS, LoadRecord.SETTINGS, SampledVerify.SETTINGS, WorkloadConfig.SETTINGS, TaoConfig.SETTINGS).flatMap(List::stream).toList();
    }
}
