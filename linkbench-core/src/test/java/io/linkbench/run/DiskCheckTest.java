package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.LoadHooks.DiskEstimate;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.noop.NoopStore;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.store.StoreContext;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load's disk check projects the store's peak from the first percent and compares it with the free space before the
 * load; a load too short for a progress report is checked too.
 */
class DiskCheckTest {
    private static final Path DIR = Path.of("/data/db");

    @Test
    void aPeakThatFitsIsStatedWithItsFigures() {
        // 50 GB of keys and payloads in all, times 2.0 = 100 GB at the peak
        DiskCheck.Result r = DiskCheck.judge(new DiskEstimate(2.0, "x=y"), 50e9, 200_000_000_000L, DIR);
        assertFalse(r.warning());
        assertEquals("load disk: the store estimates the load's peak at 93.1 GiB (2.00x the 46.6 GiB of keys and payloads"
                + " it writes); 186.3 GiB free under /data/db", r.line());
    }

    @Test
    void aSmallDiskAndASmallLoadReadInUnitsThatShowTheirSize() {
        // 40 kB of keys and payloads on a disk with 40 MB free: once printed as 0.0 GB, 0.0 GB and 0.0 GB
        DiskCheck.Result r = DiskCheck.judge(new DiskEstimate(1.5, ""), 40_000, 40_000_000L, DIR);
        assertEquals("load disk: the store estimates the load's peak at 58.6 KiB (1.50x the 39.1 KiB of keys and payloads"
                + " it writes); 38.1 MiB free under /data/db", r.line());
        assertTrue(DiskCheck.judge(new DiskEstimate(2.0, ""), 30e6, 50_000_000L, DIR).line()
                .endsWith("peak at 57.2 MiB (2.00x the 28.6 MiB of keys and payloads it writes); 47.7 MiB free under /data/db"));
    }

    @Test
    void aPeakBeyondTheFreeSpaceWarnsWithTheSettingsThatLowerIt() {
        DiskCheck.Result r = DiskCheck.judge(new DiskEstimate(2.0, "compact_after_load=false"), 50e9, 74_000_000_000L, DIR);
        assertTrue(r.warning());
        assertTrue(r.line().startsWith("the load will likely run out of disk: the store estimates the load's peak at 93.1 GiB"),
                r.line());
        assertTrue(r.line().endsWith("68.9 GiB free under /data/db; lower it with compact_after_load=false"), r.line());
        // a 50 GB peak fits the 60 GB free before the load
        assertFalse(DiskCheck.judge(new DiskEstimate(2.0, ""), 25e9, 60_000_000_000L, DIR).warning());
    }

    @Test
    void theCheckIsMadeOnceTheFirstPercentIsWrittenAndOnlyOnce(@TempDir Path dir) {
        DiskCheck check = DiskCheck.of(estimatingStore(dir)).orElseThrow();
        assertTrue(check.at(0.005, 1000).isEmpty(), "before 1% the projection is not trusted");
        DiskCheck.Result r = check.at(0.02, 1000).orElseThrow();
        assertFalse(r.warning(), r.line()); // 1.5 x 50 kB fits any disk a test runs on
        assertTrue(r.line().contains("(1.50x the 48.8 KiB") && r.line().endsWith("free under " + dir), r.line());
        assertTrue(check.at(0.5, 100_000).isEmpty(), "made once");
        assertTrue(check.warning().isEmpty(), "a peak that fits is no warning");
        assertTrue(DiskCheck.of(new NoopStore()).isEmpty(), "a store without an estimate is not checked");
    }

    @Test
    void aLoadShorterThanTheProgressIntervalIsChecked(@TempDir Path dir) throws Exception {
        RunSpec d = RunSpec.withDefaults("store", "memory", "maxid1", "2001", "progressfreq", "600");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GraphStore memory = new MemoryStoreProvider().open(new StoreContext(d.settings(), d.sessions()))) {
            GraphStore store = estimatingStore(memory, dir);
            TestPhases.context(d, new RunControl(), new PrintStream(bytes, true, StandardCharsets.UTF_8),
                    PhaseObserver.NONE).load(TestPhases.BASE).execute(store);
        }
        String console = bytes.toString(StandardCharsets.UTF_8);
        assertFalse(console.contains("load: "), "no progress report in so short a load:\n" + console);
        assertEquals(1, console.lines().filter(l -> l.startsWith("load disk: the store estimates the load's peak at")
                && l.endsWith(" free under " + dir)).count(), console);
    }

    /** {@code store} (the memory store) as a store that estimates its load's disk and has a local data directory. */
    private static GraphStore estimatingStore(GraphStore store, Path dir) {
        return (GraphStore) Proxy.newProxyInstance(DiskCheckTest.class.getClassLoader(),
                new Class<?>[] {LoadHooks.class, StoreMetrics.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "loadDiskEstimate" -> Optional.of(new DiskEstimate(1.5, ""));
                    case "dataDirectory" -> Optional.of(dir);
                    case "finishLoadSteps" -> List.of();
                    case "finishLoadEstimate" -> OptionalDouble.empty();
                    case "counters" -> Map.of();
                    case "sizeBytes" -> OptionalLong.empty();
                    case "serverPid" -> OptionalInt.empty();
                    case "serverNodes" -> List.of();
                    default -> invoke(m, store, args);
                });
    }

    private static Object invoke(Method m, Object target, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** A store that estimates its load's disk and has a local data directory; nothing else is called. */
    private static GraphStore estimatingStore(Path dir) {
        return (GraphStore) Proxy.newProxyInstance(DiskCheckTest.class.getClassLoader(),
                new Class<?>[] {LoadHooks.class, StoreMetrics.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "loadDiskEstimate" -> Optional.of(new DiskEstimate(1.5, ""));
                    case "dataDirectory" -> Optional.of(dir);
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }
}
