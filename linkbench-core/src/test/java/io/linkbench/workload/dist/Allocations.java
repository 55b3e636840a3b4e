package io.linkbench.workload.dist;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Assumptions;

/** Counts the bytes the current thread allocates while running an action (HotSpot only). */
final class Allocations {
    private Allocations() {
    }

    /** Runs the action twice (the first run warms it up) and returns the bytes the second run allocated. */
    static long bytesAllocatedBy(Runnable action) {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean,
                "skipped: this JVM cannot count allocated bytes per thread");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        Assumptions.assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
                "skipped: this JVM cannot count allocated bytes per thread");
        long id = Thread.currentThread().getId();
        action.run();
        long before = threads.getThreadAllocatedBytes(id);
        action.run();
        return threads.getThreadAllocatedBytes(id) - before;
    }
}
