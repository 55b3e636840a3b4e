package io.linkbench.cli;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which of SIGINT, SIGTERM and SIGHUP stopped the run. While a run goes, a handler of ours stands in
 * front of the JVM's own for each: it notes the signal's name, then passes the signal on, so the JVM
 * shuts down (and exits 128 + the number) as before. The handlers are put back on {@link #close()}.
 * Through reflection on {@code sun.misc.Signal} (module jdk.unsupported): a JVM without it, or run
 * with {@code -Xrs}, just does not name the signal.
 */
final class ReceivedSignal implements AutoCloseable {
    private static final Map<String, Integer> NUMBERS = Map.of("INT", 2, "TERM", 15, "HUP", 1);
    /** The shell whose built-in {@code kill} sends the signals the JDK cannot. */
    static final String SHELL = "/bin/sh";

    private final Map<Object, Object> previous = new LinkedHashMap<>(); // signal -> the handler before ours
    private volatile String received;
    private Method setter; // sun.misc.Signal.handle, when found

    ReceivedSignal() {
        this(null, true);
    }

    /**
     * Passes SIGINT, SIGTERM and SIGHUP on to {@code child} (a JVM that runs linkbench) instead of
     * stopping this JVM, until closed: SIGTERM through the JDK, the others through the {@code kill} of
     * {@value #SHELL} (a built-in: found whatever PATH holds), or as a SIGTERM where there is no shell.
     */
    static ReceivedSignal forwardTo(Process child) {
        return new ReceivedSignal(name -> {
            if (!name.equals("TERM")) {
                try {
                    new ProcessBuilder(SHELL, "-c", "kill -s " + name + " " + child.pid()).redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                    return;
                } catch (java.io.IOException e) {
                    // no shell: stop it as SIGTERM does
                }
            }
            child.destroy();
        }, false);
    }

    /**
     * Handlers of ours for each signal: they note its name, tell {@code onSignal} (when not null), and
     * pass it on to the JVM's handler when {@code passOn}.
     */
    private ReceivedSignal(java.util.function.Consumer<String> onSignal, boolean passOn) {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handler = Class.forName("sun.misc.SignalHandler");
            Method handle = signal.getMethod("handle", signal, handler);
            Method jvmHandler = handler.getMethod("handle", signal);
            Object ignore = handler.getField("SIG_IGN").get(null);
            Object dflt = handler.getField("SIG_DFL").get(null);
            for (String name : NUMBERS.keySet()) {
                Object sig = signal.getConstructor(String.class).newInstance(name);
                Object[] before = new Object[1];
                InvocationHandler ours = (proxy, method, args) -> {
                    if (method.getName().equals("handle")) {
                        received = name;
                        if (onSignal != null) {
                            onSignal.accept(name);
                        }
                        if (passOn) {
                            jvmHandler.invoke(before[0], args);
                        }
                        return null;
                    }
                    return method.getName().equals("hashCode") ? System.identityHashCode(proxy)
                            : method.getName().equals("equals") ? proxy == args[0] : "ReceivedSignal(" + name + ")";
                };
                before[0] = handle.invoke(null, sig, Proxy.newProxyInstance(handler.getClassLoader(), new Class<?>[] {handler}, ours));
                if (before[0] == ignore || before[0] == dflt) { // the JVM does not handle it (-Xrs, nohup): leave it so
                    handle.invoke(null, sig, before[0]);
                } else {
                    previous.put(sig, before[0]);
                }
            }
            this.setter = handle;
        } catch (ReflectiveOperationException | RuntimeException e) {
            // no sun.misc.Signal, or a signal this platform lacks: the reason just names no signal
        }
    }

    /**
     * "stopped by SIGTERM (exit 143)"; when no signal was noted, the end of the JVM that started this
     * one ({@link ParentWatch}) if that is why, else "stopped by a signal".
     */
    String reason() {
        String name = received;
        if (name != null) {
            return "stopped by SIG" + name + " (exit " + (128 + NUMBERS.get(name)) + ")";
        }
        return ParentWatch.ofThisJvm().filter(ParentWatch::parentGone).map(ParentWatch::reason).orElse("stopped by a signal");
    }

    @Override
    public void close() {
        for (Map.Entry<Object, Object> e : previous.entrySet()) {
            try {
                setter.invoke(null, e.getKey(), e.getValue());
            } catch (ReflectiveOperationException | RuntimeException ignored) {
                // the JVM is shutting down or the signal is gone: nothing to restore
            }
        }
    }
}
