package io.linkbench.store.support;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The timeout of a {@link ChannelSocket}: closes its channel when a call has waited longer than the timeout. One thread per socket with a
 * timeout, started by the first call that has one; it sleeps until the deadline of the call that is
 * running (or a whole timeout when none is), so it wakes at most once per timeout.
 */
final class SocketWatchdog implements Runnable {
    private final SocketChannel channel;
    /** Start (System.nanoTime) of the running read, or 0. */
    volatile long readSince;
    /** Start of the running write, or 0. */
    volatile long writeSince;
    volatile int timeoutMs;
    private volatile boolean fired;
    private Thread thread;

    /** @param channel the channel it closes */
    SocketWatchdog(SocketChannel channel) {
        this.channel = channel;
    }

    long begin() throws SocketException {
        if (timeoutMs > 0) {
            ensureStarted();
        }
        long now = System.nanoTime();
        return now == 0 ? 1 : now;
    }

    private synchronized void ensureStarted() throws SocketException {
        if (thread == null) {
            if (!channel.isOpen()) {
                throw new SocketException("Socket closed");
            }
            thread = new Thread(this, "socket-timeout");
            thread.setDaemon(true);
            thread.start();
        }
    }

    @Override
    public void run() {
        while (channel.isOpen()) {
            long timeout = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
            if (timeout == 0) {
                LockSupport.park(this); // setSoTimeout or close wakes it
                continue;
            }
            long now = System.nanoTime();
            long oldest = oldest(readSince, writeSince);
            long wait = oldest == 0 ? timeout : oldest + timeout - now;
            if (oldest != 0 && wait <= 0) {
                fired = true;
                closeQuietly();
                return;
            }
            LockSupport.parkNanos(this, wait);
        }
    }

    private long oldest(long a, long b) {
        if (a == 0) {
            return b;
        }
        return b == 0 ? a : Math.min(a, b);
    }

    synchronized void wake() {
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    /** The exception for a call that failed because the socket was closed under it. */
    IOException closedDuring(IOException e, String timeoutMessage) {
        if (fired) {
            SocketTimeoutException t = new SocketTimeoutException(timeoutMessage + " (after "
                    + timeoutMs + " ms; the socket is closed)");
            t.initCause(e);
            return t;
        }
        if (e instanceof ClosedByInterruptException) {
            InterruptedIOException i = new InterruptedIOException("interrupted while waiting for the server");
            i.initCause(e);
            return i;
        }
        return e instanceof AsynchronousCloseException ? new SocketException("Socket closed") : e;
    }

    private void closeQuietly() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing is all that is left to do
        }
    }
}
