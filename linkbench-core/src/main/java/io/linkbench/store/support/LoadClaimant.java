package io.linkbench.store.support;

import io.linkbench.store.StoreException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The load that claims a store's tables: its host, process id and start. A store that refuses a second
 * load into tables that a load holds ({@link io.linkbench.store.GraphStore#prepareForLoad}) records the
 * holder's {@link #toText() text} beside its claim, so that the refused load names it in its one line
 * ({@link #refusal}).
 *
 * <pre>{@code
 * LoadClaimant me = LoadClaimant.current();
 * if (!tryLock()) {
 *     throw LoadClaimant.refusal("mysql table lb.linktable", readNote(), "its claim ends with its connection");
 * }
 * writeNote(me.toText());
 * }</pre>
 *
 * @param host  this machine's name
 * @param pid   this process's id
 * @param since when the claim was taken, to the second
 */
public record LoadClaimant(String host, long pid, Instant since) {

    /** This process, now. */
    public static LoadClaimant current() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "unknown-host";
        }
        return new LoadClaimant(host.replace(' ', '_'), ProcessHandle.current().pid(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS));
    }

    /** {@code host=H pid=P since=T}: at most 320 characters, what a store records. */
    public String toText() {
        String h = host.length() > 255 ? host.substring(0, 255) : host;
        return "host=" + h + " pid=" + pid + " since=" + since;
    }

    /** "pid 1234 on host db7, started 2026-11-29T11:36:45Z" from a {@link #toText()} text (other text as it is). */
    public static String describe(String text) {
        Map<String, String> f = new LinkedHashMap<>();
        for (String field : text.trim().split(" +")) {
            int eq = field.indexOf('=');
            if (eq > 0) {
                f.put(field.substring(0, eq), field.substring(eq + 1));
            }
        }
        if (!f.containsKey("host") || !f.containsKey("pid") || !f.containsKey("since")) {
            return text.trim();
        }
        return "pid " + f.get("pid") + " on host " + f.get("host") + ", started " + f.get("since");
    }

    /**
     * The refusal of a second load: one line naming the tables, the load that holds them (when its text was
     * found) and what to do.
     *
     * @param tables what is claimed, e.g. {@code mysql tables linkbench.nodetable, ... on localhost:3306}
     * @param holder the holder's {@link #toText()} text, empty when it was not (yet) recorded
     * @param ends   how the claim ends when its load dies, e.g. {@code its claim ends with its connection}
     */
    public static StoreException refusal(String tables, Optional<String> holder, String ends) {
        return StoreException.refusal("another load is loading " + tables + ": "
                + holder.map(LoadClaimant::describe).orElse("it has not recorded its host and pid yet")
                + "; two loads at once each measure a share of the server: wait for it to end, or stop it, then load"
                + " again (" + ends + ")");
    }

    /** A stable 64-bit key for {@code name} (an advisory lock's): the first 8 bytes of its SHA-256. */
    public static long key(String name) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(name.getBytes(StandardCharsets.UTF_8));
            long k = 0;
            for (int i = 0; i < 8; i++) {
                k = (k << 8) | (d[i] & 0xff);
            }
            return k;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
