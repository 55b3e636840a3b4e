package io.linkbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Assertions on a rendered report that hold for any run: the page parses (as XML, which it is
 * written to be), holds a throughput and a p99 chart per phase, a latency row per operation that ran,
 * every config key and value as text (so escaping round-trips), and refers to nothing outside itself.
 */
final class ReportChecks {
    private static final Pattern HREF = Pattern.compile("href=\"([^\"]*)\"");
    private static final Pattern HTTP = Pattern.compile("https?://[^\"'\\s<>]*");

    private final Document doc;
    private final XPath xpath = XPathFactory.newInstance().newXPath();

    ReportChecks(String html) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        this.doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
    }

    Element element(String expr) throws XPathExpressionException {
        return (Element) xpath.evaluate(expr, doc, XPathConstants.NODE);
    }

    List<String> texts(String expr) throws XPathExpressionException {
        NodeList nodes = (NodeList) xpath.evaluate(expr, doc, XPathConstants.NODESET);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add(nodes.item(i).getTextContent());
        }
        return out;
    }

    int count(String expr) throws XPathExpressionException {
        return ((Number) xpath.evaluate("count(" + expr + ")", doc, XPathConstants.NUMBER)).intValue();
    }

    /** Everything the brief asks of every report. */
    void assertHoldsRun(RunResult run) throws XPathExpressionException {
        assertEquals(2 * run.phases().size(), count("//svg[not(contains(@id,'-counter-')) and not(contains(@id,'-busy'))]"),
                "two charts per phase, besides the store counters' and the busy requesters'");
        for (int i = 0; i < run.phases().size(); i++) {
            boolean counters = run.phases().get(i).intervals().stream().anyMatch(pt -> pt.rates().entrySet().stream()
                    .anyMatch(e -> e.getKey().startsWith("store.") && e.getValue() > 0));
            assertEquals(counters, count("//svg[@id='phase-" + i + "-counter-0']") == 1,
                    "phase " + i + ": a counter chart when a store counter changed");
        }
        for (int i = 0; i < run.phases().size(); i++) {
            assertPhase(i, run.phases().get(i));
        }
        Map<String, String> config = run.config();
        List<String> keys = texts("//section[@id='config']//table/tbody/tr/td[1]");
        assertEquals(new java.util.TreeSet<>(config.keySet()).stream().toList(), keys, "config keys, sorted");
        for (String key : keys) {
            List<String> values = texts("//section[@id='config']//tr[td[1]=" + literal(key) + "]/td[2]");
            assertEquals(List.of(config.get(key)), values, "value of " + key);
        }
        assertEquals(List.of(run.store().store()),
                texts("//section[@id='store']//tr[td[1]='store']/td[2]"), "store fact");
        run.store().facts().forEach((k, v) -> {
            try {
                assertEquals(List.of(v), texts("//section[@id='store']//tr[td[1]=" + literal(k) + "]/td[2]"), k);
            } catch (XPathExpressionException e) {
                throw new AssertionError(e);
            }
        });
        assertEquals(0, count("//script"), "no script element");
    }

    private void assertPhase(int i, PhaseResult p) throws XPathExpressionException {
        String section = "//section[@id='phase-" + i + "']";
        assertNotNull(element(section), "section of phase " + i);
        for (String chart : List.of("throughput", "p99")) {
            Element svg = element(section + "//svg[@id='phase-" + i + "-" + chart + "']");
            assertNotNull(svg, chart + " chart of phase " + i);
            String svgPath = section + "//svg[@id='phase-" + i + "-" + chart + "']";
            boolean anyCalls = p.intervals().stream().flatMap(pt -> pt.ops().stream())
                    .anyMatch(o -> o.count() > 0 || o.rows() > 0);
            if (!anyCalls) {
                assertEquals(List.of(IntervalCharts.NO_DATA), texts(svgPath + "//text[@class='empty']"),
                        chart + " chart of phase " + i + " without intervals");
            } else {
                assertEquals(0, count(svgPath + "//text[@class='empty']"));
                assertTrue(count(svgPath + "//polyline") + count(svgPath + "//circle") > 0, "lines drawn");
            }
        }
        if (!p.intervals().isEmpty()) {
            List<String> legend = texts(section + "//svg[@id='phase-" + i + "-throughput']//g[@class='legend']/text");
            for (String op : opsInIntervals(p)) {
                assertTrue(legend.contains(op), "throughput legend of phase " + i + " names " + op + ": " + legend);
            }
        }
        List<String> rows = texts(section + "//table[@class='latency'][1]/tbody/tr/th");
        List<String> expected = new ArrayList<>(SampleRuns.ranOps(p));
        expected.add("TOTAL");
        assertEquals(expected, rows, "latency rows of phase " + i);
        assertEquals(p.isLoad() // a load's calls are batches of rows
                ? List.of("op", "batches", "errors", "mean", "p25", "p50", "p75", "p95", "p99", "p99.9", "max", "batches/s")
                : List.of("op", "count", "errors", "mean", "p25", "p50", "p75", "p95", "p99", "p99.9", "max", "ops/s"),
                texts(section + "//table[@class='latency'][1]/thead/tr/th"));
        assertEquals(1, count(section + "//table[@class='summary']"), "summary row of phase " + i);
        if (!p.cost().parts().isEmpty()) {
            List<String> parts = new ArrayList<>(p.cost().parts().keySet());
            parts.add("load");
            assertEquals(parts, texts(section + "//table[@class='parts']/tbody/tr/th"), "parts of phase " + i);
        }
    }

    private static List<String> opsInIntervals(PhaseResult p) {
        List<String> names = new ArrayList<>();
        for (IntervalPoint pt : p.intervals()) {
            for (IntervalPoint.OpInterval o : pt.ops()) {
                if ((o.count() > 0 || o.rows() > 0) && !names.contains(o.name())) {
                    names.add(o.name());
                }
            }
        }
        return names;
    }

    /** The page loads nothing: no script, stylesheet, image or frame; links only to its own anchors. */
    static void assertSelfContained(String html) {
        for (String banned : List.of("<script", "<link", "<img", "<iframe", "<object", "<embed", "@import",
                "url(", "src=", "<base")) {
            assertFalse(html.toLowerCase(java.util.Locale.ROOT).contains(banned), "page contains " + banned);
        }
        Matcher m = HREF.matcher(html);
        int links = 0;
        while (m.find()) {
            links++;
            String target = m.group(1);
            assertTrue(target.startsWith("#") && html.contains("id=\"" + target.substring(1) + "\""),
                    "link to " + target + " stays in the page");
        }
        assertTrue(links > 0, "the page has its table of contents");
        Matcher http = HTTP.matcher(html);
        while (http.find()) {
            assertEquals("http://www.w3.org/2000/svg", http.group(), "only the SVG namespace name is a URL");
        }
    }

    /** An XPath string literal of {@code s} (which may hold both quote characters). */
    static String literal(String s) {
        if (!s.contains("'")) {
            return "'" + s + "'";
        }
        if (!s.contains("\"")) {
            return "\"" + s + "\"";
        }
        StringBuilder c = new StringBuilder("concat(");
        String[] parts = s.split("'", -1);
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                c.append(", \"'\", ");
            }
            c.append('\'').append(parts[i]).append('\'');
        }
        return c.append(')').toString();
    }
}
