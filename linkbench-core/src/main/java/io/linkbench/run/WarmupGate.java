package io.linkbench.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The end of the warm-up, shared by the phase's monitor and its requesters: the monitor opens the gate
 * right after it has cleared what the warm-up recorded, and a requester past the warm-up's end waits
 * for that before its next call, so every call after warm-up is both recorded and counted against
 * {@code requests}, and no call is counted that was cleared.
 */
final class WarmupGate {
    private final CountDownLatch open = new CountDownLatch(1);

    /** The measured window has started. */
    void open() {
        open.countDown();
    }

    boolean isOpen() {
        return open.getCount() == 0;
    }

    /** Waits until the gate is open or the run is stopped; true when open. */
    boolean await(RunControl control) {
        try {
            while (!open.await(10, TimeUnit.MILLISECONDS)) {
                if (control.interrupted()) {
                    return false;
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
