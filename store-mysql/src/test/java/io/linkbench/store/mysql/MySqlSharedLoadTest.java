package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A giant id1 loaded by three loaders in parts leaves in MariaDB (InnoDB) the graph one loader
 * writes alone: every node, link and count row, column for column.
 */
@Tag("mysql")
class MySqlSharedLoadTest {
    /** The first id gets the largest degree, 20,000 links: 5 parts with 3 loaders. */
    private static final String CDF = "nlinks\n0 40\n1 70\n3 90\n10 99\n30 99.99\n20000 100\n";

    @Test
    void threeLoadersSharingAGiantId1WriteTheGraphOneLoaderWrites(@TempDir Path tmp) throws Exception {
        MySqlTestServer.assumeAvailable();
        Path file = Files.writeString(tmp.resolve("Distribution.dat"), CDF);
        String startAt = Instant.now().minusSeconds(60).truncatedTo(ChronoUnit.SECONDS).toString();
        String[] graph = {"-D", "maxid1=3001", "-D", "seed=21", "-D", "nlinks_tail=original", "-D",
            "nlinks_file=" + file, "-D", "link_id2_rule=offset", "-D", "bulk_insert_count=500", "-D",
            "load_chunk_size=64", "-D", "start_at=" + startAt, "-D", "schema=recreate", "-l"};
        assertEquals(0, CliRunner.run("innodb.properties", "lbtest_shared_one", concat(graph, "-D", "loaders=1",
                "--results", tmp.resolve("one").toString())));
        PrintStream stdout = System.out;
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        try {
            assertEquals(0, CliRunner.run("innodb.properties", "lbtest_shared_three", concat(graph, "-D", "loaders=3",
                    "--results", tmp.resolve("three").toString())));
        } finally {
            System.setOut(stdout);
        }
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("1 id1 of 20,000 links in 5 parts loaded by every loader first"), text);
        assertEquals(MySqlTestServer.digest("lbtest_shared_one"), MySqlTestServer.digest("lbtest_shared_three"),
                "the same nodes, links and count rows");
        assertEquals(0, CliRunner.run("innodb.properties", "lbtest_shared_three", "verify"));
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
