package io.linkbench.report.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.config.BoundedFile;
import io.linkbench.config.ConfigException;
import io.linkbench.report.ResultFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code compare} reads about a run besides its measurements, each optional (older results lack them):
 * the run's {@code tag} and {@code notes}, the server's configuration from the file {@code result.json} names in
 * {@code server_config_file} (lines {@code name = value}), and the {@code host_facts} and {@code jvm} objects.
 *
 * @param tag          the run's tag, or "" when it has none
 * @param notes        the run's notes, or ""
 * @param serverConfig server variables by name, sorted; empty when not recorded
 * @param hostFacts    the host's facts by name; empty when not recorded
 * @param jvm          the JVM's facts by name; empty when not recorded
 * @param logicalBytes per phase, in order, the key and payload bytes a load wrote ({@code logical_bytes}); -1 when
 *                     not recorded
 */
public record RunFacts(String tag, String notes, Map<String, String> serverConfig, Map<String, String> hostFacts,
                       Map<String, String> jvm, List<Long> logicalBytes) {
    /** Nothing recorded. */
    public static final RunFacts NONE = new RunFacts("", "", Map.of(), Map.of(), Map.of(), List.of());
    /** The largest server configuration file read (a server's variables: a few hundred KiB at most). */
    static final long SERVER_CONFIG_MAX = 16 * BoundedFile.MIB;

    public RunFacts {
        serverConfig = Collections.unmodifiableMap(new TreeMap<>(serverConfig));
        hostFacts = Collections.unmodifiableMap(new LinkedHashMap<>(hostFacts));
        jvm = Collections.unmodifiableMap(new LinkedHashMap<>(jvm));
        logicalBytes = List.copyOf(logicalBytes);
    }

    /** The logical bytes of phase {@code index}, or -1 when not recorded. */
    public long logicalBytes(int index) {
        return index >= 0 && index < logicalBytes.size() ? logicalBytes.get(index) : -1;
    }

    /** Reads the facts of the run in {@code dir} from its {@code result.json}; what is absent or unreadable is empty. */
    static RunFacts read(Path dir, Path resultJson) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(BoundedFile.bytes(resultJson, resultJson.toString(), ResultFiles.RESULT_JSON_MAX,
                    "a result.json written by linkbench"));
        } catch (IOException | ConfigException e) {
            return NONE; // the measurements' reader reports a broken file
        }
        if (root == null || !root.isObject()) {
            return NONE;
        }
        Map<String, String> server = Map.of();
        JsonNode file = root.get("server_config_file");
        if (file != null && file.isTextual() && !file.asText().isEmpty()) {
            server = serverConfig(dir.resolve(file.asText()));
        }
        List<Long> logical = new ArrayList<>();
        JsonNode phases = root.get("phases");
        if (phases != null && phases.isArray()) {
            phases.forEach(p -> logical.add(p.path("logical_bytes").canConvertToLong() ? p.path("logical_bytes").asLong() : -1));
        }
        return new RunFacts(text(root, "tag"), text(root, "notes"), server, flat(root.get("host_facts")),
                flat(root.get("jvm")), logical);
    }

    /** Lines {@code name = value}; other lines (comments, blank) are skipped; empty when the file is unreadable. */
    static Map<String, String> serverConfig(Path file) {
        Map<String, String> m = new TreeMap<>();
        try {
            for (String line : (Iterable<String>) BoundedFile.text(file, file.toString(), SERVER_CONFIG_MAX,
                    "a server-config.txt written by linkbench").lines()::iterator) {
                int eq = line.indexOf(" = ");
                if (eq > 0 && !line.startsWith("#")) {
                    m.put(line.substring(0, eq).strip(), line.substring(eq + 3).strip());
                }
            }
        } catch (ConfigException e) {
            return Map.of();
        }
        return m;
    }

    private static String text(JsonNode root, String name) {
        JsonNode v = root.get(name);
        return v == null || v.isNull() ? "" : v.isTextual() ? v.asText() : v.toString();
    }

    /** An object's fields as text (nested values as JSON, arrays joined by spaces); empty when not an object. */
    private static Map<String, String> flat(JsonNode o) {
        Map<String, String> m = new LinkedHashMap<>();
        if (o == null || !o.isObject()) {
            return m;
        }
        o.properties().forEach(e -> {
            JsonNode v = e.getValue();
            if (v.isArray()) {
                StringBuilder b = new StringBuilder();
                v.forEach(x -> b.append(b.isEmpty() ? "" : " ").append(x.isTextual() ? x.asText() : x.toString()));
                m.put(e.getKey(), b.toString());
            } else {
                m.put(e.getKey(), v.isTextual() ? v.asText() : v.toString());
            }
        });
        return m;
    }
}
