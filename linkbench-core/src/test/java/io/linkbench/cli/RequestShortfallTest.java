package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Setting;
import io.linkbench.store.ConnectionLimit;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.StoreSession;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request phase that does not measure what it was asked to is not a quiet success: requesters that
 * complete no call, more than 1% of calls failing, or more requesters than the server accepts
 * connections end the run failed (exit 1) with the reason in one line.
 */
class RequestShortfallTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    /**
     * The memory store, except that sessions from {@code firstDown} on fail every call with a lost
     * connection, and, when {@code headroom} is not negative, a server limit of that many connections.
     */
    private record Limited(int firstDown, long headroom) implements StoreProvider {
        @Override
        public String name() {
            return "limited";
        }

        @Override
        public String description() {
            return "memory store behind a connection limit";
        }

        @Override
        public List<Setting> settings() {
            return new MemoryStoreProvider().settings();
        }

        @Override
        public GraphStore open(StoreContext context) throws StoreException {
            GraphStore memory = new MemoryStoreProvider().open(context);
            List<Class<?>> faces = new ArrayList<>(Arrays.asList(memory.getClass().getInterfaces()));
            if (headroom >= 0) {
                faces.add(ConnectionLimit.class);
            }
            return (GraphStore) Proxy.newProxyInstance(getClass().getClassLoader(), faces.toArray(Class<?>[]::new),
                    (proxy, method, args) -> {
                        if (method.getName().equals("connectionHeadroom")) {
                            return new ConnectionLimit.Headroom(headroom, "max_connections = " + headroom + ", 0 open");
                        }
                        if (method.getName().equals("connectionsPerSession")) {
                            return 1;
                        }
                        if (method.getName().equals("session") && (int) args[0] >= firstDown) {
                            return refusedSession();
                        }
                        try {
                            return method.invoke(memory, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }

        private static StoreSession refusedSession() {
            return (StoreSession) Proxy.newProxyInstance(StoreSession.class.getClassLoader(), new Class<?>[] {StoreSession.class},
                    (proxy, method, args) -> {
                        if (method.getName().equals("close")) {
                            return null;
                        }
                        throw new StoreException(StoreException.Kind.CONNECTION, "Too many connections");
                    });
        }
    }

    private int run(StoreProvider provider, String... more) {
        List<String> args = new ArrayList<>(List.of("-D", "store=" + provider.name(), "-D", "maxid1=2001", "-D", "loaders=1",
                "-D", "maxtime=1", "-D", "max_retries=1", "-D", "requesters=4", "-l", "-r", "--results", tmp.toString()));
        args.addAll(List.of(more));
        return cli.run(StoreProviders.of(provider), args.toArray(String[]::new));
    }

    private String resultJson() throws Exception {
        try (Stream<Path> files = Files.walk(tmp)) {
            return Files.readString(files.filter(p -> p.getFileName().toString().equals("result.json")).findFirst().orElseThrow());
        }
    }

    @Test
    void requestersThatCompleteNoCallFailThePhase() throws Exception {
        assertEquals(Main.FAILED, run(new Limited(2, -1)), cli.out() + cli.err());
        assertTrue(cli.out().contains("request phase failed: 2 of 4 requesters completed no call"), cli.out());
        assertTrue(cli.err().contains("linkbench: 2 of 4 requesters completed no call"), cli.err());
        String json = resultJson();
        assertTrue(json.contains("\"failed\""), json);
    }

    @Test
    void moreRequestersThanTheServerAcceptsAreRefusedBeforeThePhase() {
        assertEquals(Main.FAILED, run(new Limited(Integer.MAX_VALUE, 3)), cli.out() + cli.err());
        assertTrue(cli.err().startsWith("linkbench: requesters = 4, but the server accepts only 3 more connections"
                + " (max_connections = 3, 0 open): lower requesters or raise the server's limit"), cli.err());
        assertTrue(!cli.out().contains("request phase:"), "no request phase started: " + cli.out());
    }

    @Test
    void moreLoadersThanTheServerAcceptsAreRefusedBeforeTheLoad() {
        assertEquals(Main.FAILED, run(new Limited(Integer.MAX_VALUE, 1), "-D", "loaders=2"), cli.out() + cli.err());
        assertTrue(cli.err().startsWith("linkbench: loaders = 2, but the server accepts only 1 more"
                + " connections (max_connections = 1, 0 open): lower loaders or raise the server's limit"), cli.err());
    }

    @Test
    void requestersWithinTheLimitRunAsBefore() {
        assertEquals(Main.OK, run(new Limited(Integer.MAX_VALUE, 4)), cli.out() + cli.err());
        assertTrue(cli.out().contains("request phase completed"), cli.out());
    }
}
