package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.tck.harness.FaultSupport;
import io.linkbench.tck.harness.FaultSupport.CapturedRun;
import io.linkbench.tck.harness.KilledLoad;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * -r on a database whose load was killed (the child JVM running it destroyed forcibly) is refused in
 * one line naming allow_incomplete_load, runs with that key set, and runs after a complete load.
 */
@Tag("mysql")
class MySqlKilledLoadTest {

    private static String[] args(String config, String database, String... more) {
        List<String> all = new ArrayList<>(List.of("-D", "maxtime=1", "-D", "requesters=1", "-D", "displayfreq=1",
                "-D", "progressfreq=1"));
        all.addAll(List.of(more));
        return CliRunner.args(config, database, all.toArray(String[]::new));
    }

    @ParameterizedTest
    @CsvSource({"innodb.properties, lbtest_killed_innodb", "myrocks.properties, lbtest_killed_rocksdb"})
    void requestsOnAKilledLoadAreRefusedUnlessAllowed(String config, String database, @TempDir Path tmp) throws Exception {
        MySqlTestServer.assumeAvailable();
        KilledLoad.run(tmp, 500, List.of(args(config, database, "-D", "maxid1=200001", "-D", "schema=recreate", "-l",
                "--results", tmp.resolve("load").toString())));
        try (Connection c = MySqlTestServer.jdbc(database); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT state FROM " + Schema.LOAD_TABLE + " WHERE link_table = 'linktable'")) {
            assertTrue(rs.next(), "the killed load left its state");
            assertTrue(rs.getString(1).startsWith("state=incomplete startid1=1 maxid1=200001 "), rs.getString(1));
        }

        CapturedRun refused = FaultSupport.runCapturingErr(args(config, database, "-D", "maxid1=200001", "-r",
                "--results", tmp.resolve("refused").toString()));
        assertEquals(1, refused.exitCode(), refused.err());
        List<String> lines = refused.err().lines().toList();
        assertEquals(1, lines.size(), "one line: " + lines);
        assertTrue(lines.get(0).startsWith("linkbench: the last load into this store did not complete"), lines.get(0));
        assertTrue(lines.get(0).contains("set allow_incomplete_load = true"), lines.get(0));

        CapturedRun allowed = FaultSupport.runCapturingErr(args(config, database, "-D", "maxid1=200001",
                "-D", "allow_incomplete_load=true", "-r", "--results", tmp.resolve("allowed").toString()));
        assertEquals(0, allowed.exitCode(), allowed.err());
        assertTrue(allowed.firstLine("linkbench: warning:").contains("did not complete"), allowed.err());

        assertEquals(0, FaultSupport.runCapturingErr(args(config, database, "-D", "maxid1=2001", "-D", "schema=recreate",
                "-l", "--results", tmp.resolve("complete").toString())).exitCode());
        CapturedRun requests = FaultSupport.runCapturingErr(args(config, database, "-D", "maxid1=2001", "-r",
                "--results", tmp.resolve("r").toString()));
        assertEquals(0, requests.exitCode(), requests.err());
        assertEquals("", requests.firstLine("linkbench:"), requests.err());
        assertTrue(CliRunner.resultJson(tmp.resolve("r")).contains("\"load_state\": \"complete (startid1=1, maxid1=2001,"),
                "the result records the load it ran on");
    }

    @org.junit.jupiter.api.Test
    void verifyOnALoadThatLeftNothingDurableSaysSoAndFails() throws Exception {
        String database = "lbtest_verify_nothing";
        try (io.linkbench.store.GraphStore store = MySqlTestServer.freshStore("innodb", database, java.util.Map.of())) {
            // what a load records before its first row; killed (or out of disk) before any commit
            ((io.linkbench.store.LoadStateStore) store).saveLoadState(io.linkbench.store.LoadState.started(1, 200001, 7, "",
                    java.time.Instant.parse("2026-01-02T03:04:05Z")));
        }
        CapturedRun verify = FaultSupport.runCapturingErr(CliRunner.args("innodb.properties", database, "verify"));
        assertEquals(1, verify.exitCode(), verify.err());
        assertEquals(List.of("linkbench: nothing to verify: the store holds no counts and no links: the last load into it"
                + " did not complete and left nothing durable (incomplete (startid1=1, maxid1=200001, seed=7, started"
                + " 2026-01-02T03:04:05Z)); load it with -l"), verify.err().lines().toList());
    }
}
