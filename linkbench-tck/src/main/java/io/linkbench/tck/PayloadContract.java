package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreSession;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * TCK: payloads of 0 bytes, 64 KiB and every byte value round-trip exactly through every write of
 * nodes and links, and the store keeps no reference to the caller's array.
 */
public abstract class PayloadContract extends TckSupport {
    private static final int KIB_64 = 64 * 1024;

    protected PayloadContract(GraphStoreContract contract) {
        super(contract);
    }

    /** The payloads every write is tried with. */
    private List<byte[]> payloads() {
        byte[] everyByte = new byte[256];
        for (int i = 0; i < everyByte.length; i++) {
            everyByte[i] = (byte) i;
        }
        byte[] big = new byte[KIB_64];
        new Random(contract().seed()).nextBytes(big);
        big[0] = 0;
        big[big.length - 1] = (byte) 0xFF;
        byte[] zeros = new byte[100];
        return List.of(new byte[0], everyByte, big, zeros, new byte[] {(byte) 0x80}, bytes("\u00e9'\"\\;%_\n"));
    }

    @Test
    void nodePayloadsRoundTripExactly() throws Exception {
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        List<byte[]> payloads = payloads();
        long id = 1;
        for (byte[] p : payloads) {
            s.loadNodes(List.of(new Node(id++, 1, 1, 1, p.clone())));
        }
        finishLoad(store);
        for (int i = 0; i < payloads.size(); i++) {
            assertEquals(new Node(i + 1, 1, 1, 1, payloads.get(i)), s.getNode(i + 1, 1), "loaded payload " + i);
        }
        for (byte[] p : payloads) {
            long added = s.addNode(new Node(0, 2, 1, 1, p.clone()));
            assertEquals(new Node(added, 2, 1, 1, p), s.getNode(added, 2), "added payload of " + p.length);
        }
        for (byte[] p : payloads) {
            s.updateNode(new Node(1, 1, 2, 2, p.clone()));
            assertEquals(new Node(1, 1, 2, 2, p), s.getNode(1, 1), "updated payload of " + p.length);
        }
    }

    @Test
    void linkPayloadsRoundTripExactly() throws Exception {
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        List<byte[]> payloads = payloads();
        for (int i = 0; i < payloads.size(); i++) {
            s.loadLinks(List.of(link(1, 1, i, Visibility.VISIBLE, payloads.get(i).clone(), 1, 10 + i)));
        }
        finishLoad(store);
        for (int i = 0; i < payloads.size(); i++) {
            Link expected = link(1, 1, i, Visibility.VISIBLE, payloads.get(i), 1, 10 + i);
            assertEquals(List.of(expected), s.multigetLinks(1, 1, new long[] {i}), "loaded payload " + i);
            assertEquals(List.of(expected), s.getLinkList(1, 1, 10 + i, 10 + i, 0, 10), "loaded payload " + i);
        }
        for (int i = 0; i < payloads.size(); i++) {
            s.addLink(link(2, 1, i, Visibility.VISIBLE, payloads.get(i).clone(), 1, 10));
            assertEquals(List.of(link(2, 1, i, Visibility.VISIBLE, payloads.get(i), 1, 10)),
                    s.multigetLinks(2, 1, new long[] {i}), "added payload " + i);
        }
        for (byte[] p : payloads) {
            s.updateLink(link(2, 1, 0, Visibility.VISIBLE, p.clone(), 2, 20));
            assertEquals(List.of(link(2, 1, 0, Visibility.VISIBLE, p, 2, 20)), s.getLinkList(2, 1, 20, 20, 0, 10),
                    "updated payload of " + p.length);
        }
    }

    @Test
    void nodeWritesDoNotKeepTheCallersArray() throws Exception {
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        byte[] buffer = bytes("loaded");
        s.loadNodes(List.of(new Node(1, 1, 1, 1, buffer)));
        Arrays.fill(buffer, (byte) '!');
        finishLoad(store);
        assertEquals(node(1, 1, 1, 1, "loaded"), s.getNode(1, 1));

        buffer = bytes("added");
        long id = s.addNode(new Node(0, 1, 1, 1, buffer));
        Arrays.fill(buffer, (byte) '!');
        assertEquals(node(id, 1, 1, 1, "added"), s.getNode(id, 1));

        buffer = bytes("updated");
        s.updateNode(new Node(1, 1, 2, 2, buffer));
        Arrays.fill(buffer, (byte) '!');
        assertEquals(node(1, 1, 2, 2, "updated"), s.getNode(1, 1));
    }

    @Test
    void linkWritesDoNotKeepTheCallersArray() throws Exception {
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        byte[] buffer = bytes("loaded");
        s.loadLinks(List.of(link(1, 1, 1, Visibility.VISIBLE, buffer, 1, 10)));
        Arrays.fill(buffer, (byte) '!');
        finishLoad(store);
        assertEquals(List.of(link(1, 1, 1, Visibility.VISIBLE, bytes("loaded"), 1, 10)),
                s.multigetLinks(1, 1, new long[] {1}));

        buffer = bytes("added");
        s.addLink(link(1, 1, 2, Visibility.VISIBLE, buffer, 1, 10));
        Arrays.fill(buffer, (byte) '!');
        assertEquals(List.of(link(1, 1, 2, Visibility.VISIBLE, bytes("added"), 1, 10)),
                s.multigetLinks(1, 1, new long[] {2}));

        buffer = bytes("updated");
        s.updateLink(link(1, 1, 1, Visibility.VISIBLE, buffer, 2, 20));
        Arrays.fill(buffer, (byte) '!');
        assertEquals(List.of(link(1, 1, 1, Visibility.VISIBLE, bytes("updated"), 2, 20),
                link(1, 1, 2, Visibility.VISIBLE, bytes("added"), 1, 10)), allVisible(s, 1, 1));
    }
}
