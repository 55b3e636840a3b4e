package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.run.CoreSettings;
import io.linkbench.store.StoreProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** -r alone checks the store's last load: the memory store of a new process has none, noop records none. */
class LoadStateCliTest {
    @TempDir
    Path tmp;

    private String err = "";

    private int run(String... args) {
        CliRun cli = new CliRun();
        int code = cli.run(StoreProviders.discover(), args);
        err = cli.err();
        System.err.print(err);
        return code;
    }

    private String err() {
        return err;
    }

    @Test
    void requestsOnAMemoryStoreWithoutALoadAreRefusedInOneLine() throws Exception {
        Path results = tmp.resolve("r");
        assertEquals(1, run("-D", "store=memory", "-D", "maxtime=1", "-r", "--results", results.toString()));
        assertEquals(1, err().lines().count(), err());
        assertTrue(err().startsWith("linkbench: no load is recorded in this store"), err());
        assertTrue(err().contains("set allow_incomplete_load = true"), err());
        assertFalse(Files.exists(results) && Files.list(results).findAny().isPresent(), "no run directory");
    }

    @Test
    void theKeyLetsTheRequestsRunWithAWarning() {
        assertEquals(0, run("-D", "store=memory", "-D", "maxtime=0.5", "-D", "allow_incomplete_load=true", "-r",
                "--results", tmp.resolve("r").toString()), err());
        assertTrue(err().startsWith("linkbench: warning: no load is recorded in this store"), err());
    }

    @Test
    void loadAndRequestsTogetherAreNotChecked() {
        assertEquals(0, run("-D", "store=memory", "-D", "maxid1=501", "-D", "maxtime=0.5", "-l", "-r",
                "--results", tmp.resolve("r").toString()), err());
        assertFalse(err().contains("no load is recorded") || err().contains("did not complete"), err());
    }

    @Test
    void theNoopStoreRunsWithAWarning() {
        assertEquals(0, run("-D", "store=noop", "-D", "maxtime=0.5", "-r", "--results", tmp.resolve("r").toString()), err());
        assertTrue(err().startsWith("linkbench: warning: this store does not record its loads"), err());
    }

    @Test
    void aBadValueIsBadInput() {
        assertEquals(2, run("-D", "store=memory", "-D", "allow_incomplete_load=maybe", "-r", "--results",
                tmp.resolve("r").toString()));
        assertTrue(err().startsWith("linkbench: allow_incomplete_load=maybe: must be true or false"), err());
    }

    @Test
    void theKeyIsDeclaredForListKeys() {
        assertTrue(CoreSettings.all().stream().anyMatch(k -> k.key().equals("allow_incomplete_load")
                && "false".equals(k.defaultValue()) && k.description().contains("refuses")));
    }
}
