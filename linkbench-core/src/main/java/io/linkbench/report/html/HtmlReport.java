package io.linkbench.report.html;

import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.AtomicFile;
import io.linkbench.report.SummaryRow;
import io.linkbench.store.StoreInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code report.html}: one self-contained HTML5 page for a run (inline CSS, charts as inline SVG, no
 * script, no external font, image or link), viewable without a network. It holds the run's compact
 * summary table, then for each phase (load, each request loop) its header, charts of throughput and
 * p99 over time per operation, latency tables, cost table, post-load steps and store counter deltas,
 * then the store and server facts and the effective configuration, sorted by key. All text from the
 * result is escaped, so config values cannot inject markup.
 *
 * <p>The page is also well-formed XML, which lets tests parse it. Chart ids are
 * {@code phase-<i>-throughput} and {@code phase-<i>-p99} for the i-th phase (0-based).
 */
public final class HtmlReport {
    /** The report's file name in a run directory. */
    public static final String FILE_NAME = "report.html";

    private final PhaseSection section = new PhaseSection();
    private final CostHtml cost = new CostHtml();

    /** Writes the page to {@code file} (through a temporary file, so a reader never sees half a page). */
    public void write(Path file, RunResult run) throws IOException {
        AtomicFile.write(file, render(run).getBytes(StandardCharsets.UTF_8));
    }

    /** The page as a string. */
    public String render(RunResult run) {
        StringBuilder out = new StringBuilder(64 * 1024);
        String title = "linkbench " + run.store().store() + " run, " + Figures.time(run.startedEpochMs());
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>").append(Html.esc(title)).append("</title>\n")
                .append("<style>\n").append(Style.CSS).append("</style>\n</head>\n<body>\n");
        out.append("<h1>").append(Html.esc(title)).append("</h1>\n");
        out.append("<p class=\"run\">linkbench ").append(Html.esc(run.linkbenchVersion())).append(" on client host ")
                .append(Html.esc(run.host())).append(", store ").append(Html.esc(describe(run.store())))
                .append("</p>\n");

        List<String> labels = labels(run.phases(), "");
        List<String> headings = labels(run.phases(), " phase");
        contents(out, headings, !CurveSection.steps(run.phases()).isEmpty());
        summary(out, run.phases(), labels);
        new CurveSection().appendTo(out, run.phases());
        for (int i = 0; i < run.phases().size(); i++) {
            section.appendTo(out, "phase-" + i, labels.get(i), headings.get(i), run.phases().get(i));
        }
        store(out, run.store());
        config(out, run.config());
        out.append("</body>\n</html>\n");
        return out.toString();
    }

    /**
     * The phase's name and {@code suffix}, then {@code , loop k} (1-based) when the request phase ran more
     * than once: e.g. {@code load}, {@code request phase, loop 2}.
     */
    private static List<String> labels(List<PhaseResult> phases, String suffix) {
        long requestPhases = phases.stream().filter(p -> !p.isLoad()).count();
        List<String> labels = new ArrayList<>();
        for (PhaseResult p : phases) {
            boolean loops = !p.isLoad() && (requestPhases > 1 || p.loop() > 0);
            String which = p.target() != null ? ", step " + (p.loop() + 1) + " (" + p.target().knob() + "="
                    + java.math.BigDecimal.valueOf(p.target().value()).stripTrailingZeros().toPlainString() + ")"
                    : loops ? ", loop " + (p.loop() + 1) : "";
            labels.add(p.phase().label() + suffix + which);
        }
        return labels;
    }

    private static String describe(StoreInfo s) {
        StringBuilder d = new StringBuilder(s.store());
        if (!s.engine().isEmpty()) {
            d.append(" (").append(s.engine()).append(')');
        }
        if (!s.version().isEmpty()) {
            d.append(' ').append(s.version());
        }
        return d.toString();
    }

    private static void contents(StringBuilder out, List<String> headings, boolean curve) {
        out.append("<nav><ul>\n<li><a href=\"#summary\">Summary</a></li>\n");
        if (curve) {
            out.append("<li><a href=\"#").append(CurveSection.ID).append("\">Capacity curve</a></li>\n");
        }
        for (int i = 0; i < headings.size(); i++) {
            out.append("<li><a href=\"#phase-").append(i).append("\">").append(Html.esc(headings.get(i)))
                    .append("</a></li>\n");
        }
        out.append("<li><a href=\"#store\">Store and server</a></li>\n")
                .append("<li><a href=\"#config\">Configuration</a></li>\n</ul></nav>\n");
    }

    /** One compact row per phase, load and request rows in separate tables (their columns differ). */
    private void summary(StringBuilder out, List<PhaseResult> phases, List<String> labels) {
        out.append("<section id=\"summary\">\n<h2>Summary</h2>\n");
        if (phases.isEmpty()) {
            out.append("<p class=\"note\">The run has no phases.</p>\n");
        }
        List<SummaryRow> loads = new ArrayList<>();
        List<SummaryRow> requests = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            PhaseResult p = phases.get(i);
            (p.isLoad() ? loads : requests).add(SummaryRow.of(labels.get(i), p));
        }
        for (List<SummaryRow> rows : List.of(loads, requests)) {
            cost.summary(out, rows);
            if (!rows.isEmpty()) {
                legend(out, SummaryRow.legend(rows.get(0).columns()));
            }
        }
        List<PhaseResult> loops = phases.stream().filter(p -> p.phase() == Phase.REQUEST)
                .toList();
        if (loops.size() > 1) {
            out.append("<h3>Trend over the loops</h3>\n");
            cost.summary(out, loops.stream().map(p -> SummaryRow.trend("loop " + (p.loop() + 1), p)).toList(), "trend");
        }
        if (!phases.isEmpty()) {
            out.append("<p class=\"note\">- means unavailable (each phase's cost says why).</p>\n");
        }
        out.append("</section>\n");
    }

    /** The legend under a table: each column defined once. */
    static void legend(StringBuilder out, List<String> lines) {
        out.append("<ul class=\"legend\">\n");
        lines.forEach(l -> out.append("<li>").append(Html.esc(l)).append("</li>\n"));
        out.append("</ul>\n");
    }

    private static void store(StringBuilder out, StoreInfo s) {
        out.append("<section id=\"store\">\n<h2>Store and server</h2>\n");
        HtmlTable t = new HtmlTable("facts", false, "fact", "value");
        t.row("store", s.store());
        t.row("version", s.version().isEmpty() ? "unknown" : s.version());
        t.row("engine", s.engine().isEmpty() ? "not applicable" : s.engine());
        s.facts().forEach(t::row);
        t.appendTo(out);
        out.append("</section>\n");
    }

    private static void config(StringBuilder out, Map<String, String> config) {
        out.append("<section id=\"config\">\n<h2>Effective configuration</h2>\n");
        HtmlTable t = new HtmlTable("config", false, "key", "value");
        new TreeMap<>(config).forEach(t::row);
        if (t.isEmpty()) {
            out.append("<p class=\"note\">No configuration recorded.</p>\n");
        } else {
            t.appendTo(out);
        }
        out.append("</section>\n");
    }
}
