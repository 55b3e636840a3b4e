package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the launcher runs: only a {@code -jar} start is relaunched, with the user's options first, and a stale archive is never named. */
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
    void anArchiveOfAnotherBuildOfTheJarIsNeverNamed() throws Exception {
        Path jar = Files.writeString(dir.resolve("linkbench.jar"), "first build");
        JvmLauncher launcher = new JvmLauncher(jar, dir.resolve("cache"), "17.0.15");
        Path first = launcher.archive();
        assertEquals(first, launcher.archive(), "the same jar, the same archive");
        Files.writeString(jar, "second build, longer");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 1000));
        assertNotEquals(first, launcher.archive(), "a rebuilt jar has its own archive");
        assertNotEquals(launcher.archive(), new JvmLauncher(jar, dir.resolve("cache"), "21.0.2").archive(),
                "another JVM has its own archive");
        assertTrue(first.getFileName().toString().startsWith("cds-") && first.getFileName().toString().endsWith(".jsa"));
    }

    @Test
    void theUsersOptionsComeFirstAndWin() throws Exception {
        Path jar = Files.writeString(dir.resolve("linkbench.jar"), "jar");
        JvmLauncher launcher = new JvmLauncher(jar, dir, "17");
        Path archive = dir.resolve("a.jsa");
        List<String> withArchive = launcher.command(List.of("-Xmx1g"), archive, null, new String[] {"-l", "-r"});
        assertEquals("-Xmx1g", withArchive.get(1));
        assertTrue(withArchive.contains("-XX:SharedArchiveFile=" + archive));
        assertEquals(List.of("-D" + JvmLauncher.CHILD + "=1", "-jar", jar.toString(), "-l", "-r"),
                withArchive.subList(withArchive.size() - 5, withArchive.size()));

        List<String> first = launcher.command(List.of(), null, dir.resolve("c.classes"), new String[] {"-r"});
        assertTrue(first.contains("-XX:DumpLoadedClassList=" + dir.resolve("c.classes")), "the first run lists its classes");
        assertFalse(first.stream().anyMatch(a -> a.contains("SharedArchiveFile")));

        List<String> own = launcher.command(List.of("-Xshare:off", "-XX:TieredStopAtLevel=1"), archive, null, new String[] {});
        assertFalse(own.stream().anyMatch(a -> a.contains("SharedArchiveFile")), "the user's -Xshare wins");
        assertEquals(List.of("-Xshare:off", "-XX:TieredStopAtLevel=1"), own.subList(1, 3), "the user's options, as given");
    }

    @Test
    void onlyARunWithAPhaseMakesTheArchive() {
        assertTrue(JvmLauncher.runsAPhase(new String[] {"-c", "x.properties", "-l"}));
        assertTrue(JvmLauncher.runsAPhase(new String[] {"-lr"}));
        assertFalse(JvmLauncher.runsAPhase(new String[] {"--list-keys"}));
        assertFalse(JvmLauncher.runsAPhase(new String[] {"verify"}));
    }
}
