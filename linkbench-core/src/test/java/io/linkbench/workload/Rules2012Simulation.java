package io.linkbench.workload;

import io.linkbench.run.CoreSettings;
import io.linkbench.config.Settings;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;

/**
 * An independent prediction of what a run with {@code workload_rules = 2012} measures: the 2012 code's
 * rules (as issue text and workload.md state them) simulated on the same degree sequence, with a
 * state of its own per (id1, type) group, its own Zipf sampler, popularity shuffle and operation
 * choice. Only the loaded degree of each id and the ids ordered by degree come from {@link GraphShape}.
 * Run it with the configuration files of the run and the number of link operations:
 * {@code Rules2012Simulation config/memory.properties config/workload-2011.properties 3000000}.
 */
final class Rules2012Simulation {
    private static final int TYPES = 2;
    private static final byte VISIBLE = 1;
    private static final byte HIDDEN = 2;

    /** The changes of one group relative to its loaded links (offsets 0 .. nlinks - 1, all visible). */
    private static final class Group {
        final long nlinks;
        final Map<Long, Byte> changed = new HashMap<>();
        long visible;

        Group(long nlinks) {
            this.nlinks = nlinks;
            this.visible = nlinks;
        }

        byte state(long offset) {
            Byte b = changed.get(offset);
            return b != null ? b : offset < nlinks ? VISIBLE : 0;
        }

        /** Sets a link's state; hiding a link that does not exist changes nothing. True when it existed. */
        boolean set(long offset, byte to) {
            byte was = state(offset);
            if (was == 0 && to == HIDDEN) {
                return false;
            }
            changed.put(offset, to);
            visible += (to == VISIBLE ? 1 : 0) - (was == VISIBLE ? 1 : 0);
            return was != 0;
        }
    }

    /** Zipf over ranks 0 .. n-1 with P(k) proportional to (k + 1)^-shape, by its cumulative table. */
    private static final class Zipf {
        final double[] cdf;

        Zipf(int n, double shape) {
            cdf = new double[n];
            double sum = 0;
            for (int k = 0; k < n; k++) {
                sum += Math.pow(k + 1, -shape);
                cdf[k] = sum;
            }
            for (int k = 0; k < n; k++) {
                cdf[k] /= sum;
            }
        }

        int sample(SplittableRandom r) {
            double u = r.nextDouble();
            int lo = 0;
            int hi = cdf.length - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (cdf[mid] < u) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < args.length - 1; i++) {
            Properties p = new Properties();
            try (Reader in = Files.newBufferedReader(Path.of(args[i]))) {
                p.load(in);
            }
            p.forEach((k, v) -> m.put(k.toString(), v.toString().trim()));
        }
        long linkOps = Long.parseLong(args[args.length - 1]);
        Settings s = Settings.withDefaults(m, CoreSettings.all());
        WorkloadConfig c = WorkloadConfig.from(s);
        System.out.println("with the run's own hot ids (the popularity permutation of its seed):");
        System.out.print(simulate(c, s, linkOps, 99, true));
        for (long seed = 1; seed <= 3; seed++) {
            System.out.println("with hot ids shuffled anew (seed " + seed + "):");
            System.out.print(simulate(c, s, linkOps, seed, false));
        }
    }

    /**
     * @param runsHotIds take the hot ids of the run (its popularity permutation) rather than a shuffle of
     *                   our own: a handful of ids take a large share of a Zipf's picks, so which ids they
     *                   are moves every figure by a few points
     */
    static String simulate(WorkloadConfig c, Settings s, long linkOps, long seed, boolean runsHotIds) {
        int n = (int) c.nodeCount();
        GraphShape shape = new GraphShape(c, s.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE));
        long[] degree = new long[n];
        int[] byDegree = new int[n]; // index of degree rank h
        for (int i = 0; i < n; i++) {
            degree[i] = shape.degree(c.startId1() + i);
            byDegree[i] = (int) (shape.idOfDegreeRank(i) - c.startId1());
        }
        SplittableRandom r = new SplittableRandom(seed);
        int[] popular = new int[n];
        for (int i = 0; i < n; i++) {
            popular[i] = i;
        }
        if (runsHotIds) {
            io.linkbench.workload.dist.IdPermutation hot = new io.linkbench.workload.dist.IdPermutation(n,
                    Seeds.derive(s.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE), Seeds.Stream.POPULARITY, 0));
            for (int i = 0; i < n; i++) {
                popular[i] = (int) hot.apply(i);
            }
        } else {
            for (int i = n - 1; i > 0; i--) { // Fisher-Yates
                int j = r.nextInt(i + 1);
                int t = popular[i];
                popular[i] = popular[j];
                popular[j] = t;
            }
        }
        Zipf uncorr = new Zipf(n, s.getDouble("read_uncorr_shape", 0, 20));
        Zipf readCorr = new Zipf(n, s.getDouble("read_shape", 0, 20));
        Zipf writeCorr = new Zipf(n, s.getDouble("write_shape", 0, 20));
        double corr = 1 - s.getDouble("read_uncorr_blend", 0, 100) / 100;
        String[] ops = {"addlink", "deletelink", "updatelink", "countlink", "getlink", "getlinklist"};
        double[] cum = new double[ops.length];
        double total = 0;
        for (int i = 0; i < ops.length; i++) {
            total += s.getDouble(ops[i], 0, 100);
            cum[i] = total;
        }
        double pAdd = s.getDouble("addlink_existing_pct", 0, 100) / 100;
        double pLink = s.getDouble("link_existing_pct", 0, 100) / 100;
        double pMultiget = s.getDouble("link_multiget_existing_pct", 0, 100) / 100;
        int mgMin = s.getInt("link_multiget_dist_min", 0, 1 << 20);
        int mgMax = s.getInt("link_multiget_dist_max", 0, 1 << 20);
        double logQ = Math.log1p(-s.getDouble("link_multiget_dist_prob", 0, 1));
        int limit = s.getInt("getlinklist_limit", 0, Integer.MAX_VALUE);

        Map<Long, Group> groups = new HashMap<>();
        long[] calls = new long[ops.length];
        long[] found = new long[ops.length];
        long mgAsked = 0;
        long listRows = 0;
        for (long op = 0; op < linkOps; op++) {
            double u = r.nextDouble() * total;
            int o = 0;
            while (u >= cum[o] && o < ops.length - 1) {
                o++;
            }
            boolean write = o < 3;
            int id;
            if (r.nextDouble() < corr) {
                id = byDegree[(write ? writeCorr : readCorr).sample(r)];
            } else {
                id = popular[uncorr.sample(r)];
            }
            int t = r.nextInt(TYPES);
            long d = degree[id];
            long nlinks = d / TYPES + (t < d - d / TYPES ? 1 : 0);
            long key = (long) id * TYPES + t;
            Group g = groups.get(key);
            calls[o]++;
            switch (ops[o]) {
                case "addlink", "updatelink", "deletelink" -> {
                    double p = ops[o].equals("addlink") ? pAdd : pLink;
                    long range = Math.max(1, (long) Math.ceil(nlinks / p));
                    long off = (long) (r.nextDouble() * range);
                    if (g == null) {
                        g = new Group(nlinks);
                        groups.put(key, g);
                    }
                    found[o] += g.set(off, ops[o].equals("deletelink") ? HIDDEN : VISIBLE) ? 1 : 0;
                }
                case "getlink" -> {
                    double steps = Math.ceil(Math.log1p(-r.nextDouble()) / logQ);
                    int size = (int) Math.max(mgMin, Math.min(mgMin + (long) Math.max(1, steps), mgMax - 1L));
                    long range = Math.max(1, (long) Math.ceil(nlinks / pMultiget));
                    java.util.Set<Long> asked = new java.util.HashSet<>();
                    for (int i = 0; i < size; i++) {
                        long off = range <= size ? i : (long) (r.nextDouble() * range);
                        for (int k = 0; k < 100 && range > size && asked.contains(off); k++) {
                            off = (long) (r.nextDouble() * range);
                        }
                        asked.add(off);
                    }
                    mgAsked += size;
                    for (long off : asked) {
                        found[o] += (g == null ? (off < nlinks ? VISIBLE : 0) : g.state(off)) != 0 ? 1 : 0;
                    }
                }
                case "getlinklist" -> listRows += Math.min(limit, g == null ? nlinks : g.visible);
                default -> { }
            }
        }
        long longest = 0;
        long[] classes = new long[6];
        for (int id = 0; id < n; id++) {
            long d = degree[id];
            long links = 0;
            for (int t = 0; t < TYPES; t++) {
                long nl = d / TYPES + (t < d - d / TYPES ? 1 : 0);
                Group g = groups.get((long) id * TYPES + t);
                longest = Math.max(longest, g == null ? nl : g.visible);
                links += nl;
            }
            classes[links == 0 ? 0 : links == 1 ? 1 : links == 2 ? 2 : links <= 10 ? 3 : links <= 100 ? 4 : 5]++;
        }
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "simulated %,d link operations on %,d ids%n", linkOps, n));
        out.append(String.format(Locale.ROOT, "UPDATE_LINK found %.1f%% (update), ADD_LINK found %.1f%%, DELETE_LINK found %.1f%%%n",
                100.0 * found[2] / calls[2], 100.0 * found[0] / calls[0], 100.0 * found[1] / calls[1]));
        out.append(String.format(Locale.ROOT, "MULTIGET_LINK %.2f ids asked per call, %.1f%% found%n",
                (double) mgAsked / calls[4], 100.0 * found[4] / mgAsked));
        out.append(String.format(Locale.ROOT, "GET_LINKS_LIST %.2f rows per call; longest list at the end %,d%n",
                (double) listRows / calls[5], longest));
        out.append(String.format(Locale.ROOT, "loaded id1s with 0 / 1 / 2 / 3-10 / 11-100 / >100 links (all types):"
                + " %.2f / %.2f / %.2f / %.2f / %.2f / %.3f %%%n", 100.0 * classes[0] / n, 100.0 * classes[1] / n,
                100.0 * classes[2] / n, 100.0 * classes[3] / n, 100.0 * classes[4] / n, 100.0 * classes[5] / n));
        return out.toString();
    }
}
