package io.linkbench.cli;

import io.linkbench.config.MessageText;
import io.linkbench.config.Setting;
import io.linkbench.measure.RunMeta;
import io.linkbench.measure.probe.HostDescription;
import io.linkbench.report.AtomicFile;
import io.linkbench.report.ResultFiles;
import io.linkbench.run.CostProbe;
import io.linkbench.run.MetricsReader;
import io.linkbench.store.GraphStore;
import io.linkbench.store.ServerConfiguration;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreMetrics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Gathers, once the store is open, what a run keeps so it can be reproduced: the label and command
 * line, the host and JVM, and the server's configuration written to its own file.
 */
final class RunRecord {
    /** The store fact that says why the server configuration was not kept. */
    static final String CONFIG_FACT = "server config";

    private RunRecord() {
    }

    /**
     * The run's {@link RunMeta}; writes {@code server-config.txt} into {@code dir} when the store reports its
     * configuration, else adds {@value #CONFIG_FACT} with the reason to {@code facts}. The store is asked
     * through {@code reads}, within its deadlines: a server that does not answer leaves the file out.
     */
    static RunMeta meta(RunLabel label, StoreInfo info, List<Setting> declared, GraphStore store, CostProbe cost,
                        Path dir, Map<String, String> facts, MetricsReader reads) {
        String storeLabel = (info.store() + " " + info.engine()).trim();
        Optional<Path> dataDir = store instanceof StoreMetrics m
                ? reads.read("data directory", m::dataDirectory, MetricsReader.COUNTERS).orElse(Optional.empty())
                : Optional.empty();
        RunMeta meta = label.meta(storeLabel, declared);
        meta = new RunMeta(meta.tag(), meta.notes(), meta.commandLine(),
                HostDescription.local().describe(cost.devices(), dataDir), meta.jvm(), meta.build(), "");
        if (!(store instanceof ServerConfiguration sc)) {
            facts.put(CONFIG_FACT, "not reported by this store");
            return meta;
        }
        MetricsReader.Reading<Map<String, String>> config = reads.read("server configuration", sc::serverConfiguration,
                MetricsReader.SLOW);
        if (!config.read()) {
            facts.put(CONFIG_FACT, "not kept: " + MessageText.line(config.missing()));
            return meta;
        }
        try {
            new ResultFiles().writeServerConfig(dir, config.value());
            return meta.withServerConfigFile(ResultFiles.SERVER_CONFIG_TXT);
        } catch (RuntimeException e) {
            facts.put(CONFIG_FACT, "not kept: " + MessageText.line(String.valueOf(e.getMessage())));
        } catch (IOException e) {
            facts.put(CONFIG_FACT, "not kept: cannot write " + ResultFiles.SERVER_CONFIG_TXT + " (" + AtomicFile.reason(e) + ")");
        }
        return meta;
    }
}
