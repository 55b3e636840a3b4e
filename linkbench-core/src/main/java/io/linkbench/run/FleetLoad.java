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
            if (found.isPresent() && found.get().equals(starting)) {
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
}
