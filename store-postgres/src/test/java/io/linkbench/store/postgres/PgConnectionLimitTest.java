package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.cli.Main;
import io.linkbench.store.ConnectionLimit;
import io.linkbench.store.GraphStore;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** More requesters than PostgreSQL's {@code max_connections} allows (two connections each) are refused before the phase. */
class PgConnectionLimitTest {
    private static final String SCHEMA = "lb_connection_limit";

    @TempDir
    Path results;

    private static long maxConnections() throws Exception {
        try (Connection c = PgTestServer.jdbc(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT current_setting('max_connections')::int")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void theHeadroomIsTheServersLimitLessReservedAndOpenConnections() throws Exception {
        try (GraphStore store = PgTestServer.freshStore(SCHEMA, Map.of(), 2)) {
            ConnectionLimit limit = (ConnectionLimit) store;
            ConnectionLimit.Headroom room = limit.connectionHeadroom();
            long max = maxConnections();
            assertTrue(room.available() >= 0 && room.available() < max, room.toString());
            assertTrue(room.detail().startsWith("max_connections = " + max + " less "), room.detail());
            assertEquals(2, limit.connectionsPerSession());
        }
    }

    @Test
    void moreRequestersThanTheServerAcceptsAreRefused() throws Exception {
        PgTestServer.assumeAvailable();
        long requesters = maxConnections() / 2 + 10;
        List<String> args = new ArrayList<>(PgFaultTest.cli(SCHEMA, "-D", "maxid1=201", "-D", "schema=recreate", "-D",
                "requesters=" + requesters, "-D", "maxtime=2", "-l", "-r", "--results", results.toString()));
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            code = Main.run(args.toArray(String[]::new));
        } finally {
            System.setErr(saved);
        }
        String printed = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, code, printed);
        assertTrue(printed.contains("linkbench: requesters = " + requesters + " (" + 2 * requesters
                + " connections), but the server accepts only "), printed);
    }
}
