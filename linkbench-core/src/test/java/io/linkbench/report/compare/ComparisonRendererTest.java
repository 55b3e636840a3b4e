package io.linkbench.report.compare;

import io.linkbench.measure.Phase;
import static io.linkbench.report.compare.TestRuns.op;
import static io.linkbench.report.compare.TestRuns.phase;
import static io.linkbench.report.compare.TestRuns.run;
import static io.linkbench.report.compare.TestRuns.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonRendererTest {
    private final Comparison comparison = Comparison.of(List.of(
            run("a", "h", "mysql", "InnoDB", phase("request", 10, List.of(op("GET_NODE", series(1000, 1000, 0))))),
            run("b", "h", "mysql", "ROCKSDB", phase("request", 10, List.of(op("GET_NODE", series(500, 1000, 0))))),
            run("c", "h", "mongo", "", phase("load", 10, List.of()))), List.of("InnoDB 5.6", "My|Rocks, zstd"), Phase.REQUEST);

    @Test
    void textIsThePublishedTableLabelLastWithALegendThenTheRatiosAsATableOfTheirOwn() {
        String text = new ComparisonRenderer().render(comparison, ComparisonFormat.TEXT);
        assertEquals("""
                requests: one row per run:
                tps  r/t  rKB/t  wKB/t  Mcpu/t    size  un     gn  ul  gl  rMB/s  wMB/s  cpu  label
                100    -      -      -       -  1000 B   -  0.990   -   -      -      -    -  InnoDB 5.6
                 50    -      -      -       -  1000 B   -  0.495   -   -      -      -    -  My|Rocks, zstd
                  -    -      -      -       -       -   -      -   -   -      -      -    -  mongo
                  tps: operations per second over the measured window (warm-up excluded)
                  r/t: device reads per operation
                  rKB/t: KB read from the devices per operation
                  wKB/t: KB written to the devices per operation
                  Mcpu/t: host CPU busy % x 10^6 / operations per second (same hardware only)
                  size: the store's size at the end of the phase
                  un: p99 ms of UPDATE_NODE (response time when open loop)
                  gn: p99 ms of GET_NODE
                  ul: p99 ms of UPDATE_LINK
                  gl: p99 ms of GET_LINKS_LIST
                  rMB/s: MB read per second from the devices holding the data
                  wMB/s: MB written per second to the devices holding the data
                  cpu: host CPU busy %, all cores (vmstat's us+sy; steal included, 0 on bare metal)
                  mongo: no request phase

                ratios to InnoDB 5.6 (the first run):
                  tps  r/t  rKB/t  wKB/t  Mcpu/t   size  un     gn  ul  gl  rMB/s  wMB/s  cpu  label
                1.00x    -      -      -       -  1.00x   -  1.00x   -   -      -      -    -  InnoDB 5.6
                0.50x    -      -      -       -  1.00x   -  0.50x   -   -      -      -    -  My|Rocks, zstd
                    -    -      -      -       -      -   -      -   -   -      -      -    -  mongo
                """, text);
    }

    @Test
    void csvIsTheTablesOneAfterAnotherWithUnroundedValues() {
        List<String> lines = new ComparisonRenderer().render(comparison, ComparisonFormat.CSV).lines().toList();
        assertEquals("tps,r/t,rKB/t,wKB/t,Mcpu/t,size,un,gn,ul,gl,rMB/s,wMB/s,cpu,label", lines.get(0));
        // gn = p99 of the histograms: 990207 ns and 495103 ns (HdrHistogram's highest equivalent values)
        assertEquals("100.0,,,,,1000.0,,0.990207,,,,,,InnoDB 5.6", lines.get(1));
        assertEquals("50.0,,,,,1000.0,,0.495103,,,,,,\"My|Rocks, zstd\"", lines.get(2));
        assertEquals(",,,,,,,,,,,,,mongo", lines.get(3));
        assertEquals("", lines.get(4));
        assertEquals(lines.get(0), lines.get(5), "the ratios: the same columns");
        assertEquals("0.5,,,,,1.0,,0.4999994950550744,,,,,,\"My|Rocks, zstd\"", lines.get(7));
        assertEquals(9, lines.size());
    }

    @Test
    void markdownIsGitHubTablesWithPipesEscapedAndTheLegendAsAList() {
        List<String> lines = new ComparisonRenderer().render(comparison, ComparisonFormat.MARKDOWN).lines().toList();
        assertEquals("requests: one row per run", lines.get(0));
        assertEquals("", lines.get(1));
        assertEquals("| tps | r/t | rKB/t | wKB/t | Mcpu/t | size | un | gn | ul | gl | rMB/s | wMB/s | cpu | label |",
                lines.get(2));
        assertEquals("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :--- |",
                lines.get(3));
        assertEquals("| 50 | - | - | - | - | 1000 B | - | 0.495 | - | - | - | - | - | My\\|Rocks, zstd |", lines.get(5));
        assertEquals("- tps: operations per second over the measured window (warm-up excluded)", lines.get(8));
        assertEquals("| 0.50x | - | - | - | - | 1.00x | - | 0.50x | - | - | - | - | - | My\\|Rocks, zstd |",
                lines.get(lines.size() - 2));
    }

    @Test
    void repeatsGiveMeanStddevAndCvAndMarkRatiosWithinTheNoise() {
        // label a: tps 100 and 110 (mean 105, sd 7.07); label b: 104 and 120 (mean 112, sd 11.3): within the noise;
        // gn: 0.990 ms twice against 0.495 twice: sd 0, outside
        Comparison c = Comparison.of(List.of(
                run("a1", "h", "mysql", "InnoDB", phase("request", 10, List.of(op("GET_NODE", series(1000, 1000, 0))))),
                run("a2", "h", "mysql", "InnoDB", phase("request", 10, List.of(op("GET_NODE", series(1100, 900, 0))))),
                run("b1", "h", "mysql", "ROCKSDB", phase("request", 10, List.of(op("GET_NODE", series(1040, 476, 0))))),
                run("b2", "h", "mysql", "ROCKSDB", phase("request", 10, List.of(op("GET_NODE", series(1200, 412, 0)))))),
                List.of(), Phase.REQUEST);
        assertEquals(List.of("mysql InnoDB", "mysql ROCKSDB"), c.groups().stream().map(Comparison.Group::name).toList());
        assertEquals(105, c.mean(c.groups().get(0), 0), 1e-9);
        assertEquals(Math.sqrt(50), c.stddev(c.groups().get(0), 0), 1e-9);
        assertTrue(c.withinNoise(c.groups().get(1), 0), "112 - 105 = 7 <= 7.07 + 11.3");
        assertFalse(c.withinNoise(c.groups().get(1), c.columns().indexOf("gn")));
        String text = new ComparisonRenderer().render(c, ComparisonFormat.TEXT);
        assertTrue(text.contains("ratios to mysql InnoDB (means of the repeats):"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("~1.07x") && l.endsWith("mysql ROCKSDB")), text);
        assertTrue(text.lines().anyMatch(l -> l.endsWith("mysql InnoDB mean (2 runs)")), text);
        assertTrue(text.lines().anyMatch(l -> l.strip().startsWith("6.7 ") && l.endsWith("mysql InnoDB cv%")), text);
        assertTrue(text.contains("mysql InnoDB (a1)"), "rows of repeats keep their directory: " + text);
    }

    @Test
    void valuesAreFormattedPerColumn() {
        assertEquals("1.5 GiB", ComparisonRenderer.value("size", 1.5 * 1024 * 1024 * 1024));
        assertEquals("512 B", ComparisonRenderer.value("rss", 512));
        assertEquals("1235", ComparisonRenderer.value("Mcpu/t", 1234.56));
        assertEquals("12.3", ComparisonRenderer.value("Mcpu/i", 12.34));
        assertEquals("0.003", ComparisonRenderer.value("gn", 0.002915), "p99 in ms as the latency tables");
        assertEquals("97.0", ComparisonRenderer.value("cpu", 97));
        assertEquals("41,152", ComparisonRenderer.value("tps", 41152.3));
        assertEquals("0.123", ComparisonRenderer.value("r/t", 0.12345));
        assertEquals("-", ComparisonRenderer.value("tps", Double.NaN));
        assertEquals("0.85x", ComparisonRenderer.ratio(0.8512));
        assertEquals(ComparisonFormat.MARKDOWN, ComparisonFormat.parse("Markdown"));
        assertThrows(ConfigException.class, () -> ComparisonFormat.parse("html"));
    }
}
