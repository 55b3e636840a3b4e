package io.linkbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalPoint.OpInterval;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class IntervalChartsTest {

    private static PhaseResult phase(List<IntervalPoint> points) {
        Histogram h = new Histogram(3);
        h.recordValue(1_000);
        List<OpStats> ops = List.of(new OpStats("GET_NODE", h, null, 0, Map.of(), 0, 0));
        return new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(0, 3_000, 3.0),
                PhaseResult.Latency.closedLoop(ops), PhaseEnd.legacy(false), List.of(),
                null, Map.of(), null, List.of(), null)
                .with(0, PhaseCost.NONE, points);
    }

    private static IntervalPoint point(double offset, double seconds, long count) {
        return new IntervalPoint(offset, seconds, false,
                List.of(new OpInterval("GET_NODE", count, 0, count > 0 ? 0.1 : Double.NaN,
                        count > 0 ? 0.2 : Double.NaN, count > 0 ? 0.3 : Double.NaN)), 0, Map.of());
    }

    private static List<String> throughputPoints(List<IntervalPoint> points) throws Exception {
        String svg = new IntervalCharts(phase(points)).throughput("t");
        return List.of(new ReportChecks(svg).texts("//g[@class='series']/polyline/@points").get(0).split(" "));
    }

    @Test
    void aShortEmptyLastIntervalIsTheCloseOutAndLeftOut() throws Exception {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            points.add(point(i * 0.5, 0.5, 1000));
        }
        points.add(point(3.02, 0.02, 0));
        List<String> drawn = throughputPoints(points);
        assertEquals(6, drawn.size(), String.join(" ", drawn));
        assertEquals("760.0", drawn.get(5).split(",")[0], "the line ends at 3.0 s, the right edge of the plot");
    }

    @Test
    void aFullLengthEmptyLastIntervalIsAStallAndDrawnAtZero() throws Exception {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            points.add(point(i * 0.5, 0.5, i == 6 ? 0 : 1000));
        }
        List<String> drawn = throughputPoints(points);
        assertEquals(6, drawn.size());
        double bottom = Double.parseDouble(drawn.get(5).split(",")[1]);
        assertEquals(268.0, bottom, 1e-9, "the stall sits on the x axis");
    }

    @Test
    void p99LeavesGapsWhereAnOperationHadNoCall() throws Exception {
        List<IntervalPoint> points = List.of(point(1, 1, 10), point(2, 1, 10), point(3, 1, 0), point(4, 1, 10),
                point(5, 1, 10));
        String svg = new IntervalCharts(phase(points)).p99("t");
        assertEquals(2, new ReportChecks(svg).count("//g[@class='series']/polyline"));
    }
}
