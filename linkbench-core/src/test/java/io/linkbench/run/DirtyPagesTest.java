package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.probe.HostProbe;
import io.linkbench.measure.probe.MemInfo;
import io.linkbench.measure.probe.ProbeTargets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** {@code dirtyKB/op}: the window's own unwritten pages, or "unattributed" with the reason, never negative. */
class DirtyPagesTest {

    @Test
    void aWindowThatEndsWithMoreUnwrittenPagesLeftThemPerOperation() {
        Map<String, Double> f = CostProbe.dirtyFigures(Optional.of(new MemInfo(100, 0)), Optional.of(new MemInfo(1000, 100)),
                500);
        assertEquals(2.0, f.get(PhaseCost.DIRTY_KB_PER_OP), 1e-12);
        assertEquals(List.of(), CostProbe.dirtyUnavailable(Optional.of(new MemInfo(100, 0)),
                Optional.of(new MemInfo(1000, 100))));
    }

    @Test
    void aWindowThatStartedWithDirtyPagesAndEndedWithFewerIsUnattributedNotNegative() {
        Optional<MemInfo> start = Optional.of(new MemInfo(20584, 0));
        Optional<MemInfo> end = Optional.of(new MemInfo(8, 60));
        Map<String, Double> f = CostProbe.dirtyFigures(start, end, 1000);
        assertTrue(Double.isNaN(f.get(PhaseCost.DIRTY_KB_PER_OP)), "was -20.516");
        assertEquals(-20516, f.get(PhaseCost.DIRTY_CHANGE_KB), 1e-12, "the raw change stays, for merging");
        assertEquals(List.of("dirtyKB/op: unattributed: the window started with 20584 KB dirty or under writeback and"
                + " ended with 68 KB, so the devices wrote pages dirtied before it (counted in wKB); what the window"
                + " itself left unwritten cannot be told apart"), CostProbe.dirtyUnavailable(start, end));
    }

    /** A store with no files on this host (the memory store, a remote server) is not charged the host's dirty pages. */
    @Test
    void aStoreWithoutFilesHereIsNotChargedTheHostsDirtyPages() {
        CostProbe probe = new CostProbe(new HostProbe(ProbeTargets.local(Optional.empty(), List.of(), OptionalLong.empty())));
        assertEquals(List.of(), probe.devices());
        probe.windowStarted(Phase.REQUEST, 0);
        PhaseCost cost = probe.windowEnded(1000, Map.of(), -1);
        assertTrue(Double.isNaN(cost.get(PhaseCost.DIRTY_KB_PER_OP)), "not charged");
        assertTrue(Double.isNaN(cost.get(PhaseCost.DIRTY_CHANGE_KB)), "nothing for merge to charge either");
        assertTrue(cost.unavailable().contains(PhaseCost.NO_FILES_DIRTY), cost.unavailable().toString());
    }
}
