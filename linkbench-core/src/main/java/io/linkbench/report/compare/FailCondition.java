package io.linkbench.report.compare;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseResult;
import io.linkbench.report.SummaryRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code compare --fail-if} condition: a figure, {@code <} or {@code >}, and a limit, either a change
 * relative to the baseline in percent ({@code tps < -5%}: fails when tps fell by more than 5%) or an absolute
 * value ({@code gl > 20}: fails when the p99 of GET_LINKS_LIST exceeds 20 ms). The figure is a column of the
 * published tables ({@code tps}, {@code ips}, {@code wKB/t}, {@code un} ...; a name both tables have, such as
 * {@code size}, is the request phase's) or a percentile of one operation, {@code pNN(OP)} (e.g.
 * {@code p99(GET_LINKS_LIST)}, {@code p99.9(ADD_LINK)}, in ms, response time when open loop). With repeats the
 * label's mean is compared with the baseline label's mean.
 *
 * @param text       the condition as given
 * @param column     the published column, or null for a percentile
 * @param percentile the percentile (0..100) when {@code column} is null
 * @param op         the operation of the percentile
 * @param above      true for {@code >}, false for {@code <}
 * @param limit      the limit: percent when {@code relative}, else in the figure's unit
 * @param relative   whether the limit is a change in percent of the baseline
 */
public record FailCondition(String text, String column, double percentile, String op, boolean above, double limit,
                            boolean relative) {
    private static final Pattern SYNTAX = Pattern.compile(
            "\\s*(?:p(\\d+(?:\\.\\d+)?)\\(\\s*([A-Z_]+)\\s*\\)|([A-Za-z][A-Za-z0-9_/]*))\\s*([<>])\\s*([+-]?\\d+(?:\\.\\d+)?)\\s*(%?)\\s*");

    /**
     * Parses a condition.
     *
     * @param operations the operation names a percentile may name (the request phase's and the load's steps)
     * @throws ConfigException (one line naming the condition and what is allowed) when it is not one
     */
    public static FailCondition parse(String text, List<String> operations) {
        Matcher m = SYNTAX.matcher(text);
        String allowed = "expected FIGURE < LIMIT or FIGURE > LIMIT, LIMIT a number or a change like -5% or +10%,"
                + " FIGURE one of " + String.join(" ", columns()) + " or pNN(OPERATION) such as p99(GET_LINKS_LIST)";
        if (!m.matches()) {
            throw new ConfigException("--fail-if '" + text + "': " + allowed);
        }
        boolean above = m.group(4).equals(">");
        double limit = Double.parseDouble(m.group(5));
        boolean relative = !m.group(6).isEmpty();
        if (m.group(3) != null) {
            if (!columns().contains(m.group(3))) {
                throw new ConfigException("--fail-if '" + text + "': no figure " + m.group(3) + "; " + allowed);
            }
            return new FailCondition(text.strip(), m.group(3), Double.NaN, null, above, limit, relative);
        }
        double p = Double.parseDouble(m.group(1));
        if (p <= 0 || p > 100) {
            throw new ConfigException("--fail-if '" + text + "': percentile " + m.group(1) + " must be above 0 and at most 100");
        }
        if (!operations.contains(m.group(2))) {
            throw new ConfigException("--fail-if '" + text + "': no operation " + m.group(2) + "; allowed: "
                    + String.join(" ", operations));
        }
        return new FailCondition(text.strip(), null, p, m.group(2), above, limit, relative);
    }

    /** The figure as the condition names it: its column, or e.g. {@code p99(GET_NODE)}. */
    public String figure() {
        return column != null ? column : "p" + new java.math.BigDecimal(Double.toString(percentile))
                .stripTrailingZeros().toPlainString() + "(" + op + ")";
    }

    /**
     * Why a phase lacks the figure, for the refusal of a condition that cannot be checked: the operation did not
     * run, or the column was not measured.
     */
    public String missing(PhaseResult p) {
        if (column != null) {
            return column + " was not measured";
        }
        OpStats s = p.op(op);
        return s == null ? op + " is not one of its operations" : op + " has no calls";
    }

    /** The published columns a condition may name, request columns first. */
    static List<String> columns() {
        List<String> c = new ArrayList<>(SummaryRow.REQUEST_COLUMNS);
        SummaryRow.LOAD_COLUMNS.stream().filter(x -> !c.contains(x)).forEach(c::add);
        return c;
    }

    /** The phase the figure belongs to. */
    public Phase phase() {
        if (column != null) {
            return SummaryRow.REQUEST_COLUMNS.contains(column) ? Phase.REQUEST : Phase.LOAD;
        }
        return op.startsWith("LOAD_") ? Phase.LOAD : Phase.REQUEST;
    }

    /** The figure of a phase, NaN when it is unavailable (the op did not run, the column was not measured). */
    public double value(PhaseResult p) {
        if (column != null) {
            return SummaryRow.of("", p).get(column);
        }
        OpStats s = p.op(op);
        if (s == null) {
            return Double.NaN;
        }
        var h = s.response() != null ? s.response() : s.service();
        return h == null || h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1e6;
    }

    /**
     * The failure, when {@code value} (of {@code label}) breaks the condition against {@code baseline} (of
     * {@code baseLabel}); empty when it holds or either value is unavailable.
     */
    public Optional<String> check(String label, double value, String baseLabel, double baseline) {
        if (!Double.isFinite(value) || (relative && !(Double.isFinite(baseline) && baseline != 0))) {
            return Optional.empty();
        }
        double measured = relative ? 100 * (value / baseline - 1) : value;
        boolean fails = above ? measured > limit : measured < limit;
        if (!fails) {
            return Optional.empty();
        }
        String figure = figure();
        if (relative) {
            return Optional.of(String.format(Locale.ROOT, "%s: %s %s is %+.1f%% against %s (%s): fails '%s'", label, figure,
                    format(value), measured, baseLabel, format(baseline), text));
        }
        return Optional.of(String.format(Locale.ROOT, "%s: %s %s: fails '%s'", label, figure, format(value), text));
    }

    /** A value as the tables print it: by its column, or as ms with 3 decimals for a percentile. */
    private String format(double v) {
        return io.linkbench.report.Formats.figure(column != null ? column : "gl", v);
    }
}
