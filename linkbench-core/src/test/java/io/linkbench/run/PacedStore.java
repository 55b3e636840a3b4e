package io.linkbench.run;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreSession;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.locks.LockSupport;

/**
 * A store that serves at most {@code capacity} calls per second: every session call but {@code close}
 * waits for its slot of a pacer shared by all sessions, then runs on the wrapped store. Its capacity is a
 * property of the store, as a database's is, not a number reported. The bucket holds {@value #BURST_MILLIS}
 * ms of slots: a caller woken late on a busy machine takes the slots it missed instead of losing them, so
 * the store keeps its capacity over any second however the scheduler delays its callers (a bucket one slot
 * deep measured 844 calls/s of 1,000 at load average 16 on 2 cores).
 */
public final class PacedStore {
    private static final long BURST_MILLIS = 40;
    private final long intervalNanos;
    private long nextSlot;

    private PacedStore(double capacity) {
        this.intervalNanos = (long) (1e9 / capacity);
    }

    /** {@code store} with its sessions paced to {@code capacity} calls per second. */
    public static GraphStore wrap(GraphStore store, double capacity) {
        PacedStore pacer = new PacedStore(capacity);
        InvocationHandler h = (proxy, method, args) -> {
            Object r = call(store, method, args);
            return method.getName().equals("session") ? pacer.pace((StoreSession) r) : r;
        };
        return (GraphStore) Proxy.newProxyInstance(PacedStore.class.getClassLoader(), new Class<?>[] {GraphStore.class}, h);
    }

    private StoreSession pace(StoreSession session) {
        InvocationHandler h = (proxy, method, args) -> {
            if (!method.getName().equals("close")) {
                awaitSlot();
            }
            return call(session, method, args);
        };
        return (StoreSession) Proxy.newProxyInstance(PacedStore.class.getClassLoader(), new Class<?>[] {StoreSession.class}, h);
    }

    private void awaitSlot() {
        long slot;
        synchronized (this) {
            slot = Math.max(System.nanoTime() - BURST_MILLIS * 1_000_000L, nextSlot);
            nextSlot = slot + intervalNanos;
        }
        for (long wait = slot - System.nanoTime(); wait > 0; wait = slot - System.nanoTime()) {
            LockSupport.parkNanos(wait);
        }
    }

    private static Object call(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
