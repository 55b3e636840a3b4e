package io.linkbench.store.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class ConnectHintTest {
    private static final String SCRIPT = "bash scripts/start-x.sh";
    private static final String KEYS = "host, port, user, password_file";
    private static final String HINT = "; a local server: bash scripts/start-x.sh; another server: set host, port, user, password_file";

    @Test
    void refusedUnknownHostAndRefusedCredentialsGetTheHint() {
        assertEquals("cannot connect" + HINT, ConnectHint.append("cannot connect", new RuntimeException("link failure",
                new ConnectException("Connection refused")), SCRIPT, KEYS));
        assertEquals("cannot connect" + HINT, ConnectHint.append("cannot connect", new UnknownHostException("db.invalid"),
                SCRIPT, KEYS));
        assertEquals("x: Access denied for user 'nobody'@'localhost'" + HINT,
                ConnectHint.append("x: Access denied for user 'nobody'@'localhost'", null, SCRIPT, KEYS));
        assertEquals("x: FATAL: password authentication failed for user \"u\"" + HINT,
                ConnectHint.append("x: FATAL: password authentication failed for user \"u\"", null, SCRIPT, KEYS));
    }

    @Test
    void aLiveServerThatTimesOutOrAnyOtherFailureGetsNone() {
        assertEquals("cannot connect: read timed out", ConnectHint.append("cannot connect: read timed out",
                new SocketTimeoutException("Read timed out"), SCRIPT, KEYS));
        assertEquals("cannot connect: database \"x\" does not exist",
                ConnectHint.append("cannot connect: database \"x\" does not exist", null, SCRIPT, KEYS));
    }

    @Test
    void aNodeNoKeyNamesGetsItsOwnRemedyAndAMessageSaidAgainDropsTheHint() {
        String hinted = ConnectHint.appendRemedy("cannot connect to backend1", new ConnectException("Connection refused"),
                "bash scripts/start-spider.sh start-node 1", "start the head's server backend1");
        assertEquals("cannot connect to backend1; a local server: bash scripts/start-spider.sh start-node 1; another"
                + " server: start the head's server backend1", hinted);
        assertEquals("cannot connect to backend1", ConnectHint.withoutHint(hinted));
        assertEquals("read timed out", ConnectHint.withoutHint("read timed out"), "no hint: unchanged");
    }
}
