package io.linkbench.workload.tao;

import io.linkbench.config.ConfigException;
import java.util.List;
import java.util.Optional;

/**
 * One line of a TAOBench distribution file as read: its name, its optional values (strings or numbers,
 * kept as text) and its weights, with where it came from so later checks can name the file and line.
 *
 * @param source  the file name used in messages
 * @param line    the line number, from 1
 * @param name    the distribution's name
 * @param values  the values, when the line has them
 * @param weights the weights, as the file gives them
 */
public record DistributionLine(String source, int line, String name, Optional<List<String>> values, double[] weights) {
    public DistributionLine {
        values = values.map(List::copyOf);
        weights = weights.clone();
    }

    /** A one-line configuration error naming the file, the line, the distribution and {@code field}. */
    public ConfigException error(String field, String problem) {
        return new ConfigException(source + ":" + line + ": " + name + ": field '" + field + "' " + problem);
    }

    /** The weights as a distribution; a bad weight is an error naming this line. */
    public Weights toWeights() {
        try {
            return new Weights(weights);
        } catch (IllegalArgumentException e) {
            throw error("weights", e.getMessage());
        }
    }

    /** The values, which this distribution must have. */
    public List<String> requireValues() {
        return values.orElseThrow(() -> error("values", "is missing: this distribution lists its values"));
    }
}
