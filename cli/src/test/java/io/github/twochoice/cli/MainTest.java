/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.common.BuildVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs every command as a user would, small, and reads what it prints. */
class MainTest {
  @Test
  void everyCommandPrintsTheVersionTheBuildWrote() {
    String version = BuildVersion.version();
    // The build fills version.properties from the pom: never the placeholder, always x.y.z.
    assertTrue(version.matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), version);
    List<String> commands = new ArrayList<>(List.of(""));
    commands.addAll(Main.commandLine().getSubcommands().keySet());
    commands.remove("help");
    for (String command : commands) {
      CommandRun run =
          command.isEmpty() ? CommandRun.of("--version") : CommandRun.of(command, "--version");
      assertEquals(0, run.exitCode(), command + ": " + run.err());
      assertEquals("twochoice " + version, run.out().strip(), command);
    }
  }

  @Test
  void ballsPrintsOneRowPerSizeAndScheme() {
    CommandRun run =
        CommandRun.of("balls", "--n", "100,1000", "--trials", "3", "--csv", "--seed", "4");
    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = run.lines();
    assertEquals(
        "n,scheme,trials,mean max,lowest,highest,max load x runs,formula,fluid", lines.get(0));
    assertEquals(1 + 2 * 4, lines.size(), run.out());
    assertTrue(lines.get(1).startsWith("100,1 choice,3,"), lines.get(1));
    assertTrue(lines.get(8).startsWith("1000,2-left,3,"), lines.get(8));
    assertEquals(
        run.out(),
        CommandRun.of("balls", "--n", "100,1000", "--trials", "3", "--csv", "--seed", "4").out());
  }

  @Test
  void layersPrintsMeasuredBesideTheory() {
    CommandRun run = CommandRun.of("layers", "--n", "20000", "--max-layer", "3");
    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = run.lines();
    assertTrue(
        lines.get(0).startsWith("layer  1 choice %  Poisson %  2 choices %  fluid %"),
        lines.get(0));
    assertEquals(4, lines.size());
    // Two choices, >= 2: the fluid limit says 22.9 %.
    assertTrue(lines.get(2).contains("22.9"), lines.get(2));
  }

  @Test
  void thresholdPrintsMediansAndTheSweep() {
    CommandRun run =
        CommandRun.of(
            "threshold", "--layouts", "2x1,2x4", "--cells", "1024", "--trials", "3", "--csv");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("layout,cells,trials,theory,median,lowest,highest", run.lines().get(0));
    assertTrue(run.lines().get(1).startsWith("\"(2,1)\",1024,3,0.5000,"), run.lines().get(1));
    assertTrue(run.lines().get(2).startsWith("\"(2,4)\",1024,3,0.9804,"), run.lines().get(2));

    CommandRun sweep =
        CommandRun.of(
            "threshold", "--layouts", "2x4", "--cells", "1024", "--trials", "3", "--sweep");
    assertEquals(0, sweep.exitCode(), sweep.err());
    assertEquals(1 + 31, sweep.lines().size());
    assertTrue(sweep.lines().get(1).matches("0\\.40\\s+1\\.00"), sweep.lines().get(1));

    CommandRun bad = CommandRun.of("threshold", "--layouts", "2by4");
    assertEquals(2, bad.exitCode());
    assertTrue(bad.err().contains("--layouts: expected dxb such as 2x4, got '2by4'"), bad.err());
  }

  @Test
  void mapsShowsTheIdentityHashFailingOnSequentialKeys() {
    CommandRun run =
        CommandRun.of(
            "maps",
            "--n",
            "20000",
            "--keys",
            "sequential",
            "--hash",
            "tabulation,identity",
            "--maps",
            "two_choice",
            "--csv");
    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = run.lines();
    assertEquals(3, lines.size(), run.out());
    String[] tabulation = lines.get(1).split(",", -1);
    String[] identity = lines.get(2).split(",", -1);
    assertEquals("TwoChoiceHashMap", tabulation[0]);
    assertEquals("tabulation", tabulation[1]);
    assertEquals("identity", identity[1]);
    assertTrue(Integer.parseInt(tabulation[5]) <= 4, lines.get(1)); // max load
    assertEquals("0", tabulation[9]); // overflow
    assertTrue(Integer.parseInt(identity[9]) > 10_000, lines.get(2));
  }

  @Test
  void ballsHandlesTheHeavilyLoadedCase() {
    // 16 n ln n balls in n = 1000 bins: a mean of 110.5; Chernoff keeps every bin within half to
    // double the mean (see BallsIntoBinsTest), and the formula column is for n balls only.
    CommandRun run =
        CommandRun.of("balls", "--n", "1000", "--load", "110.5", "--trials", "2", "--csv");
    assertEquals(0, run.exitCode(), run.err());
    for (String line : run.lines().subList(1, run.lines().size())) {
      String[] cells = line.split(",", -1);
      int highest = Integer.parseInt(cells[5]);
      assertTrue(highest > 110 && highest < 221, line);
      assertEquals("-", cells[7]);
      assertEquals("-", cells[8]);
    }
  }

  @Test
  void supermarketPrintsTheDoublyExponentialTail() {
    CommandRun run =
        CommandRun.of("supermarket", "--lambda", "0.9", "--d", "1,2", "--max-length", "3", "--csv");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("lambda,d,mean time,>=1 %,>=2 %,>=3 %", run.lines().get(0));
    assertEquals("0.9,1,10.000,90.0,81.0,72.9", run.lines().get(1));
    assertTrue(run.lines().get(2).startsWith("0.9,2,"), run.lines().get(2));
    assertTrue(run.lines().get(2).endsWith(",90.0,72.9,47.8"), run.lines().get(2)); // 0.9^(2^i-1)
  }

  @Test
  void reportWritesThirteenChartsInFourSectionsToOneFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("report.html");
    LocalDate before = LocalDate.now(ZoneId.systemDefault());
    CommandRun run = CommandRun.of("report", "--quick", "--out", file.toString(), "--csv");
    LocalDate after = LocalDate.now(ZoneId.systemDefault());
    assertEquals(0, run.exitCode(), run.err());
    String html = Files.readString(file);
    assertEquals(13, html.split("<svg ", -1).length - 1);
    assertEquals(13, html.split(" aria-label=\"", -1).length - 1);
    assertEquals(13, html.split("href=\"data:text/csv;", -1).length - 1);
    // Dated on the machine's calendar; a run across midnight may carry either day.
    String dated = "<th scope=\"row\">date</th><td>";
    assertTrue(
        html.contains(dated + before) || html.contains(dated + after), "not dated " + before);
    assertTrue(html.contains("<h2>Balls into bins</h2>") && html.contains("<h2>Placing keys"));
    assertTrue(html.contains("<h2>Real maps</h2>"));
    assertTrue(html.contains("<h2>Balancing requests over servers</h2>"));
    assertTrue(html.contains("data-series=\"peak EWMA\""));
    assertTrue(html.contains("data-series=\"2 choices theory\""));
    assertTrue(html.contains("data-series=\"TwoChoiceHashMap\""));
    assertTrue(html.contains("data-series=\"capacity-proportional\""));
    assertFalse(html.contains("<script")); // a plain file: no script, nothing fetched
    assertFalse(html.replace("http://www.w3.org/2000/svg", "").contains("http"));
    assertTrue(
        run.out().contains("Maximum load of n balls in n bins,2 choices,measured,4"), run.out());
    run.assertAsciiCsv("report");
  }

  @Test
  void everyCommandHasHelp() {
    for (String command :
        List.of(
            "demo",
            "balls",
            "layers",
            "threshold",
            "maps",
            "supermarket",
            "place",
            "queue",
            "report")) {
      CommandRun run = CommandRun.of(command, "--help");
      assertEquals(0, run.exitCode(), command);
      assertTrue(run.out().contains("Usage: twochoice " + command), run.out());
    }
    CommandRun top = CommandRun.of();
    assertEquals(0, top.exitCode());
    assertTrue(top.out().contains("balls") && top.out().contains("report"), top.out());
    assertTrue(top.out().contains("queue"), top.out());
    assertEquals(2, CommandRun.of("balls", "--trials", "many").exitCode());
  }
}
