/**
 * TAOBench's workloads (Cheng et al., "TAOBench: An End-to-End Benchmark for Social Network Workloads",
 * PVLDB 15(9), 2022) on linkbench's graph: the published distribution files parsed and validated
 * ({@link io.linkbench.workload.tao.DistributionFile}, {@link io.linkbench.workload.tao.TaoWorkload}),
 * and a seeded generator of single reads and writes and of read and write transactions
 * ({@link io.linkbench.workload.tao.TaoRequestGenerator}). Objects are nodes, edges are links.
 */
package io.linkbench.workload.tao;
