package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.run.Fleet;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fleet keys: what an orchestrator's environment sets, what {@code -D} overrides, what is refused. */
class FleetOptionsTest {
    @TempDir
    Path tmp;

    private final StoreProviders providers = StoreProviders.of(new MemoryStoreProvider());
    private final CliRun cli = new CliRun();

    @Test
    void anIndexedJobsCompletionIndexIsTheClientIndex() {
        Map<String, String> env = Map.of("JOB_COMPLETION_INDEX", "2", "LINKBENCH_CLIENT_COUNT", "3",
                "LINKBENCH_START_AT", "2030-01-01T00:00:00Z", "HOME", "/root");
        Fleet f = Fleet.from(ConfigLoader.load(List.of(), Map.of("store", "memory"), providers, env).settings());
        assertEquals(new Fleet(3, 2, java.util.Optional.of(java.time.Instant.parse("2030-01-01T00:00:00Z")), 300), f);
        Fleet overridden = Fleet.from(ConfigLoader.load(List.of(), Map.of("store", "memory", "client_index", "0"),
                providers, env).settings());
        assertEquals(0, overridden.index(), "-D wins over the environment");
        assertEquals(Map.of("JOB_COMPLETION_INDEX", "client_index", "LINKBENCH_CLIENT_COUNT", "client_count",
                "LINKBENCH_START_AT", "start_at"), FleetRun.ENVIRONMENT, "the mapping deploy/kubernetes relies on");
    }

    @Test
    void anIndexOutsideTheFleetIsOneLineNamingTheKey() {
        assertEquals(2, cli.run(providers, "-D", "store=memory", "-D", "client_count=3", "-D", "client_index=3",
                "--results", tmp.toString(), "-l"));
        assertTrue(cli.err().contains("client_index = 3 is outside 0..2"), cli.err());
        assertEquals(1, cli.err().strip().lines().count(), cli.err());
    }

    @Test
    void aFleetLoadWithoutStartAtIsRefusedBeforeTheStoreOpens() {
        assertEquals(2, cli.run(providers, "-D", "store=memory", "-D", "client_count=2", "--results", tmp.toString(), "-l"));
        assertTrue(cli.err().contains("a fleet load needs start_at"), cli.err());
        assertEquals(2, cli.run(providers, "-D", "store=memory", "-D", "start_at=tomorrow", "--results", tmp.toString(), "-l"));
        assertTrue(cli.err().contains("start_at = 'tomorrow' is not an ISO-8601 instant"), cli.err());
    }
}
