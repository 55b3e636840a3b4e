package io.linkbench.store.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The memory store fails in one line, before the JVM does, when the heap is about to run out. */
class MemoryHeapTest {
    private static final long MIB = 1L << 20;

    @Test
    void aShortReadingCountsOnlyWhenACollectionConfirmsIt() {
        AtomicLong used = new AtomicLong(100 * MIB);
        AtomicInteger collections = new AtomicInteger();
        HeapGuard guard = new HeapGuard(128 * MIB, used::get, () -> {
            collections.incrementAndGet();
            used.set(50 * MIB); // the collection freed garbage
        });
        assertFalse(guard.isShort(0), "28 MiB free of 128 MiB is above the 16 MiB headroom");
        used.set(120 * MIB);
        assertFalse(guard.isShort(0), "garbage: the collection brought it down");
        assertEquals(1, collections.get());
    }

    @Test
    void whatTheStoreAddedSinceTheLastCollectionForcesAnotherWithinTheSecond() {
        AtomicLong used = new AtomicLong(120 * MIB);
        AtomicLong afterCollection = new AtomicLong(50 * MIB);
        AtomicInteger collections = new AtomicInteger();
        HeapGuard guard = new HeapGuard(128 * MIB, used::get, () -> {
            collections.incrementAndGet();
            used.set(afterCollection.get());
        });
        assertFalse(guard.isShort(1_000), "50 MiB live after the collection");
        used.set(120 * MIB);
        assertFalse(guard.isShort(1_000 + 10 * MIB), "50 + 2 x 10 MiB estimated: no new collection");
        assertEquals(1, collections.get());
        afterCollection.set(120 * MIB);
        assertTrue(guard.isShort(1_000 + 40 * MIB), "50 + 2 x 40 MiB estimated is short: collected, and confirmed");
        assertEquals(2, collections.get());
    }

    @Test
    void aHeapShortAfterACollectionFailsWritesInOneLineAndDropsTheData() throws StoreException {
        AtomicLong used = new AtomicLong(0);
        MemoryStore store = new MemoryStore(new HeapGuard(64 * MIB, used::get, () -> { }), TransactionLock.WAIT);
        StoreSession s = store.session(0);
        s.loadNodes(List.of(new Node(1, 1, 1, 1, new byte[10]), new Node(2, 1, 1, 1, new byte[10])));
        used.set(60 * MIB);
        StoreException e = assertThrows(StoreException.class,
                () -> s.loadNodes(List.of(new Node(3, 1, 1, 1, new byte[10]))));
        assertEquals("the memory store ran out of heap (-Xmx 64 MiB) holding 2 nodes and 0 links: give the JVM more "
                + "(java -Xmx...), lower maxid1, or use a disk store (store = rocksdb)", e.getMessage());
        assertEquals(0, store.nodes().mappingCount(), "the data was dropped to free the heap");
        assertEquals(StoreException.Kind.FATAL, e.kind(), "the run stops as failed, in a request phase too");
        used.set(0);
        assertEquals(e.getMessage(), assertThrows(StoreException.class, () -> s.getNode(1, 1)).getMessage(),
                "every later call fails the same way");
    }

    /** A whole run in a JVM with 64 MiB of heap and far more graph than fits. */
    @Test
    void aRunOutOfHeapSaysSoInOneLineAndWritesWhatItMeasured(@TempDir Path tmp) throws Exception {
        Path results = tmp.resolve("results");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                "io.linkbench.cli.Main", "-D", "store=memory", "-D", "maxid1=5000000", "-D", "maxtime=2", "-l", "-r",
                "--results", results.toString()));
        Process p = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("out.txt").toFile())
                .redirectError(tmp.resolve("err.txt").toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the run ended");
        String err = Files.readString(tmp.resolve("err.txt"), StandardCharsets.UTF_8);
        assertEquals(1, p.exitValue(), err);
        assertFalse(err.contains("OutOfMemoryError"), err);
        assertFalse(err.contains("\tat "), "no stack trace: " + err);
        List<String> lines = err.lines().filter(l -> l.contains("heap")).toList();
        assertEquals(1, lines.size(), err);
        assertTrue(lines.get(0).matches("linkbench: load failed: the memory store ran out of heap \\(-Xmx \\d+ MiB\\) "
                + "holding [\\d,]+ nodes and [\\d,]+ links: give the JVM more \\(java -Xmx\\.\\.\\.\\), lower maxid1, "
                + "or use a disk store \\(store = rocksdb\\)"), lines.get(0));
        Path dir;
        try (Stream<Path> s = Files.list(results)) {
            dir = s.findFirst().orElseThrow();
        }
        JsonNode load = new ObjectMapper().readTree(dir.resolve("result.json").toFile()).get("phases").get(0);
        assertEquals("load", load.get("phase").asText());
        assertTrue(load.get("warnings").toString().contains("ran out of heap"), load.toString());
        long rows = 0;
        for (JsonNode op : load.get("ops")) {
            rows += op.get("rows").asLong();
        }
        assertTrue(rows > 10_000, "what was loaded before the heap ran out is recorded: " + rows);
        assertTrue(Files.isRegularFile(dir.resolve("summary.txt")));
        assertTrue(Files.isRegularFile(dir.resolve("report.html")));
    }
}
