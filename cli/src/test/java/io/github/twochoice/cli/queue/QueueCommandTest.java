/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.CommandRun;
import io.github.twochoice.sim.queue.Policy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The queue command, small: every table, its guarantees, its inputs, and bad input. */
class QueueCommandTest {
  /** Small runs: 2·10^4 requests per policy and board, 2·10^3 per pool change, n = 10 only. */
  private static final String[] SMALL = {"--requests", "20000", "--theory-servers", "10"};

  private static final List<String> POLICIES =
      List.of(
          "random",
          "round robin",
          "best of 2",
          "best of 2, independent",
          "best of 2, ties low",
          "weighted best of 2",
          "least loaded",
          "least loaded, ties low",
          "least work",
          "weighted",
          "peak EWMA");

  private static CommandRun csv;

  @BeforeAll
  static void runTheDefaultTablesSmall() {
    csv = queue("--csv");
    assertEquals(0, csv.exitCode(), csv.err());
  }

  private static CommandRun queue(String... extra) {
    List<String> args = new ArrayList<>(List.of("queue"));
    args.addAll(Arrays.asList(SMALL));
    args.addAll(Arrays.asList(extra));
    return CommandRun.of(args.toArray(new String[0]));
  }

  /** The rows of the CSV table whose title starts with a prefix, header first, split in cells. */
  private static List<String[]> table(String titlePrefix) {
    return table(csv, titlePrefix);
  }

  /** The rows of a run's CSV table whose title starts with a prefix, header first. */
  private static List<String[]> table(CommandRun csv, String titlePrefix) {
    for (String block : csv.out().split("\n\n", -1)) {
      if (block.startsWith("# " + titlePrefix)) {
        List<String[]> rows = new ArrayList<>();
        for (String line : block.strip().split("\n", -1)) {
          rows.add(cells(line));
        }
        return rows.subList(1, rows.size());
      }
    }
    throw new AssertionError("no table titled '" + titlePrefix + "…' in\n" + csv.out());
  }

  /** The cells of a CSV line; a quoted cell may hold commas ("best of 2, ties low"). */
  private static String[] cells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        cells.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    cells.add(cell.toString());
    return cells.toArray(new String[0]);
  }

  /** The row of a table whose first cells are {@code first}. */
  private static String[] row(List<String[]> table, String... first) {
    for (String[] row : table) {
      if (Arrays.asList(row).subList(0, first.length).equals(Arrays.asList(first))) {
        return row;
      }
    }
    throw new AssertionError("no row " + Arrays.toString(first));
  }

  @Test
  void printsEveryTable() {
    assertTrue(
        csv.out()
            .startsWith(
                "# web: 30969 reply sizes of nasa_19950801.tsv.gz at 0.05 ms + 1 us per 100 bytes;"
                    + " mean 0.206 ms, the largest 1 % of requests bring 23.5 % of the work\n"
                    + "# 10 servers at lambda = 0.9, 20000 requests per run (the first 2000 not"
                    + " measured); times in ms\n"),
        csv.out());
    List<String[]> sizeRows = table("Request sizes in ms");
    assertEquals(
        "sizes,median ms,mean ms,max ms,top 1 % work %,description",
        String.join(",", sizeRows.get(0)));
    // Not seeded: the log's replies, the fit and the exponential law (median ln 2, no maximum).
    assertEquals("web,0.073,0.206,12.747,23.5", String.join(",", first(row(sizeRows, "web"), 5)));
    assertEquals(
        "heavy,0.150,0.470,84.000,33.6", String.join(",", first(row(sizeRows, "heavy"), 5)));
    assertEquals(
        "exponential,0.693,1.000,unbounded,5.61",
        String.join(",", first(row(sizeRows, "exponential"), 5)));
    List<String[]> times = table("Response times in ms per policy");
    assertEquals(
        "policy,board,mean ms,median ms,p99 ms,p99.9 ms,longest queue,time-avg longest",
        String.join(",", times.get(0)));
    assertEquals(1 + POLICIES.size() * 3, times.size());
    List<String[]> sizes = table("Counting jobs vs job sizes");
    assertEquals(1 + POLICIES.size(), sizes.size());
    List<String[]> join = table("A cold server joins");
    assertEquals(
        "policy,fresh share %,fresh longest queue,T=10 share %,T=10 longest queue,T=50 share %,"
            + "T=50 longest queue",
        String.join(",", join.get(0)));
    List<String[]> failure = table("A server fails fast");
    assertEquals(
        "policy,fresh errors %,T=10 errors %,T=50 errors %", String.join(",", failure.get(0)));
    List<String[]> traffic = table("Traffic per server");
    assertEquals("policy,0,1,2,3,4,5,6,7,8,9", String.join(",", traffic.get(0)));
    assertEquals(
        "capacity,10.0,10.0,10.0,10.0,10.0,10.0,10.0,10.0,10.0,10.0",
        String.join(",", row(traffic, "capacity")));
    for (String policy : POLICIES) {
      assertEquals(3, times.stream().filter(r -> r[0].equals(policy)).count(), policy);
      row(sizes, policy);
      row(traffic, policy);
      row(join, policy);
      row(failure, policy);
    }
    List<String[]> supermarket = table("The supermarket model");
    assertEquals(
        "d,draws,n,model,requests,mean time,>=1 %,>=2 %,>=3 %,>=4 %,>=5 %,>=6 %,longest queue,"
            + "time-avg longest",
        String.join(",", supermarket.get(0)));
    assertEquals(1 + 2 * 3, supermarket.size());
    // The limit: λ^i for one choice, λ^(2^i − 1) for two; mean times 10 and Σ λ^(2^i − 2).
    assertEquals(
        "1,-,inf,mean-field limit,-,10.000,90.0,81.0,72.9,65.6,59.0,53.1,-,-",
        String.join(",", row(supermarket, "1", "-", "inf")));
    assertEquals(
        "2,-,inf,mean-field limit,-,2.614,90.0,72.9,47.8,20.6,3.82,0.131,-,-",
        String.join(",", row(supermarket, "2", "-", "inf")));
    // n = 10 needs 4000 mean service times at λ = 0.9: 36,000 requests, more than 20,000.
    assertEquals("36000", row(supermarket, "2", "distinct", "10", "simulated")[4]);

    CommandRun aligned = queue();
    assertEquals(0, aligned.exitCode(), aligned.err());
    assertTrue(aligned.out().contains("\nA server fails fast, answering at once with an error"));
    assertTrue(aligned.out().contains("\nleast loaded            T=10 "), aligned.out());
  }

  @Test
  void policiesThatIgnoreTheBoardGiveTheSameFiguresOnEveryBoard() {
    List<String[]> times = table("Response times in ms per policy");
    for (String policy : List.of("random", "round robin", "peak EWMA")) {
      String[] fresh = row(times, policy, "fresh");
      String[] stale = row(times, policy, "T=50");
      assertEquals(Arrays.asList(fresh).subList(2, 7), Arrays.asList(stale).subList(2, 7), policy);
    }
    // With equal speeds, weighted's (outstanding + 1) / 1 ranks servers as least loaded does.
    assertEquals(
        Arrays.asList(row(times, "least loaded", "T=10")).subList(2, 7),
        Arrays.asList(row(times, "weighted", "T=10")).subList(2, 7));
  }

  @Test
  void theMeasuredFiguresKeepTheirOrder() {
    List<String[]> times = table("Response times in ms per policy");
    double random = mean(row(times, "random", "fresh"));
    double bestOfTwo = mean(row(times, "best of 2", "fresh"));
    double herd = mean(row(times, "least loaded", "T=50"));
    assertTrue(bestOfTwo < random / 2, bestOfTwo + " vs " + random);
    assertTrue(herd > 2 * random, "the herd effect: " + herd + " vs " + random);
    for (String[] r : times.subList(1, times.size())) {
      double median = Double.parseDouble(r[3]);
      double p99 = Double.parseDouble(r[4]);
      double p999 = Double.parseDouble(r[5]);
      assertTrue(median <= p99 && p99 <= p999, String.join(",", r));
    }
    assertEquals("1.00", row(table("Counting jobs vs job sizes"), "random")[3]);
    // Random sends a failed server its tenth: 1,800 requests after the warm-up, sd 0.7 points.
    double randomErrors = Double.parseDouble(row(table("A server fails fast"), "random")[1]);
    assertEquals(10, randomErrors, 3);
    double ewmaErrors = Double.parseDouble(row(table("A server fails fast"), "peak EWMA")[1]);
    assertTrue(ewmaErrors > 15, "a fast-failing server attracts peak EWMA: " + ewmaErrors);
  }

  private static double mean(String[] row) {
    return Double.parseDouble(row[2]);
  }

  private static List<String> first(String[] row, int cells) {
    return Arrays.asList(row).subList(0, cells);
  }

  /** The time-averaged longest queue is at least the busy fraction and at most the maximum. */
  @Test
  void theTimeAveragedLongestQueueLiesBelowTheLongest() {
    for (String[] r :
        table("Response times in ms per policy").subList(1, 1 + 3 * POLICIES.size())) {
      double average = Double.parseDouble(r[7]);
      assertTrue(0 < average && average <= Integer.parseInt(r[6]), String.join(",", r));
    }
    for (String[] r : table("The supermarket model")) {
      if (r[3].equals("simulated")) {
        double average = Double.parseDouble(r[13]);
        // The longest queue is at least 1 whenever some server is busy: more than λ of the time.
        assertTrue(0.9 < average && average <= Integer.parseInt(r[12]), String.join(",", r));
      }
    }
  }

  /**
   * Only the tables asked for are printed, in the command's order, and only their runs happen: the
   * sizes table alone needs no simulation, so it prints the same with any --requests.
   */
  @Test
  void tablesPrintsOnlyTheTablesAskedFor() {
    CommandRun sizes = CommandRun.of("queue", "--tables", "sizes", "--csv");
    assertEquals(0, sizes.exitCode(), sizes.err());
    assertEquals(1, sizes.out().split("\n# ", -1).length - 2, sizes.out());
    CommandRun two =
        queue("--tables", "fail_fast,sizes", "--policies", "random", "--board", "0", "--csv");
    String out = two.out();
    assertTrue(out.indexOf("\n# Request sizes") < out.indexOf("\n# A server fails fast"), out);
    assertFalse(out.contains("# Response times"), out);
    assertFalse(out.contains("# The supermarket model"), out);
  }

  /**
   * Speeds 1, 1, 2, 4 at λ = 0.5, exponential sizes: the capacity row is 1/8, 1/8, 1/4, 1/2;
   * weighted, whose idle fast server always wins, sends the fastest server far more than its half
   * of the work, and least loaded, which ties idle servers at random, less (measured at 10^5
   * requests: 65 % against 39 %); random gives every server a quarter.
   */
  @Test
  void speedsSetThePoolAndWeightedPoliciesFavourFastServers() {
    CommandRun run =
        CommandRun.of(
            "queue",
            "--speeds",
            "1,1,2,4",
            "--lambda",
            "0.5",
            "--sizes",
            "exponential",
            "--requests",
            "20000",
            "--tables",
            "traffic,fail_fast",
            "--board",
            "0",
            "--policies",
            "random,least_loaded,weighted,weighted_best_of_d",
            "--csv");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("\n# 4 servers of speeds 1,1,2,4 at lambda = 0.5,"), run.out());
    assertTrue(run.out().contains("(fair share by speed = 12.5 %)"), run.out());
    List<String[]> traffic = table(run, "Traffic per server");
    assertEquals("capacity,12.5,12.5,25.0,50.0", String.join(",", row(traffic, "capacity")));
    double weighted = Double.parseDouble(row(traffic, "weighted")[4]);
    double leastLoaded = Double.parseDouble(row(traffic, "least loaded")[4]);
    double random = Double.parseDouble(row(traffic, "random")[4]);
    assertTrue(weighted > 55 && leastLoaded < 45, weighted + " vs " + leastLoaded);
    // A quarter of 20,000 requests: six standard deviations of the count, and of the work's noise.
    assertEquals(25, random, 3);
  }

  /**
   * The plan counts what it runs: with the defaults, per policy three boards, one exponential run,
   * three cold joins and three failures (the fresh run is the first board's), and six supermarket
   * runs; a table without simulations needs none; traffic without a fresh board needs one run.
   */
  @Test
  void thePlanCountsOnlyTheRunsOfTheTablesAsked() {
    List<Balancer> all = List.of(Balancer.values());
    List<Double> boards = List.of(0.0, 10.0, 50.0);
    List<Integer> theory = List.of(10, 100, 1000);
    List<Policy.Draws> distinct = List.of(Policy.Draws.DISTINCT);
    Set<QueueTable> every = EnumSet.allOf(QueueTable.class);
    assertEquals(116, new QueueStudy.Plan(all, 2, boards, theory, distinct, every).runs());
    assertEquals(
        0, new QueueStudy.Plan(all, 2, boards, theory, distinct, Set.of(QueueTable.SIZES)).runs());
    Set<QueueTable> stale = Set.of(QueueTable.RESPONSE_TIMES, QueueTable.TRAFFIC);
    assertEquals(
        2,
        new QueueStudy.Plan(all.subList(0, 1), 2, List.of(10.0), theory, distinct, stale).runs());
    // d = 1 runs one sampling rule; d = 2 runs both.
    List<Policy.Draws> both = List.of(Policy.Draws.DISTINCT, Policy.Draws.INDEPENDENT);
    Set<QueueTable> supermarket = Set.of(QueueTable.SUPERMARKET);
    assertEquals(9, new QueueStudy.Plan(all, 2, boards, theory, both, supermarket).runs());
  }

  /** The supermarket table with both sampling rules: one row pair per rule, one limit per d. */
  @Test
  void drawsComparesDistinctAndIndependentCandidates() {
    CommandRun run =
        CommandRun.of(
            "queue",
            "--tables",
            "supermarket",
            "--draws",
            "distinct,independent",
            "--theory-servers",
            "2,10",
            "--requests",
            "100000",
            "--csv");
    assertEquals(0, run.exitCode(), run.err());
    List<String[]> supermarket = table(run, "The supermarket model");
    // d = 1: one run per n; d = 2: two per n; a limit per d.
    assertEquals(1 + 2 * 2 + 1 + 2 * 2 * 2 + 1, supermarket.size());
    row(supermarket, "1", "-", "2", "simulated");
    row(supermarket, "2", "independent", "2", "refined mean field");
    // At n = 2 distinct candidates are both servers: join the shortest queue, 5.47 mean service
    // times at λ = 0.9 against 5.86 with independent ones (the exact two-server chains). Both
    // runs see the same arrivals and sizes (one seed), so their difference is steady: 0.38 to
    // 0.41 over seeds 1 to 4 at 4·10^5 requests.
    double distinct = Double.parseDouble(row(supermarket, "2", "distinct", "2", "simulated")[5]);
    double independent =
        Double.parseDouble(row(supermarket, "2", "independent", "2", "simulated")[5]);
    assertTrue(distinct < independent, distinct + " vs " + independent);
  }

  @Test
  void sameSeedSameOutputOtherSeedOtherOutput() {
    String[] args = {"--policies", "best_of_d,least_loaded", "--board", "0,10", "--csv"};
    CommandRun first = queue(args);
    CommandRun again = queue(args);
    assertEquals(0, first.exitCode(), first.err());
    assertEquals(first.out(), again.out());
    List<String> other = new ArrayList<>(Arrays.asList(args));
    other.addAll(List.of("--seed", "7"));
    assertNotEquals(first.out(), queue(other.toArray(new String[0])).out());
  }

  @Test
  void readsSizesFromTheBuiltInSourcesAndFromFiles(@TempDir Path dir) throws Exception {
    String[] fast = {"--policies", "random,best_of_d", "--board", "0", "--csv"};
    assertTrue(run("--sizes", "heavy", fast).startsWith("# heavy: bounded Pareto sizes fitted to"));
    assertTrue(
        run("--sizes", "exponential", fast)
            .startsWith("# exponential: exponential sizes of mean 1.00 ms; mean 1.00 ms,"));

    Path list = dir.resolve("sizes.txt");
    Files.write(list, List.of("0.5", "1.5", "1.5", "2"), StandardCharsets.UTF_8);
    assertTrue(
        run("--sizes", list.toString(), fast)
            .startsWith("# " + list + ": 4 sizes in ms from " + list + "; mean 1.38 ms,"),
        run("--sizes", list.toString(), fast));

    Path log = dir.resolve("access_log");
    Files.write(
        log,
        List.of(
            "host - - [01/Aug/1995:00:00:01 -0400] \"GET / HTTP/1.0\" 200 7280",
            "host - - [01/Aug/1995:00:00:02 -0400] \"GET /a HTTP/1.0\" 200 -"),
        StandardCharsets.UTF_8);
    // 0.05 + 1e-5 · 7280 = 0.1228 ms and 0.05 ms: mean 0.0864 ms.
    assertTrue(
        run("--sizes", log.toString(), fast)
            .startsWith(
                "# web: 2 reply sizes of "
                    + log
                    + " at 0.05 ms + 1 us per 100 bytes; mean 0.0864"));
  }

  private static String run(String option, String value, String... fast) {
    List<String> args = new ArrayList<>(List.of(option, value));
    args.addAll(Arrays.asList(fast));
    CommandRun run = queue(args.toArray(new String[0]));
    assertEquals(0, run.exitCode(), run.err());
    return run.out();
  }

  @Test
  void badInputGivesAOneLineError(@TempDir Path dir) throws Exception {
    assertError("--lambda must be in (0, 1): 1.0", "--lambda", "1");
    assertError("--lambda must be in (0, 1): 1.5", "--lambda", "1.5");
    assertError("--lambda must be in (0, 1): 0.0", "--lambda", "0");
    assertError("--lambda must be in (0, 1): -0.5", "--lambda", "-0.5");
    assertError("--servers must be at least 2: 0", "--servers", "0");
    assertError("--speeds must be positive and finite: 0.0", "--speeds", "1,0,2");
    assertError("--speeds must be positive and finite: -1.0", "--speeds", "1,-1");
    assertError("--speeds must be positive and finite: Infinity", "--speeds", "1,Infinity");
    assertError("--speeds must be positive and finite: NaN", "--speeds", "NaN,1");
    assertError("--speeds must be at least 2 factors: 1", "--speeds", "4");
    assertError(
        "--speeds must give one factor per server: 4 factors for --servers 10",
        "--speeds",
        "1,1,2,4",
        "--servers",
        "10");
    assertError(
        "--d must be from 1 to 64 and at most --servers (3): 4", "--speeds", "1,2,3", "--d", "4");
    assertError("--d must be from 1 to 64 and at most --servers (10): 11", "--d", "11");
    assertError("--d must be from 1 to 64 and at most --servers (10): 0", "--d", "0");
    assertError("--requests must be at least 100: 5", "--requests", "5");
    assertError("--board periods must be finite and >= 0: -10.0", "--board", "0,-10");
    assertError(
        "--theory-servers must each be at least --d (3): 2", "--d", "3", "--theory-servers", "2");

    Path missing = dir.resolve("missing.txt");
    assertError(
        "--sizes: expected exponential, web, heavy or a file, and there is no file " + missing,
        "--sizes",
        missing.toString());
    Path empty = dir.resolve("empty.txt");
    Files.writeString(empty, "");
    assertError("--sizes: no sizes in " + empty + ": it is empty", "--sizes", empty.toString());
    Path negative = dir.resolve("negative.txt");
    Files.writeString(negative, "0.2\n-3\n0.1\n");
    assertError(
        "--sizes: sizes must be finite and >= 0, but " + negative + " holds -3",
        "--sizes",
        negative.toString());
    Path words = dir.resolve("words.txt");
    Files.writeString(words, "0.2\nfast\n");
    assertError(
        "--sizes: not a size in ms in " + words + ": 'fast' (expected one number a line)",
        "--sizes",
        words.toString());
    Path zeros = dir.resolve("zeros.txt");
    Files.writeString(zeros, "0\n0\n");
    assertError("--sizes: the sizes in " + zeros + " are all 0", "--sizes", zeros.toString());
  }

  /** Bad input is found before any simulation: the error comes at once. */
  private static void assertError(String message, String... args) {
    List<String> command = new ArrayList<>(List.of("queue"));
    command.addAll(Arrays.asList(args));
    CommandRun run = CommandRun.of(command.toArray(new String[0]));
    assertEquals(2, run.exitCode(), run.out());
    assertTrue(run.err().startsWith(message + System.lineSeparator()), run.err());
    assertFalse(run.err().contains("Exception"), run.err());
    assertEquals("", run.out());
  }
}
