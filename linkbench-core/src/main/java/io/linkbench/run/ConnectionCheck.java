package io.linkbench.run;

import io.linkbench.store.ConnectionLimit;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import java.util.Locale;

/** Before a phase opens its sessions: refuses, in one line, more than the server accepts ({@link ConnectionLimit}). */
final class ConnectionCheck {
    private ConnectionCheck() {
    }

    /**
     * @param sessions the sessions the phase opens, each a connection
     * @param key      the key that sets them ("requesters", "loaders")
     * @param value    that key's value
     */
    static void refuseBeyondLimit(GraphStore store, int sessions, String key, int value) throws StoreException {
        if (!(store instanceof ConnectionLimit limit)) {
            return;
        }
        ConnectionLimit.Headroom room = limit.connectionHeadroom();
        long connections = (long) sessions * limit.connectionsPerSession();
        if (connections > room.available()) {
            throw StoreException.refusal(String.format(Locale.ROOT,
                    "%s = %d%s, but the server accepts only %d more connections (%s): lower %s or raise the server's limit",
                    key, value, connections == value ? "" : " (" + connections + " connections)", room.available(),
                    room.detail(), key));
        }
    }
}
