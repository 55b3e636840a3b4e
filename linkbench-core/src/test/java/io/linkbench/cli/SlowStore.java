package io.linkbench.cli;

import io.linkbench.config.Setting;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreSession;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Test aid: a store provider that wraps another's stores so that every session call takes at least
 * {@code nanos} longer, making a run really slower than one of the wrapped store. The store keeps every
 * capability interface of the wrapped one; or that stops answering once for a while ({@link #frozenOnce}).
 */
final class SlowStore {
    private SlowStore() {
    }

    static StoreProvider provider(StoreProvider inner, long nanos) {
        return wrap(inner, " (slowed by " + nanos + " ns per call)", method -> LockSupport.parkNanos(nanos));
    }

    /**
     * The stores of {@code inner}, frozen once for {@code nanos}: from the {@code after}-th call of {@code getNode}
     * (a request-phase operation) on, every session call waits until {@code nanos} have passed since that call, so
     * no call returns meanwhile (a server stopped and continued).
     */
    static StoreProvider frozenOnce(StoreProvider inner, long after, long nanos) {
        AtomicLong getNodes = new AtomicLong();
        AtomicLong frozenUntil = new AtomicLong();
        return wrap(inner, " (frozen once for " + nanos + " ns)", method -> {
            if (method.getName().equals("getNode") && getNodes.incrementAndGet() == after) {
                frozenUntil.set(System.nanoTime() + nanos);
            }
            long until = frozenUntil.get();
            for (long now = System.nanoTime(); now < until; now = System.nanoTime()) {
                LockSupport.parkNanos(until - now);
            }
        });
    }

    /** What the wrapper does before each session call. */
    private interface BeforeCall {
        void before(Method m);
    }

    private static StoreProvider wrap(StoreProvider inner, String what, BeforeCall before) {
        return new StoreProvider() {
            @Override
            public String name() {
                return inner.name();
            }

            @Override
            public String description() {
                return inner.description() + what;
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
                        before.before(m2);
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

    private static Object call(Object target, Method m, Object[] args) throws Throwable {
        try {
            m.setAccessible(true);
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
