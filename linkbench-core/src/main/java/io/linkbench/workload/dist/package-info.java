/**
 * The random distributions of the workload: {@link io.linkbench.workload.dist.IdPermutation} (spreads
 * ranks over the id space), {@link io.linkbench.workload.dist.ZipfRanks} (access skew),
 * {@link io.linkbench.workload.dist.DegreeDistribution} and
 * {@link io.linkbench.workload.dist.ScaledDegrees} (links per id1),
 * {@link io.linkbench.workload.dist.PayloadGenerator} (data sizes and compressibility) and
 * {@link io.linkbench.workload.dist.GeometricSizes} (MULTIGET sizes).
 *
 * <p>All are immutable and thread-safe. Samplers take the caller's
 * {@link java.util.random.RandomGenerator} on every call (one {@link java.util.SplittableRandom} per
 * thread) and allocate nothing per sample, so they can sit on the request path.
 */
package io.linkbench.workload.dist;
