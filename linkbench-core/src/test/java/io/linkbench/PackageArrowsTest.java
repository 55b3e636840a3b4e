package io.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The arrows between core's packages, read from the main sources: every import and every qualified name
 * {@code io.linkbench.x.Type} (comments included, so a Javadoc link counts too). The rules the code keeps,
 * by top package (a subpackage such as {@code store.jdbc}, {@code measure.probe}, {@code report.html} or
 * {@code workload.dist} follows its top package's rule, and may use its top package and its siblings):
 * <ul>
 *   <li>{@code config} and {@code graph} use no other linkbench package: every module reads them. A key is
 *       declared next to its parser ({@code RunConfig.SETTINGS}, {@code WorkloadConfig.SETTINGS}, a store's
 *       provider), never in {@code config}.</li>
 *   <li>{@code workload}: config, graph. It knows nothing of stores, runs or results.</li>
 *   <li>{@code store} (the SPI and the bundled stores): config, graph. Stores never see the workload, the run,
 *       the measurements or the reports.</li>
 *   <li>{@code measure}: config, graph, workload, store: histograms, costs and the result model (an SLO is a
 *       condition on measured latency, so it lives here).</li>
 *   <li>{@code metrics}: what {@code measure} may use, and measure.</li>
 *   <li>{@code run}: config, graph, workload, store, measure: the phases drive a store with a workload and
 *       hand what they measured out as measure types.</li>
 *   <li>{@code report}: config, graph, workload, store, measure, but not run: a report reads results, so it
 *       works on a result.json as well as on a run that just ended.</li>
 *   <li>{@code cli}: anything; nothing uses it.</li>
 * </ul>
 * And no cycle between any two packages, subpackages included (as {@code report} ⇄ {@code report.html}
 * would be). A package the rules do not name fails too: give it a rule here.
 */
class PackageArrowsTest {
    private static final Set<String> BASE = Set.of("config", "graph");
    private static final Set<String> BELOW_MEASURE = Set.of("config", "graph", "workload", "store");
    private static final Set<String> BELOW_RUN = Set.of("config", "graph", "workload", "store", "measure");
    /** The top packages each top package may use, besides its own tree. */
    static final Map<String, Set<String>> ALLOWED = Map.of(
            "config", Set.of(),
            "graph", Set.of(),
            "workload", BASE,
            "store", BASE,
            "measure", BELOW_MEASURE,
            "metrics", BELOW_RUN,
            "run", BELOW_RUN,
            "report", BELOW_RUN,
            "cli", Set.of("config", "graph", "workload", "store", "measure", "metrics", "run", "report"));
    private static final Pattern REFERENCE = Pattern.compile("\\bio\\.linkbench\\.((?:[a-z0-9_]+\\.)*[a-z0-9_]+)\\.[A-Z*]");
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+io\\.linkbench\\.([a-z0-9_.]+);", Pattern.MULTILINE);

    @Test
    void everyCorePackageUsesOnlyWhatItsRuleAllows() {
        Map<String, Set<String>> arrows = arrows(Path.of("src/main/java"));
        assertTrue(arrows.keySet().containsAll(ALLOWED.keySet()), "core packages found: " + arrows.keySet());
        assertEquals(List.of(), forbidden(arrows), "arrows the package rules forbid (PackageArrowsTest's Javadoc)");
    }

    @Test
    void noCorePackagesFormACycle() {
        assertEquals(List.of(), cycle(arrows(Path.of("src/main/java"))), "a cycle of packages");
    }

    @Test
    void aForbiddenArrowAQualifiedNameAndACycleAreCaught(@TempDir Path dir) throws IOException {
        write(dir, "config", "A", "import io.linkbench.workload.Op;\nclass A {}\n");
        write(dir, "report.html", "B", "class B { Object s = new io.linkbench.run.Slo(); }\n");
        write(dir, "report", "C", "import io.linkbench.report.html.*;\nimport io.linkbench.measure.PhaseResult;\nclass C {}\n");
        write(dir, "report.html", "D", "import io.linkbench.report.C;\nclass D {}\n");
        write(dir, "store", "E", "import io.linkbench.graph.Node;\nimport io.linkbench.config.Setting;\nclass E {}\n");
        write(dir, "fresh", "F", "class F {}\n");
        Map<String, Set<String>> arrows = arrows(dir);
        assertEquals(List.of("config -> workload", "fresh: a package without a rule", "report.html -> run"), forbidden(arrows));
        List<String> cycle = cycle(arrows);
        assertTrue(cycle.equals(List.of("report", "report.html", "report")) || cycle.equals(List.of("report.html", "report", "report.html")),
                cycle.toString());
    }

    private static void write(Path root, String pkg, String type, String body) throws IOException {
        Path dir = root.resolve("io/linkbench/" + pkg.replace('.', '/'));
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(type + ".java"), "package io.linkbench." + pkg + ";\n" + body);
    }

    /** Package (relative to io.linkbench) to the packages its sources name, itself left out. */
    static Map<String, Set<String>> arrows(Path sourceRoot) {
        Map<String, Set<String>> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(sourceRoot)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                String text;
                try {
                    text = Files.readString(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                Matcher pkg = PACKAGE.matcher(text);
                if (!pkg.find()) {
                    return;
                }
                Set<String> used = out.computeIfAbsent(pkg.group(1), k -> new TreeSet<>());
                Matcher m = REFERENCE.matcher(text);
                while (m.find()) {
                    if (!m.group(1).equals(pkg.group(1))) {
                        used.add(m.group(1));
                    }
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** "from -> to" for every arrow between top packages that {@link #ALLOWED} does not allow, sorted. */
    static List<String> forbidden(Map<String, Set<String>> arrows) {
        Set<String> out = new TreeSet<>();
        arrows.forEach((from, targets) -> {
            Set<String> allowed = ALLOWED.get(top(from));
            if (allowed == null) {
                out.add(from + ": a package without a rule");
                return;
            }
            for (String to : targets) {
                if (!top(to).equals(top(from)) && !allowed.contains(top(to))) {
                    out.add(from + " -> " + to);
                }
            }
        });
        return new ArrayList<>(out);
    }

    private static String top(String pkg) {
        int dot = pkg.indexOf('.');
        return dot < 0 ? pkg : pkg.substring(0, dot);
    }

    /** One cycle of packages, first package repeated at the end, or empty when there is none. */
    static List<String> cycle(Map<String, Set<String>> arrows) {
        Set<String> done = new HashSet<>();
        for (String start : arrows.keySet()) {
            List<String> found = cycleFrom(start, arrows, done, new ArrayDeque<>());
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }

    /** Depth first from {@code pkg}; {@code path} holds the packages on the way, {@code done} those fully searched. */
    private static List<String> cycleFrom(String pkg, Map<String, Set<String>> arrows, Set<String> done, Deque<String> path) {
        if (done.contains(pkg)) {
            return List.of();
        }
        if (path.contains(pkg)) {
            List<String> onPath = new ArrayList<>(path);
            List<String> loop = new ArrayList<>(onPath.subList(onPath.indexOf(pkg), onPath.size()));
            loop.add(pkg);
            return loop;
        }
        path.addLast(pkg);
        for (String next : arrows.getOrDefault(pkg, Set.of())) {
            List<String> found = cycleFrom(next, arrows, done, path);
            if (!found.isEmpty()) {
                return found;
            }
        }
        path.removeLast();
        done.add(pkg);
        return List.of();
    }
}
