package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.tck.harness.FaultSupport;
import io.linkbench.tck.harness.FaultSupport.CapturedRun;
import io.linkbench.tck.harness.KilledLoad;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -r on a database whose load was killed (a child JVM loading into this JVM's in-process server,
 * destroyed forcibly) is refused in one line naming allow_incomplete_load, and runs with it set.
 */
@Tag("mongo")
class MongoKilledLoadTest {

    @Test
    void requestsOnAKilledLoadAreRefusedUnlessAllowed(@TempDir Path tmp) throws Exception {
        try (InProcessMongo server = new InProcessMongo()) {
            List<String> common = List.of("-c", MongoCli.repositoryRoot().resolve("config/mongo.properties").toString(),
                    "-D", "url=" + server.url(), "-D", "dbid=lbtest_killed", "-D", "transactions=off", "-D", "maxid1=50001",
                    "-D", "maxtime=1", "-D", "requesters=1", "-D", "displayfreq=1", "-D", "progressfreq=1");
            KilledLoad.run(tmp, 500, concat(common, "-l", "--results", tmp.resolve("load").toString()));

            CapturedRun refused = FaultSupport.runCapturingErr(concat(common, "-r", "--results",
                    tmp.resolve("refused").toString()).toArray(String[]::new));
            assertEquals(1, refused.exitCode(), refused.err());
            assertEquals(1, refused.err().lines().count(), refused.err());
            assertTrue(refused.firstLine().startsWith("linkbench: the last load into this store did not complete"),
                    refused.err());
            assertTrue(refused.firstLine().contains("set allow_incomplete_load = true"), refused.err());

            CapturedRun allowed = FaultSupport.runCapturingErr(concat(common, "-D", "allow_incomplete_load=true", "-r",
                    "--results", tmp.resolve("allowed").toString()).toArray(String[]::new));
            assertEquals(0, allowed.exitCode(), allowed.err());
            assertTrue(allowed.firstLine("linkbench: warning:").contains("did not complete"), allowed.err());
        }
    }

    private static List<String> concat(List<String> a, String... b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(List.of(b));
        return all;
    }
}
