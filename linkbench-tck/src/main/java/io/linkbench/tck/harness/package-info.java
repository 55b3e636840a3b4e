/**
 * The store conformance kit's harness: tools a store's own integration tests use beside the
 * contracts of {@link io.linkbench.tck}. None of them is a contract; a store passes the kit without
 * them.
 *
 * <ul>
 *   <li>{@link io.linkbench.tck.harness.PhaseDriver}: a load or request phase on an opened store,
 *       built as {@code linkbench -l -r} builds it ({@link io.linkbench.run.RunSpec},
 *       {@link io.linkbench.run.PhaseContext});</li>
 *   <li>{@link io.linkbench.tck.harness.CostCheck} and {@link io.linkbench.tck.harness.ProcReadings}:
 *       the cost probe's figures checked against readings of {@code /proc} around a phase;</li>
 *   <li>{@link io.linkbench.tck.harness.Await}: waiting on a condition with a deadline instead of a
 *       fixed sleep;</li>
 *   <li>{@link io.linkbench.tck.harness.FaultSupport}: closed ports, silent servers, a command-line
 *       run with its stderr captured;</li>
 *   <li>{@link io.linkbench.tck.harness.KilledLoad}: a load killed in a child JVM
 *       ({@link io.linkbench.tck.harness.ChildJvm}: its command, its temporary files kept in the test's
 *       directory);</li>
 *   <li>{@link io.linkbench.tck.harness.ServerScripts}: the repository's server scripts and their fault
 *       helpers (a crash kills every process of the server), run with a deadline;</li>
 *   <li>{@link io.linkbench.tck.harness.FullResultsDisk}: a results disk that fills up during a run;</li>
 *   <li>{@link io.linkbench.tck.harness.StoreDirs}: fresh data directories for embedded stores.</li>
 * </ul>
 */
package io.linkbench.tck.harness;
