package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The headline commands through the real command line: {@code -l} (with the index built after the
 * load, as its own step), {@code -r}, then {@code verify}, on each engine; and {@code verify} failing
 * once a count is wrong. The request phase's cost shows the server's and the client's CPU per operation.
 */
@Tag("mysql")
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
        // the cost table measured the local server's and linkbench's own CPU per operation
        JsonNode cost = new ObjectMapper().readTree(CliRunner.resultJson(results.resolve("r")))
                .get("phases").get(0).get("cost").get("figures");
        assertTrue(cost.get("server_cpu_us/op").asDouble() > 0, "server CPU per op: " + cost);
        assertTrue(cost.get("client_cpu_us/op").asDouble() > 0, "client CPU per op: " + cost);
        assertTrue(cost.get("host_cpu_us/op").asDouble() > 0, "host CPU per op: " + cost);
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
