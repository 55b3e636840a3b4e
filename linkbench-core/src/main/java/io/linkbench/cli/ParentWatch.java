package io.linkbench.cli;

import java.io.PrintStream;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.IntConsumer;

/**
 * The run's JVM watching the linkbench JVM that started it ({@link JvmLauncher}): when that one is gone
 * (killed with SIGKILL, by {@code timeout -s KILL}, or a fleet client's process killed), the run stops as
 * SIGHUP stops it (interrupted, its files written) and, should that take longer than {@link #DEADLINE_SECONDS},
 * the JVM halts, so it never goes on talking to the server behind its caller's back.
 *
 * <p>The launcher names its own pid in the system property {@value JvmLauncher#CHILD}. Our parent is gone
 * once our parent pid is another: the kernel re-parents an orphan (to init or a subreaper) and never
 * gives it its old parent back, so a reused pid cannot fool the check as a test of that pid's life could.
 */
final class ParentWatch {
    /** How often the parent pid is read. */
    static final long PERIOD_MILLIS = 250;
    /** How long the run may take to stop and write its files once the parent is gone. */
    static final long DEADLINE_SECONDS = 5;
    /** The exit code of a run stopped this way: SIGHUP's, as a terminal's end stops a process. */
    static final int EXIT_CODE = 129;

    private final long parentPid;

    ParentWatch(long parentPid) {
        this.parentPid = parentPid;
    }

    /** The watch of this JVM when it is a run's JVM started by the launcher, else empty. */
    static Optional<ParentWatch> ofThisJvm() {
        OptionalLong pid = parsePid(System.getProperty(JvmLauncher.CHILD));
        return pid.isPresent() ? Optional.of(new ParentWatch(pid.getAsLong())) : Optional.empty();
    }

    static OptionalLong parsePid(String value) {
        if (value == null || !value.matches("[0-9]{1,18}")) {
            return OptionalLong.empty();
        }
        long pid = Long.parseLong(value);
        return pid > 1 ? OptionalLong.of(pid) : OptionalLong.empty(); // "1": a child of an older launcher, no pid
    }

    /** True once the JVM that started this one has ended. */
    boolean parentGone() {
        return ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(-1L) != parentPid;
    }

    /** The reason a run stopped for it gives, in result.json and on the console. */
    String reason() {
        return "stopped: " + what();
    }

    private String what() {
        return "the linkbench JVM that started this one (pid " + parentPid + ") is gone";
    }

    /**
     * Watches on a daemon thread: when the parent is gone, says so on {@code err}, calls {@code exit}
     * with {@link #EXIT_CODE} (the JVM's shutdown, as a signal's) and {@code halt} with it after
     * {@link #DEADLINE_SECONDS} if the JVM is still there.
     */
    void start(PrintStream err, IntConsumer exit, IntConsumer halt) {
        Thread watch = new Thread(() -> {
            try {
                while (!parentGone()) {
                    Thread.sleep(PERIOD_MILLIS);
                }
            } catch (InterruptedException e) {
                return;
            }
            Thread deadline = new Thread(() -> {
                try {
                    Thread.sleep(DEADLINE_SECONDS * 1000);
                } catch (InterruptedException e) {
                    // halt all the same
                }
                halt.accept(EXIT_CODE);
            }, "linkbench-parent-deadline");
            deadline.setDaemon(true);
            deadline.start();
            err.println("linkbench: " + what() + ": stopping the run");
            exit.accept(EXIT_CODE);
        }, "linkbench-parent-watch");
        watch.setDaemon(true);
        watch.start();
    }
}
