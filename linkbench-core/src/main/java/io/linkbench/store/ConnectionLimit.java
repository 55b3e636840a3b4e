package io.linkbench.store;

/**
 * Optional capability of a {@link GraphStore} whose sessions each hold a server connection: how many
 * more connections the server accepts now. The request phase asks before it opens its sessions and
 * refuses to start, in one line, when there are more requesters than that; without the check the
 * requesters beyond the server's limit would fail every call while the others measure a smaller
 * run than the one configured.
 */
public interface ConnectionLimit {
    /**
     * The server's room for new connections.
     *
     * @param available connections the server would still accept now (0 or more)
     * @param detail    where the figure comes from, for the message, e.g. "max_connections = 151, 11 in use"
     */
    record Headroom(long available, String detail) {
    }

    /**
     * Asks the server; called from one thread before a phase opens its sessions.
     *
     * @throws StoreException when the server cannot be asked (the phase then goes on unchecked only if
     *                        the caller chooses to)
     */
    Headroom connectionHeadroom() throws StoreException;

    /** The server connections one session holds (1 unless the store says otherwise). */
    default int connectionsPerSession() {
        return 1;
    }
}
