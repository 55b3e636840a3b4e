package io.linkbench.workload.tao;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.config.ConfigException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a TAOBench distribution file: JSON lines, each {@code {"name": ..., "values": [...],
 * "weights": [...]}} ({@code values} optional). Every problem is one {@link ConfigException} naming the
 * file, the line and the field: a line that is not a JSON object, a missing or repeated name, an
 * unknown field, weights that are not numbers, values and weights of different lengths.
 */
public final class DistributionFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private DistributionFile() {
    }

    /** The distributions of {@code file} by name, in file order. */
    public static Map<String, DistributionLine> read(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(file.toString(), in);
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read the TAOBench distribution file: " + e.getMessage());
        }
    }

    /** The distributions read from {@code in}; {@code source} names it in messages. */
    public static Map<String, DistributionLine> read(String source, BufferedReader in) {
        Map<String, DistributionLine> byName = new LinkedHashMap<>();
        int number = 0;
        try {
            for (String text; (text = in.readLine()) != null; ) {
                number++;
                if (text.isBlank()) {
                    continue;
                }
                DistributionLine d = parse(source, number, text);
                DistributionLine earlier = byName.putIfAbsent(d.name(), d);
                if (earlier != null) {
                    throw d.error("name", "repeats line " + earlier.line() + ": each distribution appears once");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(source + ": " + e.getMessage(), e);
        }
        if (byName.isEmpty()) {
            throw new ConfigException(source + ": holds no distribution (JSON lines of name, values, weights)");
        }
        return byName;
    }

    private static DistributionLine parse(String source, int number, String text) {
        String where = source + ":" + number + ": ";
        JsonNode node;
        try {
            node = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new ConfigException(where + "not a JSON object: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw new ConfigException(where + "not a JSON object {\"name\": ..., \"weights\": [...]}");
        }
        JsonNode name = node.get("name");
        if (name == null || !name.isTextual() || name.asText().isBlank()) {
            throw new ConfigException(where + "field 'name' is missing or not a string");
        }
        String n = name.asText();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!f.equals("name") && !f.equals("values") && !f.equals("weights")) {
                throw new ConfigException(where + n + ": field '" + f + "' is unknown: allowed are name, values, weights");
            }
        }
        double[] weights = weights(where + n + ": ", node.get("weights"));
        Optional<List<String>> values = Optional.empty();
        JsonNode v = node.get("values");
        if (v != null) {
            if (!v.isArray()) {
                throw new ConfigException(where + n + ": field 'values' is not an array");
            }
            List<String> list = new ArrayList<>(v.size());
            for (JsonNode e : v) {
                if (!e.isValueNode() || e.isNull()) {
                    throw new ConfigException(where + n + ": field 'values' holds " + e + ": values are strings or numbers");
                }
                list.add(e.asText());
            }
            if (list.size() != weights.length) {
                throw new ConfigException(where + n + ": field 'values' has " + list.size() + " entries but 'weights' has "
                        + weights.length + ": one weight per value");
            }
            values = Optional.of(list);
        }
        return new DistributionLine(source, number, n, values, weights);
    }

    private static double[] weights(String where, JsonNode w) {
        if (w == null || !w.isArray() || w.isEmpty()) {
            throw new ConfigException(where + "field 'weights' is missing or not a non-empty array of numbers");
        }
        double[] out = new double[w.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode e = w.get(i);
            if (!e.isNumber()) {
                throw new ConfigException(where + "field 'weights' entry " + (i + 1) + " is " + e + ": weights are numbers");
            }
            out[i] = e.asDouble();
        }
        return out;
    }

}
