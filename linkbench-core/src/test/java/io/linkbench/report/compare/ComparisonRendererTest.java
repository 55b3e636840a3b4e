package io.linkbench.report.compare;

import io.linkbench.measure.Phase;
import static io.linkbench.report.compare.TestRuns.op;
import static io.linkbench.report.compare.TestRuns.phase;
import static io.linkbench.report.compare.TestRuns.run;
import static io.linkbench.report.compare.TestRuns.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.linkbench.config.ConfigException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonRendererTest {
    private final Comparison comparison = Comparison.of(List.of(
            run("a", "h", "mysql", "InnoDB", phase("request", 10, List.of(op("GET_NODE", series(1000, 1000, 0))))),
            run("b", "h", "mysql", "ROCKSDB", phase("request", 10, List.of(op("GET_NODE", series(500, 1000, 0))))),
            run("c", "h", "mongo", "", phase("load", 10, List.of()))), List.of("InnoDB 5.6", "My|Rocks, zstd"), Phase.REQUEST);

    @Test
    void textIsACaptionAndAlignedRows() {
        String text = new ComparisonRenderer().render(comparison, ComparisonFormat.TEXT);
        assertEquals("""
                request phase (last loop); each value is followed by its ratio to the first run, InnoDB 5.6
                run             tps         r/t     rKB/t     wKB/t     srv_rKB/t     srv_wKB/t     dirtyKB/t     Mcpu/t     un        gn         ul     gl     note
                InnoDB 5.6      100  1.00x    -  -      -  -      -  -          -  -          -  -          -  -       -  -   -  -  0.990  1.00x   -  -   -  -
                My|Rocks, zstd   50  0.50x    -  -      -  -      -  -          -  -          -  -          -  -       -  -   -  -  0.495  0.50x   -  -   -  -
                mongo             -      -    -  -      -  -      -  -          -  -          -  -          -  -       -  -   -  -      -      -   -  -   -  -  no request phase
                """, text);
    }

    @Test
    void csvHasRatioColumnsUnroundedValuesAndQuoting() {
        String csv = new ComparisonRenderer().render(comparison, ComparisonFormat.CSV);
        List<String> lines = csv.lines().toList();
        assertEquals("label,dir,tps,tps_ratio,r/t,r/t_ratio,rKB/t,rKB/t_ratio,wKB/t,wKB/t_ratio,srv_rKB/t,srv_rKB/t_ratio,srv_wKB/t,srv_wKB/t_ratio,dirtyKB/t,dirtyKB/t_ratio,Mcpu/t,Mcpu/t_ratio,"
                + "un,un_ratio,gn,gn_ratio,ul,ul_ratio,gl,gl_ratio,note", lines.get(0));
        // gn = p99 of the histograms: 990207 ns and 495103 ns (HdrHistogram's highest equivalent values)
        assertEquals("InnoDB 5.6,/results/a,100.0,1.0,,,,,,,,,,,,,,,,,0.990207,1.0,,,,,", lines.get(1));
        assertEquals("\"My|Rocks, zstd\",/results/b,50.0,0.5,,,,,,,,,,,,,,,,,0.495103," + (0.495103 / 0.990207) + ",,,,,",
                lines.get(2));
        assertEquals("mongo,/results/c,,,,,,,,,,,,,,,,,,,,,,,,,no request phase", lines.get(3));
    }

    @Test
    void markdownIsAGitHubTableWithPipesEscaped() {
        List<String> lines = new ComparisonRenderer().render(comparison, ComparisonFormat.MARKDOWN).lines().toList();
        assertEquals("", lines.get(1));
        assertEquals("| run | tps |  | r/t |  | rKB/t |  | wKB/t |  | srv_rKB/t |  | srv_wKB/t |  | dirtyKB/t |  | Mcpu/t |  | un |  | gn |  | ul |  | gl |  | note |",
                lines.get(2));
        assertEquals("| :--- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
                + "| ---: | ---: | ---: | ---: "
                + "| ---: | ---: | ---: | ---: | ---: | ---: | :--- |", lines.get(3));
        assertEquals("| My\\|Rocks, zstd | 50 | 0.50x | - | - | - | - | - | - | - | - | - | - | - | - | - | - | - | - "
                + "| 0.495 | 0.50x | - | - "
                + "| - | - |  |", lines.get(5));
        assertEquals(7, lines.size());
    }

    @Test
    void valuesAreFormattedPerColumn() {
        assertEquals("1.5 GiB", ComparisonRenderer.value("size", 1.5 * 1024 * 1024 * 1024));
        assertEquals("512 B", ComparisonRenderer.value("rss", 512));
        assertEquals("1235", ComparisonRenderer.value("Mcpu/t", 1234.56));
        assertEquals("12.3", ComparisonRenderer.value("Mcpu/i", 12.34));
        assertEquals("0.00292", ComparisonRenderer.value("gn", 0.002915));
        assertEquals("41,152", ComparisonRenderer.value("tps", 41152.3));
        assertEquals("0.123", ComparisonRenderer.value("r/t", 0.12345));
        assertEquals("-", ComparisonRenderer.value("tps", Double.NaN));
        assertEquals("0.85x", ComparisonRenderer.ratio(0.8512));
        assertEquals(ComparisonFormat.MARKDOWN, ComparisonFormat.parse("Markdown"));
        assertThrows(ConfigException.class, () -> ComparisonFormat.parse("html"));
    }
}
