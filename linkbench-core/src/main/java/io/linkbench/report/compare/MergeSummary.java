package io.linkbench.report.compare;

import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.CostTable;
import io.linkbench.report.LatencyTable;
import java.util.List;
import java.util.Locale;

/**
 * The {@code summary.txt} of a merged result (also printed by {@code merge}): what was merged and how,
 * then per phase the merged latency table ({@link LatencyTable}), the merged cost ({@link CostTable}) and each
 * host's own throughput and cost.
 */
public final class MergeSummary {
    /** The text for {@code merged}, the result of merging {@code inputs}; it ends with a newline. */
    public String render(List<LoadedRun> inputs, RunResult merged) {
        List<String> hosts = RunMerger.hostNames(inputs);
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "linkbench merge: %d client results of store=%s%s%n", inputs.size(),
                merged.store().store(), merged.store().engine().isEmpty() ? "" : " engine=" + merged.store().engine()));
        out.append("histograms added, counts and cost totals summed, throughput = sum of the hosts' throughputs\n");
        String server = merged.config().get(RunMerger.MERGED_SERVER);
        if (server != null) {
            out.append("server: ").append(server).append('\n');
        }
        for (int h = 0; h < inputs.size(); h++) {
            out.append("  host ").append(hosts.get(h)).append(": ").append(inputs.get(h).dir()).append('\n');
        }
        String missing = merged.config().get(RunMerger.MERGED_MISSING);
        if (missing != null) {
            out.append("WARNING: ").append(missing).append(": the figures are of the ").append(inputs.size())
                    .append(" clients merged\n");
        }
        for (int i = 0; i < merged.phases().size(); i++) {
            PhaseResult p = merged.phases().get(i);
            out.append('\n').append(new LatencyTable().render(p));
            out.append(new CostTable().render(p));
            out.append("per host:\n");
            for (int h = 0; h < inputs.size(); h++) {
                out.append("  host ").append(hosts.get(h)).append(": ")
                        .append(RunMerger.hostFigures(inputs.get(h).run().phases().get(i))).append('\n');
            }
        }
        return out.toString();
    }
}
