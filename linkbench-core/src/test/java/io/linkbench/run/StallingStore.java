package io.linkbench.run;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreSession;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A store whose "server" stops answering: after {@code calls} session calls, every session call and every
 * read of its counters and size waits until {@link #resume()}, as calls to a server stopped with SIGSTOP do.
 * Keeps every capability interface of the wrapped store. Only {@code close} never waits.
 */
final class StallingStore {
    private final long after;
    private final AtomicLong calls = new AtomicLong();
    private final CountDownLatch resumed = new CountDownLatch(1);
    private final CountDownLatch stalled = new CountDownLatch(1);

    private StallingStore(long after) {
        this.after = after;
    }

    /** {@code store}, stalling after {@code calls} session calls. */
    static StallingStore after(long calls) {
        return new StallingStore(calls);
    }

    /** The wrapped store. */
    GraphStore wrap(GraphStore store) {
        return (GraphStore) proxy(store, (p, m, args) -> {
            if (m.getName().equals("counters") || m.getName().equals("sizeBytes")) {
                awaitIfStalled();
            }
            Object r = call(store, m, args);
            return r instanceof StoreSession s ? proxy(s, (p2, m2, args2) -> {
                if (!m2.getName().equals("close") && calls.incrementAndGet() > after) {
                    stalled.countDown();
                    awaitIfStalled();
                }
                return call(s, m2, args2);
            }) : r;
        });
    }

    /** True once a session call found the store stalled. */
    boolean stalled() {
        return stalled.getCount() == 0;
    }

    /** The server answers again: every waiting call goes on. */
    void resume() {
        stalled.countDown();
        resumed.countDown();
    }

    private void awaitIfStalled() throws InterruptedException {
        if (stalled()) {
            resumed.await();
        }
    }

    private static Object proxy(Object target, InvocationHandler handler) {
        Set<Class<?>> interfaces = new LinkedHashSet<>();
        for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
            interfaces.addAll(List.of(c.getInterfaces()));
        }
        return Proxy.newProxyInstance(StallingStore.class.getClassLoader(), interfaces.toArray(Class<?>[]::new), handler);
    }

    private static Object call(Object target, Method m, Object[] args) throws Throwable {
        try {
            m.setAccessible(true);
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
