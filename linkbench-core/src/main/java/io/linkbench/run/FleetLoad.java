package io.linkbench.run;

import io.linkbench.config.ConfigException;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadStateStore;
import io.linkbench.store.StoreException;
import java.io.PrintStream;
import java.util.Optional;

/**
 * How clients 1.. of a fleet load start: client 0 alone prepares the schema ({@code schema = recreate}
 * would drop what the others wrote) and records the load; the others wait until the store records
 * this very load: the same graph and the same start, which is the fleet's {@code start_at}, so a
 * record left by an earlier load never counts.
 */
final class FleetLoad {
    private FleetLoad() {
    }

    /** Waits until client 0 has recorded {@code starting}, up to {@code fleet_wait_seconds}. */
    static void awaitClientZero(GraphStore store, LoadState starting, Fleet fleet, RunControl control, PrintStream out)
            throws StoreException, InterruptedException {
        if (!(store instanceof LoadStateStore records)) {
            throw new ConfigException("client_count = " + fleet.count() + ": this store does not record its loads,"
                    + " so clients 1.. cannot tell when client 0 has prepared it; load it from one host");
        }
        out.printf("load phase: client %d of %d waits for client 0 to prepare the store%n", fleet.index(), fleet.count());
        long deadline = System.nanoTime() + (long) (fleet.waitSeconds() * 1e9);
        while (!control.interrupted()) {
            Optional<LoadState> found = records.loadState();
            if (found.isPresent() && found.get().sameLoad(starting)) { // other clients may have finished already
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new StoreException(StoreException.Kind.FATAL, "client 0 did not start the load with start_at = "
                        + starting.started() + " within fleet_wait_seconds = " + fleet.waitSeconds() + " (the store records "
                        + found.map(LoadState::describe).orElse("no load") + ")");
            }
            Thread.sleep(200);
        }
    }

    /**
     * Records this client's slice of the fleet load as complete, merged into the one record all clients
     * share (the last slice completes the load). Clients that finish together may overwrite each other's
     * merge, so each reads the record back after a pause and writes again until its slice stays recorded.
     * Nothing is written when the record is of another load by now (a later load replaced it).
     */
    static void recordSlice(GraphStore store, LoadState starting, Fleet fleet, RunControl control)
            throws StoreException, InterruptedException {
        if (!(store instanceof LoadStateStore records) || starting.clients() == 0) {
            return;
        }
        java.util.Random jitter = new java.util.Random(fleet.index());
        boolean written = false;
        for (int attempt = 0; attempt < 20 && !control.interrupted(); attempt++) {
            Optional<LoadState> found = records.loadState();
            if (found.isEmpty() || !found.get().sameLoad(starting)) {
                return;
            }
            if (found.get().sliceDone(fleet.index())) {
                if (written) {
                    return; // it stayed recorded through a pause in which the others' merges would have landed
                }
            } else {
                records.saveLoadState(found.get().withSliceDone(fleet.index(), java.time.Instant.now()));
            }
            written = true;
            Thread.sleep(300 + jitter.nextInt(300));
        }
    }
}
