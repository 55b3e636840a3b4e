package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.run.Fleet;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The deployment files as far as a unit test reaches: the Dockerfile's stages and base-image arguments,
 * the manifests parse, the environment the Indexed Job gives a pod is read by the command line as that
 * pod's place in the fleet, and the lines {@code scripts/image-check.sh} reads (it builds the image
 * with podman and runs the Jobs' commands in containers; Kubernetes itself cannot run here).
 */
class DeployFilesTest {
    private static final Path ROOT = root();

    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("deploy/kubernetes"))) {
                return p;
            }
        }
        throw new IllegalStateException("deploy/kubernetes not found above " + Path.of("").toAbsolutePath());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String... path) {
        Object cur = o;
        for (String key : path) {
            cur = ((Map<String, Object>) cur).get(key);
        }
        return (Map<String, Object>) cur;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> m, String key) {
        return (List<Map<String, Object>>) m.get(key);
    }

    private static Map<String, Object> load(String file) throws IOException {
        List<Object> docs = new ArrayList<>();
        new Yaml().loadAll(Files.readString(ROOT.resolve("deploy/kubernetes").resolve(file))).forEach(docs::add);
        assertEquals(1, docs.size(), file);
        return map(docs.get(0));
    }

    @Test
    void theDockerfileBuildsWithMavenAndRunsTheJarOnAJre() throws IOException {
        List<String> lines = Files.readAllLines(ROOT.resolve("Dockerfile"));
        List<String> from = lines.stream().filter(l -> l.startsWith("FROM ")).toList();
        assertEquals(List.of("FROM ${BUILD_IMAGE} AS build", "FROM ${RUNTIME_IMAGE}"), from, "two stages on argument bases");
        assertTrue(lines.contains("ARG BUILD_IMAGE=maven:3.9-eclipse-temurin-17"), "the official Maven image by default");
        assertTrue(lines.contains("ARG RUNTIME_IMAGE=eclipse-temurin:17-jre"), "the official JRE image by default");
        String text = Files.readString(ROOT.resolve("Dockerfile"));
        assertTrue(text.contains("COPY --from=build /src/linkbench.jar"), text);
        assertTrue(text.contains("ENTRYPOINT [\"java\", \"-jar\", \"/opt/linkbench/linkbench.jar\"]"), text);
    }

    @Test
    void theIndexedJobsEnvironmentIsEachPodsPlaceInTheFleet() throws IOException {
        Map<String, Object> job = load("fleet-job.yaml");
        assertEquals("Job", job.get("kind"));
        Map<String, Object> spec = map(job, "spec");
        assertEquals("Indexed", spec.get("completionMode"));
        Map<String, Object> container = list(map(spec, "template", "spec"), "containers").get(0);
        Map<String, String> env = new HashMap<>();
        for (Map<String, Object> e : list(container, "env")) {
            String name = (String) e.get("name");
            if (e.containsKey("value")) {
                env.put(name, (String) e.get("value"));
            } else if (name.equals("JOB_COMPLETION_INDEX")) {
                assertEquals("metadata.annotations['batch.kubernetes.io/job-completion-index']",
                        map(e, "valueFrom", "fieldRef").get("fieldPath"));
                env.put(name, "2"); // what the Job controller writes into pod 2's annotation
            } else if (name.equals("LINKBENCH_START_AT")) {
                assertEquals("start_at", map(e, "valueFrom", "configMapKeyRef").get("key"));
                env.put(name, (String) map(load("config.yaml"), "data").get("start_at"));
            }
        }
        assertTrue(env.keySet().containsAll(FleetRun.ENVIRONMENT.keySet()), "every variable the CLI reads: " + env);
        assertEquals(spec.get("completions"), Integer.parseInt(env.get("LINKBENCH_CLIENT_COUNT")), "N = completions");
        assertEquals(spec.get("completions"), spec.get("parallelism"), "the pods run at the same time");
        Fleet fleet = Fleet.from(ConfigLoader.load(List.of(), Map.of("store", "memory"),
                StoreProviders.of(new MemoryStoreProvider()), env).settings());
        assertEquals(3, fleet.count());
        assertEquals(2, fleet.index());
        assertTrue(fleet.startAt().isPresent());
        @SuppressWarnings("unchecked")
        List<String> args = (List<String>) container.get("args");
        assertTrue(String.join(" ", args).contains("--results /results/client-$(JOB_COMPLETION_INDEX)"), args.toString());
    }

    @Test
    void theMergeJobReadsTheFleetsVolume() throws IOException {
        Map<String, Object> merge = load("merge-job.yaml");
        Map<String, Object> podSpec = map(merge, "spec", "template", "spec");
        String command = String.join(" ", listOfStrings(list(podSpec, "containers").get(0).get("args")));
        assertTrue(command.contains(" merge --shared-server --out /results/merged /results/client-*/*/"), command);
        Map<String, Object> fleetPod = map(load("fleet-job.yaml"), "spec", "template", "spec");
        assertEquals(claim(fleetPod), claim(podSpec), "the same results volume");
        assertEquals(claim(fleetPod), map(load("results-pvc.yaml"), "metadata").get("name"));
        String props = (String) map(load("config.yaml"), "data").get("fleet.properties");
        assertTrue(props.contains("store = mysql"), props);
    }

    @Test
    void theLoadJobLoadsWhatTheFleetReads() throws IOException {
        Map<String, Object> loadPod = map(load("load-job.yaml"), "spec", "template", "spec");
        Map<String, Object> fleetPod = map(load("fleet-job.yaml"), "spec", "template", "spec");
        List<String> loadArgs = listOfStrings(list(loadPod, "containers").get(0).get("args"));
        List<String> fleetArgs = listOfStrings(list(fleetPod, "containers").get(0).get("args"));
        assertEquals(fleetArgs.subList(0, 2), loadArgs.subList(0, 2), "one configuration file");
        assertTrue(loadArgs.contains("-l") && !loadArgs.contains("-r"), loadArgs.toString());
        assertEquals(claim(fleetPod), claim(loadPod), "the same results volume");
    }

    @Test
    void theImageCheckReadsEveryJobsCommandFromItsOneLine() throws IOException {
        // scripts/image-check.sh reads a container's args (and command) from one line of flow sequence
        for (String file : List.of("load-job.yaml", "fleet-job.yaml", "merge-job.yaml")) {
            Map<String, Object> container = list(map(load(file), "spec", "template", "spec"), "containers").get(0);
            for (String key : List.of("command", "args")) {
                if (container.containsKey(key)) {
                    String line = Files.readAllLines(ROOT.resolve("deploy/kubernetes").resolve(file)).stream()
                            .filter(l -> l.trim().startsWith(key + ": [")).findFirst().orElseThrow(() ->
                                    new AssertionError(file + ": " + key + " is not on one line as [\"...\", ...]"));
                    assertEquals(container.get(key), new Yaml().load(line.trim().substring(key.length() + 1)), file);
                }
            }
        }
    }

    @Test
    void theReadmesContainerLineIsWhatTheImageCheckRuns() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        String check = Files.readString(ROOT.resolve("scripts/image-check.sh"));
        String args = "-l -r -D maxid1=20001 -D maxtime=5 --results /results";
        assertTrue(readme.contains("podman run --rm --network=host -v \"$PWD/results:/results\" linkbench " + args),
                "README's container line");
        assertTrue(check.contains("-v \"$work/embedded:/results\" \"$image\" \\\n    " + args), "the check's");
        assertTrue(readme.contains("podman build -t linkbench ."), "README's build line");
    }

    private static Object claim(Map<String, Object> podSpec) {
        return list(podSpec, "volumes").stream().filter(v -> v.containsKey("persistentVolumeClaim"))
                .map(v -> map(v, "persistentVolumeClaim").get("claimName")).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static List<String> listOfStrings(Object o) {
        return (List<String>) o;
    }
}
