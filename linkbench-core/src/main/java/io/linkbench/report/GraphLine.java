package io.linkbench.report;

import io.linkbench.measure.GraphStats;
import java.util.ArrayList;
import java.util.List;

/**
 * The one-line summary of a loaded graph printed with every load (console and {@code summary.txt}):
 * <pre>{@code
 * graph: 200,000 id1s, 520,312 link rows (2.60 per id1; model 2.61), 400,000 count rows,
 *   id1s with 0 links 0.0%, 1 0.0%, 2 81.2%, 3-10 15.0%, 11-100 3.5%, >100 0.3%, most links of one id1 512
 * }</pre>
 * (one line; the model's figure, that of the id1s loaded, only when it is known).
 */
public final class GraphLine {
    private GraphLine() {
    }

    /** The line, without a line break. */
    public static String of(GraphStats g) {
        StringBuilder s = new StringBuilder("graph: ").append(Formats.count(g.id1s())).append(" id1s, ")
                .append(Formats.count(g.linkRows())).append(" link rows (").append(Formats.mean(g.linksPerId1()))
                .append(" per id1");
        if (g.expectedLinkRows() >= 0) {
            s.append("; model ").append(Formats.mean(g.expectedLinksPerId1()));
        }
        s.append("), ").append(Formats.count(g.countRows())).append(" count rows, id1s with ");
        List<String> shares = new ArrayList<>();
        for (int i = 0; i < GraphStats.BUCKETS; i++) {
            shares.add(GraphStats.BUCKET_LABELS.get(i) + (i == 0 ? " links " : " ") + Formats.percent(g.share(i)) + "%");
        }
        return s.append(String.join(", ", shares)).append(", most links of one id1 ")
                .append(Formats.count(g.maxLinks())).toString();
    }
}
