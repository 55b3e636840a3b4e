package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the launcher runs: only a {@code -jar} start is relaunched, its own java with the user's options last, and LINKBENCH_JVM is checked. */
class JvmLauncherTest {
    @TempDir
    Path dir;

    @Test
    void onlyAJarLaunchIsRelaunchedAndItsOptionsAreKept() {
        assertEquals(Optional.of(List.of("-Xmx2g", "-Dx=1")),
                JvmLauncher.jarLaunchOptions(new String[] {"-Xmx2g", "-Dx=1", "-jar", "linkbench.jar", "-l"}));
        assertEquals(Optional.of(List.of()), JvmLauncher.jarLaunchOptions(new String[] {"-jar", "linkbench.jar"}));
        assertEquals(Optional.empty(), JvmLauncher.jarLaunchOptions(new String[] {"-cp", "a.jar", "io.linkbench.cli.Main"}));
        assertEquals(Optional.empty(), JvmLauncher.jarLaunchOptions(new String[] {"-Xmx1g", "io.linkbench.cli.Main", "-jar"}));
        assertEquals(Optional.empty(), JvmLauncher.jarLaunchOptions(null));
    }

    @Test
    void plainOrTheChildRunsInThisJvm() {
        assertEquals(Optional.empty(), JvmLauncher.runInChild(new String[] {"-l"}, Map.of(JvmLauncher.ENV, "plain"), System.err));
        // the test JVM was not started with -jar: nothing to relaunch
        assertEquals(Optional.empty(), JvmLauncher.runInChild(new String[] {"-l"}, Map.of(), System.err));
    }

    @Test
    void anUnknownLinkbenchJvmValueIsRefusedInOneLineNamingItAndWhatIsAllowed() {
        for (String bad : List.of("PLAIN", "off", "0", " plain", "plain ")) {
            String message = JvmLauncher.checkMode(bad).orElseThrow();
            assertTrue(message.startsWith("LINKBENCH_JVM='" + bad + "': unknown value; allowed: plain"), message);
            assertEquals(1, message.lines().count());
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            assertEquals(Optional.of(Main.BAD_INPUT), JvmLauncher.runInChild(new String[] {"-l"},
                    Map.of(JvmLauncher.ENV, bad), new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8)));
            assertEquals("linkbench: " + message + "\n", err.toString(java.nio.charset.StandardCharsets.UTF_8));
        }
        assertEquals("LINKBENCH_JVM='a\\nb': unknown value", JvmLauncher.checkMode("a\nb").orElseThrow().substring(0, 35),
                "a control character is shown, not printed");
        for (String good : new String[] {null, "", "plain"}) {
            assertEquals(Optional.empty(), JvmLauncher.checkMode(good));
        }
    }

    @Test
    void theUsersOptionsComeAfterOursAndWin() throws Exception {
        Path jar = Files.writeString(dir.resolve("linkbench.jar"), "jar");
        JvmLauncher launcher = new JvmLauncher(jar, ClassDataCache.at(dir, 0), "17");
        Path archive = dir.resolve("a.jsa");
        List<String> withArchive = launcher.command(List.of("-Xmx1g", "-Xlog:cds"), archive, null, new String[] {"-l", "-r"});
        assertEquals(JvmLauncher.javaCommand(), withArchive.get(0), "this JVM's own java, whatever PATH holds");
        assertTrue(withArchive.indexOf("-XX:SharedArchiveFile=" + archive) > 0);
        assertTrue(withArchive.indexOf("-Xlog:cds") > withArchive.indexOf("-Xlog:cds=off"), "the user's -Xlog:cds wins: " + withArchive);
        assertTrue(withArchive.indexOf("-Xmx1g") > withArchive.indexOf("-XX:SharedArchiveFile=" + archive));
        assertEquals(List.of("-D" + JvmLauncher.CHILD + "=" + ProcessHandle.current().pid(), "-jar", jar.toString(), "-l", "-r"),
                withArchive.subList(withArchive.size() - 5, withArchive.size()), "the child knows its launcher's pid");

        List<String> first = launcher.command(List.of(), null, dir.resolve("c.classes"), new String[] {"-r"});
        assertTrue(first.contains("-XX:DumpLoadedClassList=" + dir.resolve("c.classes")), "the first run lists its classes");
        assertFalse(first.stream().anyMatch(a -> a.contains("SharedArchiveFile")));

        List<String> own = launcher.command(List.of("-Xshare:off", "-XX:TieredStopAtLevel=1"), archive, null, new String[] {});
        assertFalse(own.stream().anyMatch(a -> a.contains("SharedArchiveFile")), "the user's -Xshare wins");
        assertEquals(List.of("-Xshare:off", "-XX:TieredStopAtLevel=1"), own.subList(1, 3), "the user's options, as given");
    }

    @Test
    void optionVariablesReachTheChildOnItsCommandLineInTheOrderTheJvmAppliesThem() {
        assertEquals(List.of("-Xms64m", "-Dname=a b", "-Dq=it's", "-Xmx1g", "-Xmx2g"), JvmLauncher.jvmOptions(
                Map.of("JAVA_TOOL_OPTIONS", "  -Xms64m '-Dname=a b' ", "JDK_JAVA_OPTIONS", "\"-Dq=it's\"\t-Xmx1g"),
                List.of("-Xmx2g")));
        assertEquals(List.of(), JvmLauncher.splitOptions("   "));
        assertEquals(List.of("-Dx=ab c"), JvmLauncher.splitOptions("-Dx=a'b c'"));
        Map<String, String> env = new java.util.HashMap<>(Map.of("JAVA_TOOL_OPTIONS", "-Xms1g", "JDK_JAVA_OPTIONS", "-Xmx1g",
                "HOME", "/h"));
        JvmLauncher.withoutOptionVariables(env);
        assertEquals(Map.of("HOME", "/h"), env, "the child does not pick them up again (nor print so)");
    }

    @Test
    void theBenchmarksMallocGetsTwoArenasUnlessTheUserChose() {
        Map<String, String> env = new java.util.HashMap<>(Map.of("JAVA_TOOL_OPTIONS", "-Xms1g", "HOME", "/h"));
        JvmLauncher.childEnvironment(env);
        assertEquals(Map.of("HOME", "/h", "MALLOC_ARENA_MAX", "2"), env);
        Map<String, String> chosen = new java.util.HashMap<>(Map.of("MALLOC_ARENA_MAX", "8"));
        JvmLauncher.childEnvironment(chosen);
        assertEquals(Map.of("MALLOC_ARENA_MAX", "8"), chosen, "the user's value stays");
    }

    @Test
    void aJvmThatPreTouchesItsHeapRunsTheBenchmarkItself() {
        assertTrue(JvmLauncher.preTouchesHeap(List.of("-Xms2g", "-XX:+AlwaysPreTouch")));
        assertFalse(JvmLauncher.preTouchesHeap(List.of("-XX:+AlwaysPreTouch", "-Xms2g", "-XX:-AlwaysPreTouch")), "the last wins");
        assertFalse(JvmLauncher.preTouchesHeap(List.of("-Xms2g", "-Xmx2g")), "an untouched heap costs the idle launcher little");
    }

    @Test
    void onlyARunWithAPhaseMakesTheArchive() {
        assertTrue(JvmLauncher.runsAPhase(new String[] {"-c", "x.properties", "-l"}));
        assertTrue(JvmLauncher.runsAPhase(new String[] {"-lr"}));
        assertFalse(JvmLauncher.runsAPhase(new String[] {"--list-keys"}));
        assertFalse(JvmLauncher.runsAPhase(new String[] {"verify"}));
    }
}
