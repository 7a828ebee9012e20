/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * The exercises of docs/teaching.md played in the browser as a student would, each answer read off
 * the page: an exercise whose premise the lab does not bear out fails here rather than in class.
 * Each test names its section and exercise.
 */
@Tag("browser")
class TeachingExercisesTest extends LabBrowserSession {
  private static final Pattern BALLS_OPTION =
      Pattern.compile("bin (\\d+) \\((left|right), load (\\d+)\\)");
  private static final Pattern DLEFT_OPTION = Pattern.compile("([ab]) = bin (\\d+), load (\\d+)");
  private static final Pattern BOARD_OPTION = Pattern.compile("server (\\d+) \\(board (\\d+)\\)");
  private static final Pattern PERCENT = Pattern.compile("([0-9.]+) %");
  private static final Pattern NUMBER = Pattern.compile("[0-9]+(\\.[0-9]+)?");

  // ---- Helpers ----

  /** The options of the open question, by their data-option id, with their text. */
  @SuppressWarnings("unchecked")
  private static Map<String, String> options() {
    Map<String, String> options =
        (Map<String, String>)
            js(
                "return Object.fromEntries([...document.querySelectorAll('#options button')]"
                    + ".map((b) => [b.dataset.option, b.textContent]));");
    assertFalse(options.isEmpty(), "a question is open");
    return options;
  }

  /**
   * Steps forward in predict mode until `questions` questions are answered, each with `rule`'s pick
   * from its options (a step the rule leaves no choice in asks nothing); returns the texts of the
   * questions' options, in order.
   */
  private static List<Map<String, String>> predict(
      int questions, Function<Map<String, String>, String> rule) {
    List<Map<String, String>> asked = new ArrayList<>();
    while (asked.size() < questions) {
      byId("forward").click();
      if (Boolean.FALSE.equals(js("return document.getElementById('question').hidden;"))) {
        Map<String, String> options = options();
        asked.add(options);
        driver.findElement(By.cssSelector("[data-option='" + rule.apply(options) + "']")).click();
      }
    }
    return asked;
  }

  private static String score() {
    return byId("score").getText();
  }

  private static Matcher match(Pattern pattern, String text) {
    Matcher m = pattern.matcher(text);
    assertTrue(m.find(), text);
    return m;
  }

  private static List<Double> numbers(String text) {
    List<Double> numbers = new ArrayList<>();
    Matcher m = NUMBER.matcher(text);
    while (m.find()) {
      numbers.add(Double.parseDouble(m.group()));
    }
    return numbers;
  }

  /** The rows of a result table by their first cell, each the rest of its cells. */
  private static Map<String, List<String>> tableRows(String id) {
    Map<String, List<String>> rows = new HashMap<>();
    for (WebElement row : byId(id).findElements(By.tagName("tr"))) {
      List<String> cells = new ArrayList<>();
      for (WebElement cell : row.findElements(By.tagName("td"))) {
        cells.add(cell.getText());
      }
      if (!cells.isEmpty()) {
        rows.put(cells.get(0), cells.subList(1, cells.size()));
      }
    }
    return rows;
  }

  private static void compute(String form) {
    js("delete document.body.dataset.computed;");
    driver.findElement(By.cssSelector("#" + form + " button")).click();
    waitFor("document.body.dataset.computed");
  }

  // ---- Balls into bins ----

  @Test
  void balls1ARuleFollowerPredictsEvery2LeftBall() {
    open("/balls.html?n=16&balls=40&seed=2026&predict=1");
    List<Map<String, String>> asked =
        predict(
            20,
            options -> {
              String pick = null;
              int least = Integer.MAX_VALUE;
              for (Map.Entry<String, String> option : options.entrySet()) {
                Matcher m = match(BALLS_OPTION, option.getValue());
                int load = Integer.parseInt(m.group(3));
                if (load < least || (load == least && m.group(2).equals("left"))) {
                  least = load;
                  pick = option.getKey();
                }
              }
              return pick;
            });
    assertEquals("score 20 / 20 (2-left)", score(), "the less loaded bin, the left one on a tie");
    long ties =
        asked.stream()
            .filter(
                options ->
                    options.values().stream()
                            .map(text -> match(BALLS_OPTION, text).group(3))
                            .distinct()
                            .count()
                        == 1)
            .count();
    assertTrue(ties > 0, "among twenty balls some tie, where 2 choices would toss a coin");
  }

  @Test
  void balls2EveryDotIsALayerSomeBinReaches() {
    for (int balls : new int[] {64, 128, 256}) {
      open("/balls.html?n=64&balls=256&seed=2026&step=" + balls);
      for (String scheme : List.of("1 choice", "2 choices", "3 choices", "2-left")) {
        int maxLoad = Integer.parseInt(status(scheme + " max load"));
        @SuppressWarnings("unchecked")
        List<Number> dots =
            (List<Number>)
                js(
                    "return [...document.querySelectorAll('circle.measured')]"
                        + ".filter((c) => c.dataset.scheme === arguments[0])"
                        + ".map((c) => Number(c.dataset.layer));",
                    scheme);
        Set<Integer> layers = new TreeSet<>();
        dots.forEach(layer -> layers.add(layer.intValue()));
        Set<Integer> reached = new TreeSet<>();
        for (int i = 1; i <= maxLoad; i++) {
          reached.add(i);
        }
        assertEquals(
            reached, layers, scheme + " after " + balls + ": a dot is a layer, at least 1/64");
      }
    }
  }

  @Test
  void balls3OneChoicesMaximumMovesMostAsNGrows() {
    open("/balls.html?large-n=10000");
    Map<String, int[]> maxima = new HashMap<>();
    int[] sizes = {10_000, 100_000, 1_000_000};
    for (int s = 0; s < sizes.length; s++) {
      setField("large-n", String.valueOf(sizes[s]));
      compute("large-form");
      for (Map.Entry<String, List<String>> row : tableRows("large-table").entrySet()) {
        maxima.computeIfAbsent(row.getKey(), k -> new int[sizes.length])[s] =
            Integer.parseInt(row.getValue().get(0));
      }
    }
    int oneChoice = maxima.get("1 choice")[2] - maxima.get("1 choice")[0];
    assertTrue(oneChoice >= 2, "a hundredfold n moves one choice's maximum by " + oneChoice);
    for (Map.Entry<String, int[]> rule : maxima.entrySet()) {
      int[] m = rule.getValue();
      assertTrue(m[0] <= m[1] && m[1] <= m[2], rule.getKey() + " never falls as n grows");
      if (!rule.getKey().equals("1 choice")) {
        assertTrue(
            m[2] - m[0] <= 1 && m[2] - m[0] < oneChoice,
            rule.getKey() + " moves by " + (m[2] - m[0]) + ", one choice by " + oneChoice);
      }
    }
  }

  // ---- d-left ----

  /** The candidate bins the d-left figure outlines after each of the first `steps` balls. */
  private static List<Set<String>> dLeftCandidates(String address, int steps) {
    open(address + "&step=1");
    List<Set<String>> candidates = new ArrayList<>();
    for (int step = 1; step <= steps; step++) {
      jumpTo(step);
      Set<String> bins = new TreeSet<>();
      for (WebElement column :
          driver.findElements(By.cssSelector("#figure rect[data-bin][stroke-width='4']"))) {
        bins.add(column.getAttribute("data-bin"));
      }
      candidates.add(bins);
    }
    return candidates;
  }

  @Test
  void dLeft1TheRunsSplitRightAfterTheFirstTie() {
    open("/dleft.html?rule=left&n=16&balls=32&seed=2026");
    int tie = 0;
    while (driver.findElements(By.id("tie-badge")).isEmpty()) {
      byId("forward").click();
      tie++;
    }
    assertTrue(byId("tie-badge").getText().endsWith("→ a (left)"));
    List<Set<String>> left =
        dLeftCandidates("/dleft.html?rule=left&n=16&balls=32&seed=2026", tie + 1);
    List<Set<String>> random =
        dLeftCandidates("/dleft.html?rule=random&n=16&balls=32&seed=2026", tie + 1);
    assertEquals(left.subList(0, tie), random.subList(0, tie), "the same balls up to the tie");
    assertNotEquals(left.get(tie), random.get(tie), "ball " + (tie + 1) + " differs");
  }

  @Test
  void dLeft2TheTieBreakNotTheHalvesLowersTheMaximum() {
    open("/dleft.html?histogram-n=100000");
    compute("histogram-form");
    Map<String, List<String>> rows = tableRows("histogram-table");
    double left = Double.parseDouble(rows.get("2-left").get(0));
    double halves = Double.parseDouble(rows.get("2 groups, random ties").get(0));
    double oneTable = Double.parseDouble(rows.get("2 choices").get(0));
    assertTrue(left < halves && left < oneTable, rows.toString());
    assertTrue(
        Math.abs(halves - oneTable) < Math.min(oneTable - left, halves - left),
        "the halves alone change less than the tie-break: " + rows);
  }

  @Test
  void dLeft3ARuleFollowerScoresEveryBallUnderEveryRule() {
    Map<String, String> labels =
        Map.of("left", "ties go left", "random", "random ties", "single", "two random bins");
    for (String rule : List.of("left", "random", "single")) {
      open("/dleft.html?rule=" + rule + "&n=16&balls=32&seed=2026&predict=1");
      int[] ties = {0};
      predict(
          30,
          options -> {
            Matcher a = match(DLEFT_OPTION, options.get("c0"));
            Matcher b = match(DLEFT_OPTION, options.get("c1"));
            int loadA = Integer.parseInt(a.group(3));
            int loadB = Integer.parseInt(b.group(3));
            ties[0] += loadA == loadB ? 1 : 0;
            // On a coin-toss tie the follower takes b, to show that either candidate counts.
            return loadA < loadB || (loadA == loadB && rule.equals("left")) ? "c0" : "c1";
          });
      assertEquals("score 30 / 30 (" + labels.get(rule) + ")", score(), rule);
      assertTrue(ties[0] > 0, rule + ": some of the thirty balls tie");
    }
  }

  // ---- Cuckoo ----

  private static List<int[]> edges(String selector) {
    List<int[]> edges = new ArrayList<>();
    for (WebElement edge : driver.findElements(By.cssSelector(selector))) {
      String[] buckets = edge.getAttribute("data-buckets").split(" ", -1);
      edges.add(new int[] {Integer.parseInt(buckets[0]), Integer.parseInt(buckets[1])});
    }
    return edges;
  }

  private static Set<Integer> vertices(List<int[]> edges) {
    Set<Integer> vertices = new HashSet<>();
    for (int[] edge : edges) {
      vertices.add(edge[0]);
      vertices.add(edge[1]);
    }
    return vertices;
  }

  @Test
  void cuckoo1TheFailingKeyClosesASecondCycle() {
    open("/cuckoo.html?d=2&b=1&cells=32&seed=2026");
    press(Keys.END);
    List<Double> note = numbers(byId("failure-note").getText());
    int buckets = note.get(0).intValue();
    int keys = note.get(2).intValue();
    List<int[]> component = edges(".component-edge.graph-edge");
    List<int[]> failing = edges(".new-edge.graph-edge");
    assertEquals(keys, component.size(), "the red edges are the component's keys");
    assertEquals(1, failing.size(), "and the failing key");
    assertEquals(buckets, vertices(component).size(), "the red vertices");
    assertTrue(vertices(component).containsAll(vertices(failing)));
    assertEquals(
        buckets + 1, component.size() + failing.size(), "edges = vertices + 1: two cycles");

    byId("back").click();
    Set<Integer> red = vertices(component);
    long before =
        edges(".graph-edge").stream().filter(e -> red.contains(e[0]) && red.contains(e[1])).count();
    assertEquals(buckets, before, "one insert earlier: edges = vertices, one cycle");
  }

  /** The load at which the run fails, from the headline at its end. */
  private static double failureLoad(String address) {
    open(address);
    press(Keys.END);
    String headline =
        driver.findElements(By.cssSelector("#figure text")).stream()
            .map(WebElement::getText)
            .filter(text -> text.contains("fails at load"))
            .findFirst()
            .orElseThrow();
    List<Double> numbers = numbers(headline.substring(headline.indexOf("fails at load")));
    return numbers.get(0);
  }

  @Test
  void cuckoo2TwoSlotsPerBucketFailMuchLater() {
    double one = failureLoad("/cuckoo.html?d=2&b=1&cells=32&seed=2026");
    double two = failureLoad("/cuckoo.html?d=2&b=2&cells=32&seed=2026");
    assertTrue(two > one + 0.2, "b = 2 fails at " + two + ", b = 1 at " + one);
  }

  @Test
  void cuckoo3TheDropNarrowsAsTablesGrow() {
    for (String layout : List.of("2 1", "2 4", "3 1")) {
      String[] db = layout.split(" ", -1);
      double[] width = new double[2];
      int[] cells = {1024, 65536};
      for (int c = 0; c < 2; c++) {
        open("/cuckoo.html?sweep-d=" + db[0] + "&sweep-b=" + db[1] + "&sweep-cells=" + cells[c]);
        compute("sweep-form");
        String summary = byId("sweep-summary").getText();
        List<Double> n = numbers(summary.substring(summary.indexOf("first failure")));
        double median = n.get(0);
        double low = n.get(1);
        double high = n.get(2);
        double threshold = n.get(n.size() - 1);
        width[c] = high - low;
        assertTrue(low <= median && median <= high, summary);
        assertTrue(
            Math.abs(median - threshold) <= width[c],
            "the curve crosses one half within its drop of the threshold: " + summary);
      }
      assertTrue(
          width[1] < width[0] / 2,
          layout + ": the drop is " + width[0] + " wide at 1024 cells, " + width[1] + " at 65536");
    }
  }

  // ---- Rendezvous ----

  /** The page's fractions of the log's URLs that move: rendezvous, expected, mod N, ring. */
  private static List<Double> moves() {
    List<Double> fractions = new ArrayList<>();
    for (WebElement line : driver.findElements(By.cssSelector("text.moves"))) {
      Matcher m = PERCENT.matcher(line.getText());
      while (m.find()) {
        fractions.add(Double.parseDouble(m.group(1)) / 100);
      }
    }
    return fractions;
  }

  /** Within four standard deviations of a binomial fraction over the log's URLs. */
  private static void assertNear(double expected, double measured, String what) {
    int urls = 2088;
    double sd = Math.sqrt(expected * (1 - expected) / urls);
    assertEquals(expected, measured, 4 * sd, what);
  }

  private static Set<String> destinations() {
    Set<String> to = new TreeSet<>();
    for (WebElement moved : driver.findElements(By.cssSelector("text.moved"))) {
      to.add(moved.getText());
    }
    return to;
  }

  @Test
  void rendezvous1OnAJoinEveryMovedKeyGoesToTheNewServer() {
    open("/rendezvous.html?servers=5&keys=40&change=add&step=80");
    assertEquals(Set.of("→ proxy-6"), destinations());
    List<Double> moves = moves();
    assertEquals(1.0 / 6, moves.get(1), 0.001, "the expectation 1/(N + 1)");
    assertNear(1.0 / 6, moves.get(0), "rendezvous over the log");
  }

  @Test
  void rendezvous2ModNMovesMostKeysWhenAServerLeaves() {
    open("/rendezvous.html?servers=5&keys=12&change=remove&server=2&step=24");
    List<Double> moves = moves();
    assertEquals(0.2, moves.get(1), 0.001, "the expectation 1/N");
    assertNear(0.2, moves.get(0), "rendezvous over the log");
    assertTrue(moves.get(2) > 0.6, "mod N renumbers the servers: " + moves);
    assertTrue(moves.get(3) < moves.get(2) / 2, "the ring moves far fewer: " + moves);
  }

  @Test
  void rendezvous3AHeavierServerOnlyTakesKeys() {
    open("/rendezvous.html?servers=5&keys=40&change=weight&server=2&weight=3&step=80");
    List<Double> moves = moves();
    double expected = 3.0 / 7 - 1.0 / 5;
    assertEquals(expected, moves.get(1), 0.001, "3/7 - 1/5");
    assertNear(expected, moves.get(0), "rendezvous over the log");
    assertEquals(Set.of("→ proxy-2"), destinations());
  }

  // ---- Stale board ----

  private static int longestQueue(String address) {
    open(address);
    return Integer.parseInt(status("longest queue of the run"));
  }

  @Test
  void board1AFourServiceTimesOldBoardHerdsTheRequests() {
    String run = "/board.html?policy=least&servers=8&lambda=0.9&requests=400&seed=2026&period=";
    int live = longestQueue(run + "0");
    int stale = longestQueue(run + "4");
    assertTrue(stale >= 3 * live, "longest queue " + stale + " at T = 4, " + live + " at T = 0");
  }

  @Test
  void board2LeastLoadedOnAStaleBoardIsPredictable() {
    open(
        "/board.html?policy=least&period=8&servers=8&lambda=0.9&requests=400&seed=2026"
            + "&step=100&predict=1");
    predict(
        20,
        options -> {
          String pick = null;
          int least = Integer.MAX_VALUE;
          for (String text : options.values()) {
            Matcher m = match(BOARD_OPTION, text);
            if (Integer.parseInt(m.group(2)) < least) {
              least = Integer.parseInt(m.group(2));
              pick = "server-" + m.group(1);
            }
          }
          return pick;
        });
    assertEquals("score 20 / 20 (least loaded)", score());
  }

  @Test
  void board3TheSmallerSampleWinsOnceTheBoardIsOld() {
    open("/board.html");
    compute("sweep-form");
    List<WebElement> header = byId("sweep-table").findElements(By.tagName("th"));
    List<Double> periods = new ArrayList<>();
    for (WebElement cell : header.subList(1, header.size())) {
      periods.add(numbers(cell.getText()).get(0));
    }
    Map<String, List<String>> rows = tableRows("sweep-table");
    Function<String, double[]> means =
        policy -> rows.get(policy).stream().mapToDouble(Double::parseDouble).toArray();
    double[] least = means.apply("least loaded");
    double[] best2 = means.apply("best of 2");
    double[] best3 = means.apply("best of 3");
    int last = periods.size() - 1;
    assertTrue(least[0] < best3[0] && best3[0] < best2[0], "live board: least, best 3, best 2");
    assertTrue(best2[last] < best3[last] && best3[last] < least[last], "oldest: the reverse");
    assertEquals(
        1, crossings(least, best2), "best of 2 overtakes least loaded once: " + rows + periods);
    assertEquals(1, crossings(least, best3), "best of 3 too: " + rows + periods);
    assertEquals(1, crossings(best3, best2), "best of 2 overtakes best of 3 once: " + rows);
  }

  /** How often the sign of a - b changes along the periods. */
  private static int crossings(double[] a, double[] b) {
    int crossings = 0;
    for (int i = 1; i < a.length; i++) {
      crossings += Math.signum(a[i] - b[i]) != Math.signum(a[i - 1] - b[i - 1]) ? 1 : 0;
    }
    return crossings;
  }
}
