package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Inet4Address;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** /proc/net/tcp and tcp6 as the kernel writes them (lines copied in form from a little-endian host). */
class TcpSocketsTest {
    private static final String TCP = String.join("\n",
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
            "   0: 0100007F:2814 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 26034 1"
                    + " 000000004d7037ce 100 0 0 10 0",
            "   1: 0100007F:EA26 0100007F:155E 01 00000000:00000000 02:000A7C5A 00000000     0        0 66110 2"
                    + " 00000000c3f0e2a1 20 4 30 10 -1",
            "   2: 00000000:07E8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 624 1"
                    + " 00000000a9341262 100 0 0 10 0",
            "   3: 0A00020F:0016 0102A8C0:D431 06 00000000:00000000 03:00000F93 00000000     0        0 0 3"
                    + " 0000000000000000",
            "   4: garbage line",
            "");
    private static final String TCP6 = String.join("\n",
            "  sl  local_address                         remote_address                        st tx_queue rx_queue tr"
                    + " tm->when retrnsmt   uid  timeout inode",
            "   0: 0000000000000000FFFF00000100007F:B459 00000000000000000000000000000000:0000 0A 00000000:00000000"
                    + " 00:00000000 00000000     0        0 39517 1 0000000083745c4b 100 0 0 10 0",
            "   1: 0000000000000000FFFF00000100007F:B37E 0000000000000000FFFF00000100007F:2814 01 00000000:00000000"
                    + " 00:00000000 00000000     0        0 51341 1 00000000baeeb0e1 21 4 1 18 -1",
            "   2: 00000000000000000000000001000000:1542 00000000000000000000000000000000:0000 0A 00000000:00000000"
                    + " 00:00000000 00000000   101        0 26005 1 00000000bf3367c8 100 0 0 10 0");

    @Test
    void ipv4LinesGiveBothEndsTheStateAndTheInode() {
        List<TcpSockets.Socket> s = TcpSockets.parse(TCP, ByteOrder.LITTLE_ENDIAN);
        assertEquals(4, s.size(), "the header and the garbage line are left out: " + s);
        assertEquals("127.0.0.1:10260", s.get(0).local().toString());
        assertTrue(s.get(0).isListening());
        assertEquals(26034, s.get(0).inode());
        assertEquals("127.0.0.1:59942", s.get(1).local().toString());
        assertEquals("127.0.0.1:5470", s.get(1).remote().toString());
        assertTrue(s.get(1).isEstablished() && !s.get(1).isListening());
        assertEquals(66110, s.get(1).inode());
        assertTrue(s.get(2).local().address().isAnyLocalAddress(), "0.0.0.0:2024, a wildcard listener");
        assertEquals(2024, s.get(2).local().port());
        assertEquals("15.2.0.10:22", s.get(3).local().toString());
        assertEquals("192.168.2.1:54321", s.get(3).remote().toString());
        assertFalse(s.get(3).isEstablished() || s.get(3).isListening(), "TIME_WAIT (06) is neither");
    }

    @Test
    void ipv6LinesGiveMappedAddressesAsIpv4() {
        List<TcpSockets.Socket> s = TcpSockets.parse(TCP6, ByteOrder.LITTLE_ENDIAN);
        assertEquals(3, s.size());
        assertTrue(s.get(0).local().address() instanceof Inet4Address, "::ffff:127.0.0.1 is 127.0.0.1");
        assertEquals("127.0.0.1:46169", s.get(0).local().toString());
        assertEquals("127.0.0.1:10260", s.get(1).remote().toString(), "a Java client's dual-stack socket");
        assertEquals(51341, s.get(1).inode());
        assertEquals("[0:0:0:0:0:0:0:1]:5442", s.get(2).local().toString());
        assertTrue(s.get(2).local().address().isLoopbackAddress());
    }

    @Test
    void theWordsAreReadInTheHostsByteOrder() throws Exception {
        assertEquals("127.0.0.1:10260", TcpSockets.endpoint("0100007F:2814", ByteOrder.LITTLE_ENDIAN).toString());
        assertEquals("127.0.0.1:10260", TcpSockets.endpoint("7F000001:2814", ByteOrder.BIG_ENDIAN).toString());
        assertEquals("[0:0:0:0:0:0:0:1]:5442", TcpSockets.endpoint("00000000000000000000000000000001:1542",
                ByteOrder.BIG_ENDIAN).toString());
    }
}
