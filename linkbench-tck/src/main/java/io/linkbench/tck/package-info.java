/**
 * The store conformance kit's contracts: what a store author runs. A store's test extends
 * {@link io.linkbench.tck.GraphStoreContract}, implements {@code openFreshStore()} (and
 * {@code provider()}), and gets every contract group below as a nested class; implementing
 * {@link io.linkbench.tck.FaultInjection} adds the fault contracts.
 *
 * <ul>
 *   <li>the groups: {@code NodeContract}, {@code LinkWriteContract}, {@code LinkListContract},
 *       {@code MultigetContract}, {@code CountInvariantContract}, {@code PayloadContract},
 *       {@code BulkLoadContract}, {@code SchemaContract}, {@code LoadStateContract},
 *       {@code ConcurrencyContract}, {@code ProviderContract}, {@code BatchRetryContract},
 *       {@code SessionAfterErrorContract}, {@code TransactionContract}, each extending
 *       {@link io.linkbench.tck.TckSupport};</li>
 *   <li>the hook a store's test implements: {@link io.linkbench.tck.FaultInjection};</li>
 *   <li>package-private helpers of the contracts themselves (a model of the links, parallel
 *       writers with a deadline, a second session's work on a thread of its own, retries of
 *       conflicts).</li>
 * </ul>
 *
 * <p>Tools for a store's own integration tests (running phases, waiting on conditions, faults,
 * killed loads, full disks, cost checks) are in {@link io.linkbench.tck.harness}: nothing here
 * depends on them.
 */
package io.linkbench.tck;
