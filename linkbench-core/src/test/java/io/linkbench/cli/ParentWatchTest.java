package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * Which JVM watches its launcher, and when the launcher counts as gone: our parent pid is another than the
 * one we were started with. The watch's whole path (a killed launcher) is tried in {@code LauncherTest}.
 */
class ParentWatchTest {
    @Test
    void onlyALauncherPidStartsAWatch() {
        assertEquals(OptionalLong.of(4242), ParentWatch.parsePid("4242"));
        assertEquals(OptionalLong.empty(), ParentWatch.parsePid(null), "not a child: no watch");
        assertEquals(OptionalLong.empty(), ParentWatch.parsePid("1"), "a child of a launcher that named no pid");
        assertEquals(OptionalLong.empty(), ParentWatch.parsePid("12x"));
        assertFalse(ParentWatch.ofThisJvm().isPresent(), "this test JVM is nobody's child run");
    }

    @Test
    void theParentIsGoneOnceOurParentPidIsAnother() {
        long parent = ProcessHandle.current().parent().orElseThrow().pid();
        assertFalse(new ParentWatch(parent).parentGone());
        assertTrue(new ParentWatch(parent + 1).parentGone(), "re-parented: to init or a subreaper");
        assertEquals("stopped: the linkbench JVM that started this one (pid 77) is gone", new ParentWatch(77).reason());
    }
}
