package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.probe.HostProbe;
import io.linkbench.measure.probe.ProbeTargets;
import io.linkbench.run.CostProbe;
import io.linkbench.store.GraphStore;
import io.linkbench.tck.harness.CostCheck;
import io.linkbench.tck.harness.PhaseDriver;
import io.linkbench.tck.harness.ProcReadings;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The cost row of a load and of a request phase against MariaDB, every column checked against the test's
 * own reading of {@code /proc} over the same window ({@link CostCheck} states the tolerances): the client is
 * this JVM, the server is the process the test finds from the server's {@code @@pid_file}, the device the one
 * holding its {@code @@datadir}. Other tests may use the server at the same time: both readings see their
 * work alike. A probe that knows neither the server nor the device, as for a remote server, reports their
 * figures as unavailable with the reason, never as 0.
 */
@Tag("mysql")
class MySqlCostCheckTest {

    @Test
    void everyCostFigureAgreesWithTheTestsOwnReading() throws Exception {
        MySqlTestServer.assumeAvailable();
        LocalServerProcess server = LocalServerProcess.find();
        ProcReadings procs = server == null ? new ProcReadings(-1, null)
                : new ProcReadings(server.pid(), ProcReadings.deviceHolding(server.dataDir()));
        PhaseDriver d = new PhaseDriver("maxid1", "10001", "schema", "recreate", "requesters", "2", "maxtime", "4",
                "displayfreq", "1");
        try (GraphStore store = MySqlTestServer.open(MySqlTestServer.settings("InnoDB", "lbtest_cost_check", Map.of()))) {
            List<CostCheck.Checked> phases = CostCheck.loadAndRequests(d, store, procs, server == null
                    ? List.of(PhaseCost.CLIENT_CPU_S)
                    : List.of(PhaseCost.CLIENT_CPU_S, PhaseCost.SERVER_CPU_S, PhaseCost.SERVER_WRITE_KB));
            if (server != null) {
                PhaseCost requests = phases.get(1).result().cost();
                assertTrue(requests.get(PhaseCost.SERVER_CPU_S) > 0, "the server worked: " + phases.get(1).report());
            }
        }
    }

    @Test
    void figuresOfAServerAndDeviceNotKnownAreUnavailableWithAReason() throws Exception {
        MySqlTestServer.assumeAvailable();
        PhaseDriver d = new PhaseDriver("maxid1", "2001", "schema", "recreate", "requesters", "2", "maxtime", "1");
        try (GraphStore store = MySqlTestServer.open(MySqlTestServer.settings("InnoDB", "lbtest_cost_remote", Map.of()))) {
            d.load(store, PhaseObserver.NONE);
            CostProbe remote = new CostProbe(new HostProbe(ProbeTargets.local(Optional.empty(), List.of(),
                    OptionalLong.empty())));
            CostCheck check = new CostCheck(remote, new ProcReadings(-1, null));
            check.before();
            PhaseResult r = d.requests(store, check);
            List<String> report = check.check(r);
            report.forEach(l -> System.out.println("as remote: " + l));
            for (String figure : List.of(PhaseCost.SERVER_CPU_S, PhaseCost.SERVER_READ_KB, PhaseCost.SERVER_WRITE_KB,
                    PhaseCost.TOTAL_READS, PhaseCost.TOTAL_READ_KB, PhaseCost.TOTAL_WRITE_KB)) {
                assertTrue(report.stream().anyMatch(l -> l.startsWith(figure + ": unavailable, ")), figure + ": " + report);
            }
            assertTrue(Double.isNaN(r.cost().get(PhaseCost.SERVER_RSS)), "no RSS of an unknown server");
            assertTrue(report.stream().anyMatch(l -> l.startsWith(PhaseCost.CLIENT_CPU_S + ": probe")), report.toString());
        }
    }
}
