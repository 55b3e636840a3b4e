package io.linkbench.measure;

import java.util.Map;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * What was measured for one kind of operation over a phase's measured window (warm-up excluded).
 *
 * @param name         the operation (e.g. {@code GET_NODE}) or load step (e.g. {@code LOAD_LINKS})
 * @param service      service time in ns: from the actual start of the store call to its end,
 *                     successful calls only
 * @param response     response time in ns from the intended start (open loop only), else null
 * @param errors       failed calls (after retries)
 * @param errorsByKind failed calls by {@link io.linkbench.store.StoreException.Kind} name
 * @param retries      retried attempts (deadlocks, lost connections) that preceded a final outcome
 * @param rows         rows written (load steps) or 0
 * @param outcomes     what the successful calls found (request phase); {@link OpOutcomes#NONE} for load
 *                     steps and results written before outcomes were recorded; null means NONE
 */
public record OpStats(String name, Histogram service, Histogram response, long errors,
                      Map<String, Long> errorsByKind, long retries, long rows, OpOutcomes outcomes) {
    public OpStats {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(service, "service");
        errorsByKind = Map.copyOf(errorsByKind);
        outcomes = outcomes == null ? OpOutcomes.NONE : outcomes;
    }

    /** Statistics without outcomes (load steps). */
    public OpStats(String name, Histogram service, Histogram response, long errors, Map<String, Long> errorsByKind,
                   long retries, long rows) {
        this(name, service, response, errors, errorsByKind, retries, rows, OpOutcomes.NONE);
    }

    /** Successful calls. */
    public long count() {
        return service.getTotalCount();
    }
}
