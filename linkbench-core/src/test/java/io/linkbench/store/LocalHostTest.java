package io.linkbench.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which server addresses name this machine, with and without a port. */
class LocalHostTest {

    @Test
    void loopbackNamesAndAddressesAreLocalWithOrWithoutAPort() {
        for (String a : new String[] {"localhost", "LOCALHOST:3306", "127.0.0.1", "127.0.0.1:27017", "::1", "[::1]:3306",
                "0.0.0.0"}) {
            assertTrue(LocalHost.isLocal(a), a);
        }
    }

    @Test
    void otherMachinesAndUnresolvableNamesAreNot() {
        assertFalse(LocalHost.isLocal("192.0.2.10:3306")); // TEST-NET-1, never an interface here
        assertFalse(LocalHost.isLocal("no-such-host.invalid"));
    }
}
