package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.ConnectionLimit;
import io.linkbench.store.GraphStore;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** More requesters than the server's {@code max_connections} allows are refused before the phase, in one line. */
class MySqlConnectionLimitTest {
    private static final String DATABASE = "lb_connection_limit";

    @TempDir
    Path results;

    private static long maxConnections() throws Exception {
        try (Connection c = MySqlTestServer.jdbc(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@max_connections")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void theHeadroomIsTheServersLimitLessTheOpenConnections() throws Exception {
        try (GraphStore store = MySqlTestServer.freshStore("innodb", DATABASE, Map.of())) {
            ConnectionLimit.Headroom room = ((ConnectionLimit) store).connectionHeadroom();
            long max = maxConnections();
            assertTrue(room.available() >= 0 && room.available() < max, room.toString());
            assertTrue(room.detail().startsWith("max_connections = " + max + ", "), room.detail());
        }
    }

    @Test
    void moreRequestersThanTheServerAcceptsAreRefused() throws Exception {
        MySqlTestServer.assumeAvailable();
        long requesters = maxConnections() + 50;
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            code = CliRunner.run("innodb.properties", DATABASE, "-D", "maxid1=201", "-D", "schema=recreate",
                    "-D", "requesters=" + requesters, "-D", "maxtime=2", "-l", "-r", "--results", results.toString());
        } finally {
            System.setErr(saved);
        }
        String printed = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, code, printed);
        assertTrue(printed.contains("linkbench: requesters = " + requesters + ", but the server accepts only "), printed);
        assertTrue(printed.contains("(max_connections = "), printed);
    }
}
