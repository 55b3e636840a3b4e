import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What one blocking round trip costs a client in CPU on this machine, whatever the client does:
 * {@code server PATH WORK_NS} answers every byte it reads on a Unix socket after WORK_NS of busy work
 * (a stand-in for the database's work per request); {@code client PATH COUNT} sends one byte, waits for
 * the answer in a blocking read, COUNT times, and prints its own thread's CPU time and the wall time
 * per round trip. Run by scripts/bench-roundtrip.sh.
 */
public final class RoundTripFloor {
    public static void main(String[] args) throws IOException {
        Path path = Path.of(args[1]);
        if (args[0].equals("server")) {
            serve(path, Long.parseLong(args[2]));
        } else {
            measure(path, Integer.parseInt(args[2]));
        }
    }

    private static void serve(Path path, long workNanos) throws IOException {
        Files.deleteIfExists(path);
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(path));
            try (SocketChannel c = server.accept()) {
                ByteBuffer b = ByteBuffer.allocateDirect(64);
                while (true) {
                    b.clear();
                    if (c.read(b) < 0) {
                        return;
                    }
                    long start = System.nanoTime();
                    while (System.nanoTime() - start < workNanos) {
                        Thread.onSpinWait();
                    }
                    b.flip();
                    c.write(b);
                }
            }
        } finally {
            Files.deleteIfExists(path);
        }
    }

    private static void measure(Path path, int count) throws IOException {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            c.connect(UnixDomainSocketAddress.of(path));
            ByteBuffer b = ByteBuffer.allocateDirect(64);
            for (int round = 0; round < 3; round++) { // the first round warms up; the last is printed
                long cpu0 = mx.getCurrentThreadCpuTime();
                long wall0 = System.nanoTime();
                for (int i = 0; i < count; i++) {
                    b.clear().put((byte) 1).flip();
                    c.write(b);
                    b.clear();
                    c.read(b);
                }
                if (round == 2) {
                    System.out.printf("java client: %.1f us CPU, %.1f us wall per round trip%n",
                            (mx.getCurrentThreadCpuTime() - cpu0) / 1e3 / count, (System.nanoTime() - wall0) / 1e3 / count);
                }
            }
        }
    }
}
