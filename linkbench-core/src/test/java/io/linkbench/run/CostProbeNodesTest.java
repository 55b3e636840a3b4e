package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.store.ServerNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The nodes a store lists, as the cost probe takes them: one server listed under two addresses counts once. */
class CostProbeNodesTest {

    @Test
    void aServerListedTwiceIsMeasuredOnceAndRemoteNodesStay() {
        ServerNode a = new ServerNode("node 1 127.0.0.1:3306", OptionalInt.of(4171), Optional.of(Path.of("/var/lib/mysql")));
        ServerNode again = new ServerNode("node 2 localhost:3306", OptionalInt.of(4171), Optional.of(Path.of("/var/lib/mysql")));
        ServerNode b = new ServerNode("node 3 127.0.0.1:3312", OptionalInt.of(4211), Optional.empty());
        ServerNode remote1 = new ServerNode("node 4 10.0.0.7:3306", OptionalInt.empty(), Optional.empty());
        ServerNode remote2 = new ServerNode("node 5 10.0.0.8:3306", OptionalInt.empty(), Optional.empty());
        assertEquals(List.of(a, b, remote1, remote2), CostProbe.distinct(List.of(a, again, b, remote1, remote2)));
    }
}
