/**
 * The random distributions of the workload: {@link io.linkbench.workload.dist.IdPermutation} (spreads
 * ranks over the id space), {@link io.linkbench.workload.dist.ZipfRanks} (access skew),
 * {@link io.linkbench.workload.dist.DegreeDistribution} and
 * {@link io.linkbench.workload.dist.ScaledDegrees} (links per id1),
 * {@link io.linkbench.workload.dist.PayloadGenerator} (data sizes and content, set by a
 * {@link io.linkbench.workload.dist.PayloadSpec}) and {@link io.linkbench.workload.dist.GeometricSizes}
 * (MULTIGET sizes).
 *
 * <p>Payload content is MOTIF or REPEAT, bytes uniform in a configured range either way. MOTIF is the
 * original LinkBench's: fixed-length chunks that are, with probability {@code uniqueness}, fresh random
 * bytes, else copies from a 512-byte motif buffer drawn once per generator from a seed, so a single row
 * compresses little and many rows together compress well (as block compression in a database sees
 * them). REPEAT repeats a random run inside each block, so that Deflate compresses even one long row
 * (over the full byte range) to about {@code uniqueness} of its size.
 *
 * <p>All are immutable and thread-safe. Samplers take the caller's
 * {@link java.util.random.RandomGenerator} on every call (one {@link java.util.SplittableRandom} per
 * thread) and allocate nothing per sample, so they can sit on the request path.
 */
package io.linkbench.workload.dist;
