package io.linkbench.measure.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server of several processes read as one: the root plus its live and reaped descendants. */
class ProcessTreeTest {

    @Test
    void aRootWithChildrenSumsTheirCpuAndIoAndKeepsItsOwnIdentity(@TempDir Path proc) throws IOException {
        process(proc, 300, 1, "postgres", 100, 10, 50, 5, 1000);   // postmaster, 50 + 5 ticks of reaped backends
        process(proc, 301, 300, "postgres", 20, 2, 0, 0, 10);      // a backend
        process(proc, 302, 301, "postgres", 3, 1, 0, 0, 1);        // a child of that backend
        process(proc, 400, 1, "other", 999, 999, 0, 0, 999);       // not in the tree
        Files.createDirectories(proc.resolve("self"));             // not a pid directory

        assertEquals(List.of(301L, 302L), ProcessTree.descendants(proc, 300).stream().sorted().toList());
        ProcessStat tree = ProcessStat.readTree(proc, 300);
        assertEquals(300, tree.pid());
        assertEquals("postgres", tree.command());
        assertEquals(100 + 50 + 20 + 3, tree.utimeTicks());
        assertEquals(10 + 5 + 2 + 1, tree.stimeTicks());
        assertEquals(1000 + 10 + 1, tree.readBytes().getAsLong());
        assertEquals(2 * (1000 + 10 + 1), tree.writeBytes().getAsLong());
        assertEquals(OptionalLong.of(4242), tree.rssKb(), "the root's RSS only: shared memory is not summed");
        assertEquals(1000, tree.startTimeTicks());
    }

    @Test
    void aProcessWithoutChildrenReadsAsItself(@TempDir Path proc) throws IOException {
        process(proc, 500, 1, "mysqld", 70, 7, 0, 0, 5);
        ProcessStat alone = ProcessStat.read(proc, 500);
        assertEquals(alone, ProcessStat.readTree(proc, 500));
    }

    /** Writes stat, status and io of a fake process; start time is 1000, read bytes {@code io}, written 2 x io. */
    private static void process(Path proc, long pid, long ppid, String comm, long utime, long stime, long cutime,
                                long cstime, long io) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (" + comm + ") S " + ppid + " 1 1 0 -1 4194560 0 0 0 0 "
                + utime + " " + stime + " " + cutime + " " + cstime + " 20 0 1 0 1000 1000000 1000 0 0 0 0 0 0 0 0 0\n");
        Files.writeString(dir.resolve("status"), "Name:\t" + comm + "\nVmRSS:\t    4242 kB\n");
        Files.writeString(dir.resolve("io"), "rchar: 1\nwchar: 1\nread_bytes: " + io + "\nwrite_bytes: " + (2 * io) + "\n");
    }
}
