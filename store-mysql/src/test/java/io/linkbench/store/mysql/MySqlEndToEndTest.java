package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The headline commands through the real command line: {@code -l} (with the index built after the
 * load, as its own step), {@code -r}, then {@code verify}, on each engine; and {@code verify} failing
 * once a count is wrong.
 */
class MySqlEndToEndTest {

    @ParameterizedTest
    @CsvSource({"myrocks.properties, lbtest_e2e_rocksdb", "innodb.properties, lbtest_e2e_innodb"})
    void loadRequestsAndVerify(String config, String database, @TempDir Path results) throws Exception {
        MySqlTestServer.assumeAvailable();
        String[] small = {"-D", "maxid1=3001", "-D", "maxtime=4", "-D", "displayfreq=2", "-D", "progressfreq=2",
                "-D", "schema=recreate", "-D", "index_after_load=true"};
        Path load = results.resolve("load");
        assertEquals(0, CliRunner.run(config, database, concat(small, "-l", "--results", load.toString())),
                "exit code of -l");
        String json = CliRunner.resultJson(load);
        assertTrue(json.contains("\"build index id1_type\""), "the index build is a step of the load: " + json);
        assertEquals(0, CliRunner.run(config, database, concat(small, "-r", "--results", results.resolve("r").toString())),
                "exit code of -r");
        assertEquals(0, CliRunner.run(config, database, "verify"), "exit code of verify");

        try (Connection c = MySqlTestServer.jdbc(database); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE counttable SET count = count + 1 ORDER BY id LIMIT 1");
        }
        assertEquals(1, CliRunner.run(config, database, "verify"), "exit code of verify after a count was broken");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
