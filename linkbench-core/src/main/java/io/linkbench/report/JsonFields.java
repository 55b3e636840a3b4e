package io.linkbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Typed, checked reads of the fields of a JSON object, for {@link ResultJsonReader}: a field of the
 * wrong type or out of range is an {@link IOException} whose message names the field's path and what
 * it must be ({@code phases[1].seconds: expected a number >= 0, found -3}), never a silent 0.
 */
final class JsonFields {
    private static final int SHOWN = 40;

    private JsonFields() {
    }

    /** A field that must be there. */
    static JsonNode required(JsonNode parent, String name, String at) throws IOException {
        JsonNode v = parent.get(name);
        if (v == null) {
            throw new IOException("missing field " + at + name);
        }
        return v;
    }

    /** An object field. */
    static JsonNode object(JsonNode parent, String name, String at) throws IOException {
        JsonNode v = required(parent, name, at);
        return check(v.isObject(), v, at + name, "an object");
    }

    /** An object field that may be missing or null (a field added to the layout later): null then. */
    static JsonNode optionalObject(JsonNode parent, String name, String at) throws IOException {
        JsonNode v = parent.get(name);
        if (v == null || v.isNull()) {
            return null;
        }
        return check(v.isObject(), v, at + name, "an object or null");
    }

    /** An array field; {@code optional}: missing or null reads as an empty array. */
    static Iterable<JsonNode> array(JsonNode parent, String name, String at, boolean optional) throws IOException {
        JsonNode v = parent.get(name);
        if (optional && (v == null || v.isNull())) {
            return java.util.List.of();
        }
        v = required(parent, name, at);
        return check(v.isArray(), v, at + name, "an array");
    }

    /** A string field; JSON null reads as null when {@code nullable}. */
    static String string(JsonNode parent, String name, String at, boolean nullable) throws IOException {
        JsonNode v = required(parent, name, at);
        if (nullable && v.isNull()) {
            return null;
        }
        return check(v.isTextual(), v, at + name, "a string").asText();
    }

    /** A string field that may be missing (added later): {@code fallback} then. */
    static String optionalString(JsonNode parent, String name, String at, String fallback) throws IOException {
        return parent.has(name) ? string(parent, name, at, false) : fallback;
    }

    static boolean bool(JsonNode parent, String name, String at) throws IOException {
        JsonNode v = required(parent, name, at);
        return check(v.isBoolean(), v, at + name, "true or false").asBoolean();
    }

    /** A whole number of at least {@code min}. */
    static long integer(JsonNode parent, String name, String at, long min) throws IOException {
        return integerValue(required(parent, name, at), at + name, min);
    }

    /** As {@link #integer}, for a field added later: {@code fallback} when missing. */
    static long optionalInteger(JsonNode parent, String name, String at, long min, long fallback) throws IOException {
        return parent.has(name) ? integer(parent, name, at, min) : fallback;
    }

    static long integerValue(JsonNode v, String path, long min) throws IOException {
        check(v.isIntegralNumber() && v.canConvertToLong() && v.asLong() >= min, v, path, "a whole number >= " + min);
        return v.asLong();
    }

    /** A finite number of at least {@code min}. */
    static double decimal(JsonNode parent, String name, String at, double min) throws IOException {
        JsonNode v = required(parent, name, at);
        check(v.isNumber() && Double.isFinite(v.asDouble()) && v.asDouble() >= min, v, at + name,
                "a number >= " + (min == Math.rint(min) ? Long.toString((long) min) : Double.toString(min)));
        return v.asDouble();
    }

    /**
     * A figure as the writer writes it: a number, null for "unavailable" (NaN), or the strings "NaN",
     * "Infinity", "-Infinity"; NaN when missing (not recorded).
     */
    static double figure(JsonNode v, String path) throws IOException {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return Double.NaN;
        }
        if (v.isNumber()) {
            return v.asDouble();
        }
        String t = v.isTextual() ? v.asText() : "";
        return switch (t) {
            case "NaN" -> Double.NaN;
            case "Infinity" -> Double.POSITIVE_INFINITY;
            case "-Infinity" -> Double.NEGATIVE_INFINITY;
            default -> throw wrong(v, path, "a number or null");
        };
    }

    /** An object of strings. */
    static Map<String, String> strings(JsonNode parent, String name, String at) throws IOException {
        Map<String, String> m = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object(parent, name, at).properties()) {
            m.put(e.getKey(), check(e.getValue().isTextual(), e.getValue(), at + name + "." + e.getKey(), "a string")
                    .asText());
        }
        return m;
    }

    /** An object of whole numbers >= {@code min}. */
    static Map<String, Long> integers(JsonNode parent, String name, String at, long min) throws IOException {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object(parent, name, at).properties()) {
            m.put(e.getKey(), integerValue(e.getValue(), at + name + "." + e.getKey(), min));
        }
        return m;
    }

    private static JsonNode check(boolean ok, JsonNode v, String path, String expected) throws IOException {
        if (!ok) {
            throw wrong(v, path, expected);
        }
        return v;
    }

    private static IOException wrong(JsonNode v, String path, String expected) {
        String found = v.toString();
        if (found.length() > SHOWN) {
            found = found.substring(0, SHOWN) + "... (" + found.length() + " chars)";
        }
        return new IOException(path + ": expected " + expected + ", found " + found);
    }
}
