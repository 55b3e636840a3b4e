/**
 * The host and process probe of the cost report: readings of the kernel's counter files
 * ({@code /proc/diskstats}, {@code /proc/stat}, {@code /proc/<pid>/stat|status|io}) and the cost
 * figures computed from two readings.
 *
 * <p>Use: {@link io.linkbench.measure.probe.ProbeTargets#local} chooses what to watch,
 * {@link io.linkbench.measure.probe.HostProbe#snapshot()} takes a reading,
 * {@link io.linkbench.measure.probe.CostFigures#of} turns two readings and an operation count into
 * per-operation figures, and {@link io.linkbench.measure.probe.ProbeDelta#rates()} into per-second
 * rates. A figure that cannot be measured is NaN (or an empty optional) and comes with a one-line
 * reason, never a silent 0. {@code src/site/markdown/metrics.md} gives every formula.
 */
package io.linkbench.measure.probe;
