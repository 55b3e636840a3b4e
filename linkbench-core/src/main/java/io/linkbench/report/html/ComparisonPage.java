package io.linkbench.report.html;

import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.AtomicFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code compare --html FILE}: one self-contained page with the comparison's tables (as the console
 * prints them) and the capacity curves of every run that has curve steps overlaid on one chart: p99 of
 * every operation together against achieved throughput, a line per run, saturated steps ringed, the
 * SLO's p99 limits drawn. No script, no external resource.
 */
public final class ComparisonPage {

    /**
     * Writes the page atomically.
     *
     * @param tables the comparison's tables as text
     * @param runs   the runs compared, in order
     * @param labels each run's label, in the same order
     */
    public void write(Path file, String tables, List<RunResult> runs, List<String> labels) throws IOException {
        AtomicFile.write(file, render(tables, runs, labels).getBytes(StandardCharsets.UTF_8));
    }

    /** The page as a string. */
    public String render(String tables, List<RunResult> runs, List<String> labels) {
        String title = "linkbench comparison of " + runs.size() + " runs";
        StringBuilder out = new StringBuilder(32 * 1024);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>").append(Html.esc(title)).append("</title>\n")
                .append("<style>\n").append(Style.CSS).append("</style>\n</head>\n<body>\n")
                .append("<h1>").append(Html.esc(title)).append("</h1>\n")
                .append("<section id=\"tables\">\n<h2>Summary and ratios to the first run</h2>\n<pre>")
                .append(Html.esc(tables)).append("</pre>\n</section>\n");
        List<CurveChart.Curve> curves = new ArrayList<>();
        List<CurveChart.Limit> limits = List.of();
        for (int i = 0; i < runs.size(); i++) {
            List<PhaseResult> steps = CurveSection.steps(runs.get(i).phases());
            if (steps.isEmpty()) {
                continue;
            }
            curves.add(CurveSection.curve(steps, null, labels.get(i), Palette.colour(i), false));
            if (limits.isEmpty()) {
                limits = CurveSection.limits(steps);
            }
        }
        out.append("<section id=\"").append(CurveSection.ID).append("\">\n<h2>Capacity curves</h2>\n");
        if (curves.isEmpty()) {
            out.append("<p class=\"note\">No run has curve steps (--sweep, --slo).</p>\n");
        } else {
            out.append("<div class=\"charts\">\n").append(new CurveChart("compare-curve",
                    "p99 of every operation together against achieved throughput, a line per run").render(curves, limits))
                    .append("</div>\n<p class=\"note\">Latency is response time open loop, service time closed loop."
                            + " A ringed point is a saturated step (more than 5% under its target rate). Dashed lines"
                            + " are the SLO's p99 limits.</p>\n");
        }
        return out.append("</section>\n</body>\n</html>\n").toString();
    }
}
