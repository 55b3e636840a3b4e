package io.linkbench.cli;

import io.linkbench.config.Setting;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreSession;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * Test aid: a store provider that wraps another's stores so that every session call takes at least
 * {@code nanos} longer, making a run really slower than one of the wrapped store. The store keeps every
 * capability interface of the wrapped one.
 */
final class SlowStore {
    private SlowStore() {
    }

    static StoreProvider provider(StoreProvider inner, long nanos) {
        return new StoreProvider() {
            @Override
            public String name() {
                return inner.name();
            }

            @Override
            public String description() {
                return inner.description() + " (slowed by " + nanos + " ns per call)";
            }

            @Override
            public List<Setting> settings() {
                return inner.settings();
            }

            @Override
            public GraphStore open(StoreContext context) throws StoreException {
                GraphStore store = inner.open(context);
                return (GraphStore) proxy(store, (p, m, args) -> {
                    Object r = call(store, m, args);
                    return r instanceof StoreSession s ? proxy(s, (p2, m2, args2) -> {
                        LockSupport.parkNanos(nanos);
                        return call(s, m2, args2);
                    }) : r;
                });
            }
        };
    }

    /**
     * The stores of {@code inner}, frozen once for {@code nanos}: from the {@code after}-th call of {@code getNode}
     * (a request-phase operation) on, every session call waits until {@code nanos} have passed since that call, so
     * no call returns meanwhile (a server stopped and continued).
     */
    static StoreProvider frozenOnce(StoreProvider inner, long after, long nanos) {
        java.util.concurrent.atomic.AtomicLong getNodes = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong frozenUntil = new java.util.concurrent.atomic.AtomicLong();
        return new StoreProvider() {
            @Override
            public String name() {
                return inner.name();
            }

            @Override
            public String description() {
                return inner.description() + " (frozen once for " + nanos + " ns)";
            }

            @Override
            public List<Setting> settings() {
                return inner.settings();
            }

            @Override
            public GraphStore open(StoreContext context) throws StoreException {
                GraphStore store = inner.open(context);
                return (GraphStore) proxy(store, (p, m, args) -> {
                    Object r = call(store, m, args);
                    return r instanceof StoreSession s ? proxy(s, (p2, m2, args2) -> {
                        if (m2.getName().equals("getNode") && getNodes.incrementAndGet() == after) {
                            frozenUntil.set(System.nanoTime() + nanos);
                        }
                        long until = frozenUntil.get();
                        for (long now = System.nanoTime(); now < until; now = System.nanoTime()) {
                            LockSupport.parkNanos(until - now);
                        }
                        return call(s, m2, args2);
                    }) : r;
                });
            }
        };
    }

    private static Object proxy(Object target, InvocationHandler handler) {
        Set<Class<?>> interfaces = new LinkedHashSet<>();
        for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
            interfaces.addAll(List.of(c.getInterfaces()));
        }
        return Proxy.newProxyInstance(SlowStore.class.getClassLoader(), interfaces.toArray(Class<?>[]::new), handler);
    }

    private static Object call(Object target, java.lang.reflect.Method m, Object[] args) throws Throwable {
        try {
            m.setAccessible(true);
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
