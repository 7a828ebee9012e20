/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.balls.Layers;
import io.github.twochoice.cli.balls.MaxLoads;
import io.github.twochoice.cli.place.PlacementStudy;
import io.github.twochoice.place.Rendezvous;
import io.github.twochoice.sim.BallsIntoBins;
import io.github.twochoice.sim.BallsIntoBins.Rule;
import io.github.twochoice.sim.CuckooTable;
import io.github.twochoice.sim.Scheme;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The five pages in a real browser (Debian's Chromium, headless, driven by chromedriver), each
 * checked against the library: what a page shows at a step is what the library computes for that
 * seed and step.
 */
@Tag("browser")
class LabBrowserTest extends LabBrowserSession {
  // ---- Pages ----

  @Test
  void ballsShowTheLibrarysMaximumLoadAtEveryStep() throws IOException {
    open("/balls.html?n=16&balls=40&seed=7&step=25");
    assertEquals("step 25 / 40", stepLabel());
    assertMaxLoads(25);
    String atStep25 = figure();
    byId("forward").click();
    assertEquals("step 26 / 40", stepLabel());
    assertMaxLoads(26);
    assertTrue(driver.getCurrentUrl().contains("step=26"), driver.getCurrentUrl());
    byId("back").click();
    assertEquals("step 25 / 40", stepLabel());
    assertEquals(atStep25, figure(), "stepping back restores the drawing");
    press(Keys.ARROW_RIGHT);
    assertEquals("step 26 / 40", stepLabel());
    press(Keys.END);
    assertEquals("step 40 / 40", stepLabel());
    assertMaxLoads(40);

    jumpTo(10);
    byId("predict").click();
    byId("forward").click();
    assertTrue(byId("question").isDisplayed());
    assertEquals("step 10 / 40", stepLabel(), "the step waits for the prediction");
    BallsIntoBins.Trace twoLeft = BallsIntoBins.trace(40, 16, 2, Rule.D_LEFT, 7);
    List<WebElement> options = byId("options").findElements(By.tagName("button"));
    assertEquals(2, options.size());
    driver.findElement(By.cssSelector("[data-option='bin-" + twoLeft.bin(10) + "']")).click();
    assertEquals("score 1 / 1 (2-left)", byId("score").getText());
    assertEquals("step 11 / 40", stepLabel());
    byId("forward").click();
    int[] candidates = twoLeft.candidates(11);
    int wrong = candidates[0] == twoLeft.bin(11) ? candidates[1] : candidates[0];
    driver.findElement(By.cssSelector("[data-option='bin-" + wrong + "']")).click();
    assertEquals("score 1 / 2 (2-left)", byId("score").getText());
    assertTrue(byId("feedback").getText().startsWith("Not this time: bin " + twoLeft.bin(11)));
    screenshot("balls");

    setField("large-n", "10000");
    driver.findElement(By.cssSelector("#large-form button")).click();
    waitFor("document.getElementById('large-table')");
    List<WebElement> rows = byId("large-table").findElements(By.tagName("tr"));
    SplittableRandom seeds = new SplittableRandom(2026);
    for (int s = 0; s < Scheme.STANDARD.size(); s++) {
      Scheme scheme = Scheme.STANDARD.get(s);
      List<WebElement> cells = rows.get(s + 1).findElements(By.tagName("td"));
      assertEquals(scheme.label(), cells.get(0).getText());
      assertEquals(
          String.valueOf(scheme.throwBalls(10_000, 10_000, seeds.nextLong()).maxLoad()),
          cells.get(1).getText());
    }
    assertTrue(driver.findElement(By.cssSelector(".result .chart svg")).isDisplayed());
  }

  private static void assertMaxLoads(int step) {
    for (Scheme scheme : Scheme.STANDARD) {
      assertEquals(
          String.valueOf(scheme.throwBalls(step, 16, 7).maxLoad()),
          status(scheme.label() + " max load"),
          scheme.label() + " after " + step + " balls");
    }
  }

  @Test
  void aBadParameterShowsTheServersMessage() {
    open("/balls.html?n=100&balls=10");
    assertTrue(byId("error").isDisplayed());
    assertEquals(
        "Error: n must be from 4 to 64 in the animated view (the large run takes up to 1000000):"
            + " 100",
        byId("error").getText());
    assertFalse(byId("forward").isEnabled());
    open("/cuckoo.html?cells=16&b=3");
    assertEquals("Error: b must be 1, 2, 4 or 8: 3", byId("error").getText());
    driver.get(server.address().resolve("/nowhere.html").toString());
    assertEquals("The lab has no page /nowhere.html.", byId("error").getText());
  }

  @Test
  void dLeftFlagsTheTiesTheLibraryReports() throws IOException {
    BallsIntoBins.Trace trace = BallsIntoBins.trace(48, 16, 2, Rule.D_LEFT, 3);
    int tie = 0;
    while (!trace.tie(tie)) {
      tie++;
    }
    open("/dleft.html?rule=left&n=16&balls=48&seed=3&step=" + (tie + 1));
    assertTrue(byId("tie-badge").getText().endsWith("→ a (left)"), byId("tie-badge").getText());
    int ties = 0;
    for (int ball = 0; ball <= tie; ball++) {
      ties += trace.tie(ball) ? 1 : 0;
    }
    assertEquals(String.valueOf(ties), status("ties so far"));
    int noTie = tie + 1;
    while (trace.tie(noTie)) {
      noTie++;
    }
    jumpTo(noTie + 1);
    assertTrue(driver.findElements(By.id("tie-badge")).isEmpty(), "ball " + noTie + " had none");
    screenshot("dleft");

    new Select(driver.findElement(By.name("rule"))).selectByValue("single");
    driver.findElement(By.cssSelector("#trace-form button")).click();
    waitFor("document.getElementById('step-label').textContent === 'step 0 / 48'");
    assertEquals("2 choices", status("rule"));
    assertTrue(driver.getCurrentUrl().contains("rule=single"), driver.getCurrentUrl());

    setField("histogram-n", "1000");
    driver.findElement(By.cssSelector("#histogram-form button")).click();
    waitFor("document.getElementById('histogram-table')");
    List<WebElement> rows = byId("histogram-table").findElements(By.tagName("tr"));
    for (int r = 0; r < DLeftLab.RULE_NAMES.size(); r++) {
      Rule rule = DLeftLab.RULES.get(DLeftLab.RULE_NAMES.get(r));
      long[] counts = BallsIntoBins.maxLoadDistribution(1000, 1000, 2, rule, DLeftLab.SEEDS, 2026);
      assertEquals(
          shown(BallsIntoBins.meanMaxLoad(counts)),
          rows.get(r + 1).findElements(By.tagName("td")).get(1).getText(),
          rule.toString());
    }
  }

  @Test
  void cuckooDrawsThePathTheTableTookAndTheFailure() throws IOException {
    long seed = 0;
    List<int[]> path = List.of();
    int step = 0;
    while (path.size() < 2) {
      seed++;
      CuckooTable table = CuckooTable.withCells(2, 1, 32, seed);
      for (int key = 0; key < 32 && path.size() < 2; key++) {
        List<int[]> moves = new ArrayList<>();
        int[] before = new int[key];
        for (int k = 0; k < key; k++) {
          before[k] = table.bucketHolding(k);
        }
        if (!table.add(key)) {
          break;
        }
        for (int k = 0; k < key; k++) {
          if (table.bucketHolding(k) != before[k]) {
            moves.add(new int[] {k, before[k], table.bucketHolding(k)});
          }
        }
        path = moves;
        step = key + 1;
      }
    }
    open("/cuckoo.html?d=2&b=1&cells=32&seed=" + seed + "&step=" + step);
    List<int[]> drawn = new ArrayList<>();
    for (WebElement move : driver.findElements(By.cssSelector(".path-move"))) {
      drawn.add(
          new int[] {
            Integer.parseInt(move.getAttribute("data-key")),
            Integer.parseInt(move.getAttribute("data-from")),
            Integer.parseInt(move.getAttribute("data-to"))
          });
    }
    assertEquals(path.size(), drawn.size(), "moves drawn");
    for (int[] move : path) {
      assertTrue(
          drawn.stream().anyMatch(m -> Arrays.equals(m, move)),
          "key " + move[0] + " from " + move[1] + " to " + move[2]);
    }
    assertEquals(path.size(), driver.findElements(By.cssSelector(".path-edge")).size());
    screenshot("cuckoo");

    press(Keys.END);
    WebElement note = byId("failure-note");
    assertTrue(note.getText().startsWith("Component: "), note.getText());
    String last = stepLabel();
    int steps = Integer.parseInt(last.substring(last.indexOf('/') + 2));
    jumpTo(steps - 1);
    String before = figure();
    press(Keys.END);
    byId("back").click();
    assertEquals(before, figure(), "stepping back from the failure restores the table");
    press(Keys.END);
    screenshot("cuckoo-failure");
  }

  @Test
  void rendezvousMovesTheKeysTheLibraryMoves() throws IOException {
    open("/rendezvous.html?servers=5&keys=12&change=remove&server=2&step=24");
    List<String> servers = PlacementStudy.proxies(5);
    Rendezvous<String> before = Rendezvous.ofNames(servers);
    Rendezvous<String> after = Rendezvous.ofNames(servers);
    after.remove("proxy-2");
    List<String> urls = new RendezvousLab().urls().subList(0, 12);
    List<String> moved = new ArrayList<>();
    for (String url : urls) {
      if (!before.owner(url).equals(after.owner(url))) {
        moved.add("→ " + after.owner(url));
      }
    }
    List<String> shownMoves = new ArrayList<>();
    for (WebElement m : driver.findElements(By.cssSelector(".moved"))) {
      shownMoves.add(m.getText());
    }
    assertEquals(moved, shownMoves);
    assertEquals(12, driver.findElements(By.cssSelector(".owner-after")).size());
    screenshot("rendezvous");
    jumpTo(12);
    assertEquals(12, driver.findElements(By.cssSelector(".owner")).size());
    assertTrue(driver.findElements(By.cssSelector(".moved")).isEmpty());
    new Select(byId("speed")).selectByValue("32");
    byId("play").click();
    waitFor("document.getElementById('step-label').textContent === 'step 24 / 24'");
    waitFor("document.getElementById('play').textContent.includes('Play')");
    assertEquals(moved.size(), driver.findElements(By.cssSelector(".moved")).size());
  }

  @Test
  void theBoardShowsTheSimulationsQueues() throws IOException {
    open("/board.html?policy=least&period=4&servers=8&lambda=0.9&requests=400&seed=2026&step=300");
    BoardLab.Requests run =
        BoardLab.Requests.of(
            BoardLab.simulation(8, 0.9, 4, BoardLab.policy("least"), 400, 2026), 400);
    double arrival = run.arrival(299);
    int server = run.server(299);
    int[] queues = new int[8];
    for (int i = 0; i < 300; i++) {
      queues[run.server(i)] += run.completion(i) > arrival ? 1 : 0;
    }
    for (WebElement bar : driver.findElements(By.cssSelector("rect.queue"))) {
      int s = Integer.parseInt(bar.getAttribute("data-server"));
      assertEquals(String.valueOf(queues[s]), bar.getAttribute("data-length"), "server " + s);
    }
    assertEquals(String.valueOf(run.result().longestQueue()), status("longest queue of the run"));
    assertTrue(figure().contains("Request 300 → server " + server + " at t = "), figure());
    screenshot("board");
    byId("export-csv").click();
    List<String> csv = Files.readAllLines(downloaded("twochoice-board-step-300.csv"));
    assertEquals(301, csv.size(), "a header and one line per request so far");
    String[] last = csv.get(300).split(",", -1);
    assertEquals("300", last[0]);
    assertEquals(arrival, Double.parseDouble(last[1]), 0.0, "the time, exactly");
    assertEquals(String.valueOf(server), last[2]);
    assertEquals(String.valueOf(queues[server]), last[3 + server]);
    byId("export-svg").click();
    String svg = Files.readString(downloaded("twochoice-board-step-300.svg"));
    assertTrue(svg.startsWith("<?xml"), svg);
    assertTrue(svg.contains("<svg ") && svg.contains("xmlns=\"http://www.w3.org/2000/svg\""), svg);
    assertTrue(svg.contains("Request 300 → server " + server), "the figure as drawn");
    String at300 = figure();
    press(Keys.ARROW_RIGHT);
    assertNotEquals(at300, figure());
    press(Keys.ARROW_LEFT);
    assertEquals(at300, figure());
  }

  @Test
  void theCuckooGraphDrawsEveryKeyOfTheFailureAsItsOwnEdge() throws IOException {
    CuckooTable table = CuckooTable.withCells(2, 1, 32, 2026);
    int failing = 0;
    while (table.add(failing)) {
      failing++;
    }
    open("/cuckoo.html?d=2&b=1&cells=32&seed=2026");
    press(Keys.END);
    List<WebElement> edges = driver.findElements(By.cssSelector(".graph-edge"));
    assertEquals(failing + 1, edges.size(), "one edge per key placed and one for the failing key");
    int parallel = 0;
    int loops = 0;
    List<String> pairs = new ArrayList<>();
    for (WebElement edge : edges) {
      int key = Integer.parseInt(edge.getAttribute("data-key"));
      int[] buckets = table.candidateBuckets(key);
      assertEquals(buckets[0] + " " + buckets[1], edge.getAttribute("data-buckets"), "key " + key);
      String pair = Math.min(buckets[0], buckets[1]) + "-" + Math.max(buckets[0], buckets[1]);
      parallel += pairs.contains(pair) ? 1 : 0;
      pairs.add(pair);
      loops += buckets[0] == buckets[1] ? 1 : 0;
      assertEquals(buckets[0] == buckets[1] ? "circle" : "path", edge.getTagName(), "key " + key);
    }
    assertTrue(parallel > 0 || loops > 0, "the default run has a parallel edge or a self-loop");
    List<String> labels = new ArrayList<>();
    for (WebElement label : driver.findElements(By.cssSelector("text.edge-label"))) {
      labels.add(label.getText());
    }
    assertEquals(failing + 1, labels.size(), "every edge labelled with its key");
    assertEquals(failing + 1, labels.stream().distinct().count());
    assertTrue(byId("failure-note").getText().startsWith("Component: "));
    screenshot("cuckoo-failure");
  }

  @Test
  void eachBallsPanelPredictsForTheBallsThrownNotForNBalls() {
    open("/balls.html?n=64&balls=256&seed=2026&step=256");
    for (Scheme scheme : Scheme.STANDARD) {
      int predicted = MaxLoads.predictedMaxLoad(Layers.theory(scheme, 4.0, 4 * 4 + 24), 64);
      WebElement label =
          driver.findElement(
              By.cssSelector("g.panel[data-scheme='" + scheme.label() + "'] .predicted"));
      assertEquals("(theory " + predicted + ")", label.getText(), scheme.label());
      assertTrue(predicted > 4, scheme.label() + ": above the 4 balls per bin");
    }
    jumpTo(64);
    WebElement one =
        driver.findElement(
            By.cssSelector(
                "g.panel[data-scheme='" + Scheme.STANDARD.get(0).label() + "'] .predicted"));
    assertEquals(
        "(theory "
            + MaxLoads.predictedMaxLoad(Layers.theory(Scheme.STANDARD.get(0), 1.0, 28), 64)
            + ")",
        one.getText());
  }

  @Test
  void theChartsShowWhatTheirExercisesAsk() {
    open("/board.html?policy=least&period=4&servers=8&lambda=0.9&requests=400&seed=2026&step=300");
    BoardLab.Requests run =
        BoardLab.Requests.of(
            BoardLab.simulation(8, 0.9, 4, BoardLab.policy("least"), 400, 2026), 400);
    int updates = 0;
    for (int i = 1; i < 300; i++) {
      updates += Math.floor(run.arrival(i) / 4) != Math.floor(run.arrival(i - 1) / 4) ? 1 : 0;
    }
    assertTrue(updates >= 5, updates + " updates");
    assertEquals(updates, driver.findElements(By.cssSelector("line.board-update")).size());

    setField("sweep-requests", "1000");
    driver.findElement(By.cssSelector("#sweep-form button")).click();
    waitFor("document.getElementById('sweep-table')");
    String chart =
        driver.findElement(By.cssSelector(".result .chart svg")).getAttribute("innerHTML");
    assertTrue(chart.contains("log scale"), "the T axis is logarithmic");
    for (WebElement series :
        driver.findElements(By.cssSelector(".result .chart g.series[data-style='measured']"))) {
      assertEquals(
          String.valueOf(BoardLab.SWEEP_PERIODS.length - 1), series.getAttribute("data-points"));
    }

    open("/dleft.html");
    setField("histogram-n", "1000");
    driver.findElement(By.cssSelector("#histogram-form button")).click();
    waitFor("document.getElementById('histogram-table')");
    int bars = 0;
    for (String name : DLeftLab.RULE_NAMES) {
      long[] counts =
          BallsIntoBins.maxLoadDistribution(
              1000, 1000, 2, DLeftLab.RULES.get(name), DLeftLab.SEEDS, 2026);
      bars += (int) Arrays.stream(counts).filter(c -> c > 0).count();
    }
    assertEquals(bars, driver.findElements(By.cssSelector(".result .chart rect.bar")).size());
    assertTrue(
        driver
            .findElement(By.cssSelector(".result .chart rect.bar"))
            .getAttribute("fill")
            .equals("#0072B2"),
        "the lab's palette");
    assertNoScriptErrors();
  }

  @Test
  void everyOutlineStandsOutFromThePaper() {
    for (String page :
        List.of(
            "/balls.html?n=16&balls=20&step=5",
            "/dleft.html?n=16&balls=20&step=5",
            "/cuckoo.html?step=5",
            "/board.html?requests=50&step=5&predict=1")) {
      open(page);
      byId("forward").click();
      for (WebElement shape : driver.findElements(By.cssSelector("#figure rect[stroke]"))) {
        String stroke = shape.getAttribute("stroke");
        if (stroke.startsWith("#")) {
          assertTrue(
              contrastOnWhite(stroke) >= 3,
              page + ": outline " + stroke + " has " + contrastOnWhite(stroke) + ":1");
        }
      }
    }
  }

  /** WCAG's contrast ratio of a #rrggbb colour against white. */
  private static double contrastOnWhite(String hex) {
    double luminance = 0;
    double[] weights = {0.2126, 0.7152, 0.0722};
    for (int c = 0; c < 3; c++) {
      double v = Integer.parseInt(hex.substring(1 + 2 * c, 3 + 2 * c), 16) / 255.0;
      luminance += weights[c] * (v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
    }
    return 1.05 / (luminance + 0.05);
  }

  // ---- A classroom's links, predictions and fields ----

  @Test
  void aStepTheRunDoesNotHaveIsRefusedInOneLine() {
    for (String step : List.of("abc", "2.5", "-1", "41")) {
      open("/balls.html?n=16&balls=40&seed=7&step=" + step);
      assertEquals(
          "Error: step must be a whole number from 0 to 40: " + step, byId("error").getText());
      assertEquals("step 0 / 40", stepLabel(), step);
      assertFalse(figure().isEmpty(), "the run is drawn at step 0");
      byId("forward").click();
      assertEquals("step 1 / 40", stepLabel(), "Forward after step=" + step);
      assertMaxLoads(1);
    }
    for (String typed : List.of("2.5", "99")) {
      jumpTo(typed);
      assertEquals(
          "Error: step must be a whole number from 0 to 40: " + typed, byId("error").getText());
      assertEquals("step 1 / 40", stepLabel(), "a refused jump stays");
    }
    jumpTo("12");
    assertFalse(byId("error").isDisplayed(), "a good jump clears the message");
    assertEquals("step 12 / 40", stepLabel());
    assertNoScriptErrors();
  }

  @Test
  void aFieldTheUrlCannotFillIsRefusedNotCoerced() {
    open("/balls.html?n=abc&balls=40");
    assertEquals("Error: n must be a number: abc", byId("error").getText());
    assertFalse(byId("forward").isEnabled());
    assertTrue(driver.getCurrentUrl().contains("n=abc"), "the link keeps what it was given");
    open("/board.html?period=2.3&servers=6&requests=50&step=10");
    assertFalse(byId("error").isDisplayed(), byId("error").getText());
    assertTrue(figure().contains("(every 2.3)"), "the period as given, not rounded to 2.5");
    open("/board.html?period=25&servers=6&requests=50");
    assertEquals("Error: period must be from 0 to 20: 25", byId("error").getText());
    open("/cuckoo.html?d=2&b=4&cells=18");
    assertEquals("Error: cells must be a multiple of b = 4: 18", byId("error").getText());
    open("/balls.html?n=16&balls=20&predict=yes");
    assertEquals("Error: predict must be 0 or 1: yes", byId("error").getText());
    open("/dleft.html?projector=on");
    assertEquals("Error: projector must be 0 or 1: on", byId("error").getText());
    open("/cuckoo.html");
    new Select(driver.findElement(By.name("sweep-b"))).selectByVisibleText("8");
    setField("sweep-cells", "100");
    driver.findElement(By.cssSelector("#sweep-form button")).click();
    waitFor("document.body.dataset.computed");
    WebElement message = driver.findElement(By.cssSelector("#sweep-form + .result .error"));
    assertEquals("Error: cells must be a multiple of b = 8: 100", message.getText());
    @SuppressWarnings("unchecked")
    List<Number> box =
        (List<Number>)
            js(
                "const r = arguments[0].getBoundingClientRect();"
                    + "return [r.top, r.bottom, window.innerHeight];",
                message);
    assertTrue(
        box.get(0).doubleValue() >= 0 && box.get(1).doubleValue() <= box.get(2).doubleValue() + 1,
        "the message is in view, beside its form: top, bottom, window " + box);
    assertNoScriptErrors();
  }

  @Test
  void theAddressNamesTheStepOnScreenAtAnySpeed() throws InterruptedException {
    open("/board.html?policy=least&period=4&servers=8&lambda=0.9&requests=2000&seed=2026");
    new Select(byId("speed")).selectByValue("64");
    byId("play").click();
    Thread.sleep(5_000);
    byId("play").click();
    int shown = shownStep();
    assertTrue(shown > 250, "played " + shown + " steps, more than Chrome's 200 address updates");
    new WebDriverWait(driver, Duration.ofSeconds(2)).until(d -> addressStep() == shown);
    Thread.sleep(1_000);
    assertEquals(shown, addressStep(), "still true a second after the pause");
    assertEquals(shown, shownStep());

    setField("servers", "12");
    byId("forward").click();
    new WebDriverWait(driver, Duration.ofSeconds(2)).until(d -> addressStep() == shown + 1);
    assertTrue(driver.getCurrentUrl().contains("servers=8&"), driver.getCurrentUrl());
    driver.findElement(By.cssSelector("#trace-form button")).click();
    waitFor("document.getElementById('step-label').textContent === 'step 0 / 2000'");
    new WebDriverWait(driver, Duration.ofSeconds(2))
        .until(d -> d.getCurrentUrl().contains("servers=12&"));
    assertNoScriptErrors();
  }

  @Test
  void everyServerLeastLoadedAllowsScoresAndRunStartsANewScore() throws IOException {
    open(
        "/board.html?policy=least&period=4&servers=8&lambda=0.9&requests=400&seed=2026"
            + "&step=100&predict=1");
    BoardLab.Requests run =
        BoardLab.Requests.of(
            BoardLab.simulation(8, 0.9, 4, BoardLab.policy("least"), 400, 2026), 400);
    Pattern option = Pattern.compile("server (\\d+) \\(board (\\d+)\\)");
    int notDrawn = 0;
    for (int q = 0; q < 20; q++) {
      byId("forward").click();
      int least = Integer.MAX_VALUE;
      int pick = -1;
      for (WebElement button : byId("options").findElements(By.tagName("button"))) {
        Matcher m = option.matcher(button.getText());
        assertTrue(m.find(), button.getText());
        int board = Integer.parseInt(m.group(2));
        if (board <= least) {
          least = board;
          pick = Integer.parseInt(m.group(1));
        }
      }
      notDrawn += pick == run.server(100 + q) ? 0 : 1;
      driver.findElement(By.cssSelector("[data-option='server-" + pick + "']")).click();
    }
    assertTrue(notDrawn >= 5, "the test answered " + notDrawn + " ties with another server");
    assertEquals("score 20 / 20 (least loaded)", byId("score").getText());
    screenshot("board-predict");

    driver.findElement(By.cssSelector("#trace-form button")).click();
    waitFor("document.getElementById('step-label').textContent === 'step 0 / 400'");
    assertEquals(
        "score 0 / 0 (least loaded); earlier 20 / 20 (least loaded)", byId("score").getText());

    open(
        "/board.html?policy=best2&period=4&servers=8&lambda=0.9&requests=400&seed=2026"
            + "&step=100&predict=1");
    byId("forward").click();
    int most = -1;
    int worst = -1;
    boolean unique = false;
    for (WebElement button : byId("options").findElements(By.tagName("button"))) {
      Matcher m = option.matcher(button.getText());
      assertTrue(m.find());
      int board = Integer.parseInt(m.group(2));
      unique = board != most && (board > most || unique);
      if (board >= most) {
        most = board;
        worst = Integer.parseInt(m.group(1));
      }
    }
    driver.findElement(By.cssSelector("[data-option='server-" + worst + "']")).click();
    assertEquals(
        unique ? "score 0 / 1 (best of 2)" : "score 1 / 1 (best of 2)",
        byId("score").getText(),
        "best of 2 never picks the one server the board shows most loaded");
    assertNoScriptErrors();
  }

  @Test
  void aRendezvousQuestionShowsTheScoresThatDecideIt() {
    open("/rendezvous.html?servers=5&keys=12&change=remove&server=2&step=3&predict=1");
    byId("forward").click();
    List<WebElement> scores = driver.findElements(By.cssSelector("text.score[data-row='3']"));
    assertEquals(5, scores.size(), "every server's score for the key asked about");
    WebElement best =
        scores.stream()
            .max(
                (a, b) ->
                    Double.compare(
                        Double.parseDouble(a.getText()), Double.parseDouble(b.getText())))
            .orElseThrow();
    driver
        .findElement(
            By.cssSelector("[data-option='server-" + best.getAttribute("data-server") + "']"))
        .click();
    assertTrue(byId("score").getText().startsWith("score 1 / 1"), byId("score").getText());
    assertEquals(2, driver.findElements(By.cssSelector(".legend")).size(), "both colours named");
    assertNoScriptErrors();
  }

  // ---- A projector ----

  /** Each page as the docs show it: its file in docs/, its address, and how to reach the state. */
  private record DocsView(String file, String address, Runnable then) {}

  @Test
  void projectorModePutsTheFigureFirstWithLargeReadableText() throws IOException {
    ChromeDriver chrome = (ChromeDriver) driver;
    chrome.executeCdpCommand(
        "Emulation.setDeviceMetricsOverride",
        Map.of("width", 1280, "height", 720, "deviceScaleFactor", 1, "mobile", false));
    try {
      @SuppressWarnings("unchecked")
      List<Number> viewport = (List<Number>) js("return [innerWidth, innerHeight];");
      assertEquals(List.of(1280L, 720L), viewport, "a 1280 x 720 screen");
      for (DocsView view : docsViews()) {
        open(view.address() + "&projector=1");
        view.then().run();
        assertProjected(view.address());
        Path docs = Files.createDirectories(SCREENSHOTS.resolve("docs"));
        Path file = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath();
        Files.copy(file, docs.resolve(view.file()), StandardCopyOption.REPLACE_EXISTING);
      }

      for (String page :
          List.of(
              "/dleft.html?histogram-n=1000",
              "/board.html?sweep-requests=1000",
              "/cuckoo.html?sweep-cells=1024&sweep-trials=20",
              "/balls.html?large-n=10000")) {
        open(page + "&projector=1");
        WebElement form = driver.findElement(By.cssSelector(".large form"));
        form.findElement(By.cssSelector("button")).click();
        waitFor("document.body.dataset.computed");
        js("document.querySelector('.large .chart').scrollIntoView();");
        @SuppressWarnings("unchecked")
        List<String> problems =
            (List<String>)
                js(
                    TEXT_PROBLEMS,
                    driver.findElement(By.cssSelector(".large .chart svg")),
                    PROJECTOR_PX,
                    TEXT_CONTRAST);
        assertEquals(List.of(), problems, page + ": the chart of " + form.getAttribute("id"));
        screenshot("projector-chart-" + page.substring(1, page.indexOf('.')));
      }

      open("/dleft.html?n=16&balls=32&seed=2026&step=8");
      String drawn = figure();
      byId("projector").click();
      assertProjected("the Projector button");
      new WebDriverWait(driver, Duration.ofSeconds(2))
          .until(d -> d.getCurrentUrl().contains("projector=1"));
      driver.findElement(By.tagName("body")).sendKeys("f");
      assertFalse((Boolean) js("return document.body.classList.contains('projector');"), "F");
      assertEquals(drawn, figure(), "out of projector mode, every text its drawn size again");
      assertNoScriptErrors();
    } finally {
      chrome.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
    }
  }

  /** The views of teaching.md's screenshots, in the order of its sections. */
  private static List<DocsView> docsViews() {
    BallsIntoBins.Trace dLeft = BallsIntoBins.trace(32, 16, 2, Rule.D_LEFT, 2026);
    int tie = 10;
    while (!dLeft.tie(tie)) {
      tie++;
    }
    return List.of(
        new DocsView(
            "lab-balls.png",
            "/balls.html?n=16&balls=40&seed=2026&step=12&predict=1",
            () -> byId("forward").click()),
        new DocsView(
            "lab-dleft.png", "/dleft.html?n=16&balls=32&seed=2026&step=" + (tie + 1), () -> {}),
        new DocsView(
            "lab-cuckoo.png",
            "/cuckoo.html?d=2&b=1&cells=32&seed=2026&step=" + movingTwo(),
            () -> {}),
        new DocsView(
            "lab-cuckoo-failure.png",
            "/cuckoo.html?d=2&b=1&cells=32&seed=2026",
            () -> press(Keys.END)),
        new DocsView(
            "lab-rendezvous.png",
            "/rendezvous.html?servers=5&keys=12&change=remove&server=2&step=24",
            () -> {}),
        new DocsView(
            "lab-board.png",
            "/board.html?policy=least&period=4&servers=8&lambda=0.9&requests=400&seed=2026"
                + "&step=300",
            () -> {}));
  }

  /** The first insert of the default cuckoo run (seed 2026) that moves two keys or more. */
  private static int movingTwo() {
    CuckooTable table = CuckooTable.withCells(2, 1, 32, 2026);
    for (int key = 0; ; key++) {
      int[] before = new int[key];
      for (int k = 0; k < key; k++) {
        before[k] = table.bucketHolding(k);
      }
      assertTrue(table.add(key), "the run fails before an insert moves two keys");
      int moved = 0;
      for (int k = 0; k < key; k++) {
        moved += table.bucketHolding(k) != before[k] ? 1 : 0;
      }
      if (moved >= 2) {
        return key + 1;
      }
    }
  }

  /**
   * The figure starts under the title, fits the screen with the controls under it, and every text
   * of it is at least 18 px on the screen, at 4.5:1 against what it is drawn on.
   */
  private static void assertProjected(String what) {
    assertTrue((Boolean) js("return document.body.classList.contains('projector');"), what);
    @SuppressWarnings("unchecked")
    Map<String, Number> box =
        (Map<String, Number>)
            js(
                "const f = document.getElementById('figure').getBoundingClientRect();"
                    + "const c = document.querySelector('.mode-controls').getBoundingClientRect();"
                    + "return {top: f.top, bottom: f.bottom, width: f.width,"
                    + " controls: c.bottom, height: innerHeight};");
    assertTrue(box.get("top").doubleValue() <= 60, what + ": the figure first " + box);
    assertTrue(
        box.get("controls").doubleValue() <= box.get("height").doubleValue(),
        what + ": figure and controls on one screen " + box);
    assertTrue(box.get("width").doubleValue() >= 850, what + ": the figure fills the width " + box);
    @SuppressWarnings("unchecked")
    List<String> problems =
        (List<String>) js(TEXT_PROBLEMS, byId("figure"), PROJECTOR_PX, TEXT_CONTRAST);
    assertEquals(List.of(), problems, what);
    @SuppressWarnings("unchecked")
    List<String> covered = (List<String>) js(COVERED_BUCKET_NUMBERS);
    assertEquals(List.of(), covered, what + ": eviction arrows clear of the bucket numbers");
  }

  /**
   * The cuckoo table's bucket numbers that an eviction arrow's ends cover: the arrowhead (20 units
   * wide) at its bucket, the line (5 wide) where it leaves.
   */
  private static final String COVERED_BUCKET_NUMBERS =
      """
      const covered = [];
      const label = (u) => [...document.querySelectorAll('text.bucket-label')]
        .find((t) => t.textContent === String(u)).getBBox();
      const clear = (point, half, box) => point.x - half > box.x + box.width
        || point.x + half < box.x || point.y + half < box.y || point.y - half > box.y + box.height;
      for (const move of document.querySelectorAll('.path-move')) {
        const start = move.getPointAtLength(0);
        const end = move.getPointAtLength(move.getTotalLength());
        if (!clear(end, 10, label(move.dataset.to))) { covered.push('to ' + move.dataset.to); }
        if (!clear(start, 2.5, label(move.dataset.from))) {
          covered.push('from ' + move.dataset.from);
        }
      }
      return covered;
      """;

  private static final double PROJECTOR_PX = 18;
  private static final double TEXT_CONTRAST = 4.5;

  /**
   * Every text of a drawing smaller on the screen than arguments[1] px, or with less than
   * arguments[2]:1 contrast (WCAG) between its colour and the shape under its middle (the paper if
   * none); a legend's coloured marks (tspan.mark) are not text.
   */
  private static final String TEXT_PROBLEMS =
      """
      const [drawing, least, ratio] = arguments;
      const scale = drawing.getScreenCTM().a;
      const rgba = (c) => {
        const v = (c.match(/[0-9.]+/g) || []).map(Number);
        return v.length >= 3 && (v.length < 4 || v[3] > 0) ? v.slice(0, 3) : null;
      };
      const lum = (c) => c.map((v) => v / 255)
        .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
      const contrast = (a, b) => {
        const [hi, lo] = [lum(a), lum(b)].sort((p, q) => q - p);
        return (hi + 0.05) / (lo + 0.05);
      };
      const problems = [];
      for (const text of drawing.querySelectorAll('text')) {
        if (!text.textContent.trim()) { continue; }
        const px = parseFloat(getComputedStyle(text).fontSize) * scale;
        if (px < least - 0.05) {
          problems.push(px.toFixed(1) + ' px: ' + text.textContent);
        }
        const box = text.getBoundingClientRect();
        const under = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2)
          .find((e) => drawing.contains(e) && e !== drawing && !text.contains(e)
            && ['rect', 'circle'].includes(e.tagName) && rgba(getComputedStyle(e).fill));
        const paper = under ? rgba(getComputedStyle(under).fill) : [255, 255, 255];
        for (const part of [text, ...text.querySelectorAll('tspan:not(.mark)')]) {
          const colour = rgba(getComputedStyle(part).fill);
          if (colour && contrast(colour, paper) < ratio) {
            problems.push(contrast(colour, paper).toFixed(2) + ':1 ' + getComputedStyle(part).fill
              + ' on ' + paper + ': ' + part.textContent);
          }
        }
      }
      return problems;
      """;
}
