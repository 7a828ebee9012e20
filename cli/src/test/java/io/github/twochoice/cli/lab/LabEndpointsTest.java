/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.balls.Layers;
import io.github.twochoice.place.ModN;
import io.github.twochoice.place.Rendezvous;
import io.github.twochoice.place.WeightedRendezvous;
import io.github.twochoice.place.WeightedScore;
import io.github.twochoice.sim.BallsIntoBins;
import io.github.twochoice.sim.BallsIntoBins.Rule;
import io.github.twochoice.sim.CuckooTable;
import io.github.twochoice.sim.CuckooThreshold;
import io.github.twochoice.sim.Scheme;
import io.github.twochoice.sim.queue.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every endpoint against direct calls of the library with the same parameters: the same seed gives
 * the same step, whether the page replays it or the library computes it again.
 */
class LabEndpointsTest {
  private static final Map<String, Endpoint> ENDPOINTS = LabServer.endpoints();

  private static Json.Obj call(String endpoint, String query) {
    return (Json.Obj) ENDPOINTS.get(endpoint).answer(Params.parse(query));
  }

  /** The loads after the first {@code step} balls of a trace as the page replays it. */
  private static int[] replay(Json.Obj trace, int step, int bins) {
    int[][] candidates = (int[][]) trace.get("candidates");
    int[] chosen = (int[]) trace.get("chosen");
    int[] loads = new int[bins];
    for (int ball = 0; ball < step; ball++) {
      loads[candidates[ball][chosen[ball]]]++;
    }
    return loads;
  }

  private static long[] histogram(int[] loads) {
    long[] histogram = new long[Arrays.stream(loads).max().orElse(0) + 1];
    for (int load : loads) {
      histogram[load]++;
    }
    return histogram;
  }

  @Test
  void ballsReplayEveryStepOfTheLibrarysRun() {
    Json.Obj answer = call("balls", "n=16&balls=48&seed=7");
    @SuppressWarnings("unchecked")
    List<Json.Obj> schemes = (List<Json.Obj>) answer.get("schemes");
    assertEquals(Scheme.STANDARD.size(), schemes.size());
    int maxLayer = (int) answer.get("maxLayer");
    for (int s = 0; s < schemes.size(); s++) {
      Scheme scheme = Scheme.STANDARD.get(s);
      assertEquals(scheme.label(), schemes.get(s).get("label"));
      double[][] theory = (double[][]) schemes.get(s).get("theory");
      for (int step : new int[] {0, 1, 2, 17, 48}) {
        assertArrayEquals(
            scheme.throwBalls(step, 16, 7).histogram(),
            histogram(replay(schemes.get(s), step, 16)),
            scheme.label() + " after " + step);
        assertArrayEquals(Layers.theory(scheme, step / 16.0, maxLayer), theory[step], 1e-12);
      }
    }
  }

  @Test
  void theLargeRunIsTheLayerStudy() {
    Json.Obj answer = call("balls/large", "n=20000&seed=3");
    @SuppressWarnings("unchecked")
    List<Json.Obj> rows = (List<Json.Obj>) answer.get("schemes");
    SplittableRandom seeds = new SplittableRandom(3); // Layers.measure draws them in this order
    for (int s = 0; s < rows.size(); s++) {
      Scheme scheme = Scheme.STANDARD.get(s);
      assertEquals(
          scheme.throwBalls(20_000, 20_000, seeds.nextLong()).maxLoad(),
          rows.get(s).get("maxLoad"),
          scheme.label());
    }
    Json.Obj figure = (Json.Obj) answer.get("figure");
    assertTrue(((String) figure.get("svg")).startsWith("<svg"));
    assertTrue(((String) figure.get("csv")).startsWith("series,style,layer i,"));
  }

  @Test
  void dLeftFlagsTheLibrarysTiesAndCountsItsMaxima() {
    for (Map.Entry<String, Rule> rule : DLeftLab.RULES.entrySet()) {
      Json.Obj answer = call("dleft", "n=20&balls=60&seed=5&rule=" + rule.getKey());
      BallsIntoBins.Trace trace = BallsIntoBins.trace(60, 20, 2, rule.getValue(), 5);
      boolean[] ties = (boolean[]) answer.get("ties");
      int flagged = 0;
      for (int ball = 0; ball < 60; ball++) {
        assertEquals(trace.tie(ball), ties[ball], rule.getKey() + " ball " + ball);
        assertArrayEquals(trace.candidates(ball), ((int[][]) answer.get("candidates"))[ball]);
        flagged += ties[ball] ? 1 : 0;
      }
      assertTrue(flagged > 0, "60 balls in 20 bins tie often: " + rule.getKey());
      assertEquals(rule.getValue() == Rule.SYMMETRIC ? 1 : 2, answer.get("groups"));
    }
    Json.Obj histogram = call("dleft/histogram", "n=500&seed=9");
    @SuppressWarnings("unchecked")
    List<Json.Obj> rules = (List<Json.Obj>) histogram.get("rules");
    for (Json.Obj row : rules) {
      Rule rule = DLeftLab.RULES.get((String) row.get("rule"));
      assertArrayEquals(
          BallsIntoBins.maxLoadDistribution(500, 500, 2, rule, DLeftLab.SEEDS, 9),
          (long[]) row.get("counts"));
    }
  }

  @Test
  void cuckooShowsWhatTheTableDid() {
    for (int[] layout : new int[][] {{2, 1}, {2, 2}, {3, 1}, {4, 1}}) {
      for (long seed = 1; seed <= 3; seed++) {
        checkCuckoo(layout[0], layout[1], 48, seed);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static void checkCuckoo(int d, int b, int cells, long seed) {
    String where = "(" + d + "," + b + ") seed " + seed;
    Json.Obj answer = call("cuckoo", "d=" + d + "&b=" + b + "&cells=" + cells + "&seed=" + seed);
    List<Json.Obj> inserts = (List<Json.Obj>) answer.get("inserts");
    double load = CuckooThreshold.firstFailureLoad(d, b, cells, seed);
    assertEquals(load, (double) answer.get("load"), where);
    CuckooTable mirror = CuckooTable.withCells(d, b, cells, seed);
    List<List<Object>> previous = CuckooLab.contents(mirror);
    for (Json.Obj insert : inserts) {
      int key = (int) insert.get("key");
      assertArrayEquals(mirror.candidateBuckets(key), (int[]) insert.get("candidates"), where);
      assertEquals(mirror.add(key), insert.get("placed"), where + " key " + key);
      List<List<Object>> now = CuckooLab.contents(mirror);
      assertEquals(now, insert.get("table"), where + " key " + key);
      List<int[]> path = (List<int[]>) insert.get("path");
      if ((boolean) insert.get("placed")) {
        assertPathExplainsTheChange(previous, now, key, (int) insert.get("bucket"), path, where);
      } else {
        assertEquals(previous, now, where + ": a failed insert moves nothing");
        Json.Obj component = (Json.Obj) insert.get("component");
        Set<Integer> buckets = (Set<Integer>) component.get("buckets");
        for (int bucket : buckets) {
          assertEquals(b, now.get(bucket).size(), where + ": the component is full");
        }
        assertEquals(buckets.size() * b, ((List<Object>) component.get("keys")).size(), where);
      }
      previous = now;
    }
    assertEquals(load < 1, answer.get("failed"), where);
  }

  /** Applying the path's moves and the new key to the old table gives the new table. */
  private static void assertPathExplainsTheChange(
      List<List<Object>> before,
      List<List<Object>> after,
      int key,
      int bucket,
      List<int[]> path,
      String where) {
    List<Set<Object>> expected = new ArrayList<>();
    for (List<Object> keys : before) {
      expected.add(new HashSet<>(keys));
    }
    expected.get(bucket).add(key);
    int from = bucket;
    for (int[] move : path) {
      assertEquals(from, move[1], where + ": each move leaves the bucket the last one entered");
      assertTrue(expected.get(move[1]).remove(move[0]), where);
      expected.get(move[2]).add(move[0]);
      from = move[2];
    }
    List<Set<Object>> actual = new ArrayList<>();
    for (List<Object> keys : after) {
      actual.add(new HashSet<>(keys));
    }
    assertEquals(expected, actual, where + " key " + key);
  }

  @Test
  void someCuckooInsertMovesKeysAndTheLastFails() {
    Json.Obj answer = call("cuckoo", "d=2&b=1&cells=64&seed=2026");
    @SuppressWarnings("unchecked")
    List<Json.Obj> inserts = (List<Json.Obj>) answer.get("inserts");
    assertTrue(inserts.stream().anyMatch(i -> !((List<?>) i.get("path")).isEmpty()));
    assertEquals(false, inserts.get(inserts.size() - 1).get("placed"));
    assertEquals(true, answer.get("failed"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void rendezvousOwnersAndMovesAreTheLibrarys() {
    RendezvousLab lab = new RendezvousLab();
    List<String> urls = lab.urls();
    Json.Obj answer = lab.trace(Params.parse("servers=6&keys=30&change=remove&server=4"));
    Json.Obj before = (Json.Obj) answer.get("before");
    Json.Obj after = (Json.Obj) answer.get("after");
    List<String> servers =
        List.of("proxy-1", "proxy-2", "proxy-3", "proxy-4", "proxy-5", "proxy-6");
    assertEquals(servers, before.get("servers"));
    Rendezvous<String> plain = Rendezvous.ofNames(servers);
    Rendezvous<String> smaller = Rendezvous.ofNames(servers);
    smaller.remove("proxy-4");
    List<String> afterServers = (List<String>) after.get("servers");
    for (int k = 0; k < 30; k++) {
      String url = urls.get(k);
      assertEquals(plain.owner(url), servers.get(((int[]) before.get("owners"))[k]), url);
      assertEquals(smaller.owner(url), afterServers.get(((int[]) after.get("owners"))[k]), url);
    }
    long moved = urls.stream().filter(u -> !plain.owner(u).equals(smaller.owner(u))).count();
    Json.Obj moves = (Json.Obj) answer.get("moves");
    assertEquals((double) moved / urls.size(), (double) moves.get("rendezvous"), 1e-12);
    assertEquals(1.0 / 6, (double) moves.get("expected"), 1e-12);
    ModN<String> modN = ModN.of(servers, Function.identity());
    ModN<String> modNAfter = ModN.of(afterServers, Function.identity());
    long modNMoved = urls.stream().filter(u -> !modN.owner(u).equals(modNAfter.owner(u))).count();
    assertEquals((double) modNMoved / urls.size(), (double) moves.get("modN"), 1e-12);
  }

  /**
   * The score the page draws is the one {@link WeightedRendezvous} compares: for servers of
   * capacities 1, 1, 1, 1, 2, 2, 4, 4, every score is positive and finite, and the library's owner
   * has the highest.
   */
  @Test
  void theOwnerHasTheHighestScore() {
    double[] capacities = {1, 1, 1, 1, 2, 2, 4, 4};
    WeightedRendezvous<String> placement =
        WeightedRendezvous.create(Function.identity(), WeightedScore.LOGARITHMIC);
    for (int i = 0; i < capacities.length; i++) {
      placement.add("node-" + i, capacities[i]);
    }
    for (int k = 0; k < 2000; k++) {
      String key = "key-" + k;
      String best = null;
      double bestScore = 0;
      for (String node : placement.nodes()) {
        double s = RendezvousLab.score(key, node, placement.weight(node));
        assertTrue(s > 0 && Double.isFinite(s), key + " " + node + ": " + s);
        if (best == null || s > bestScore) {
          best = node;
          bestScore = s;
        }
      }
      assertEquals(placement.owner(key), best, key);
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void reweightingMovesKeysOnlyToOrFromTheServer() {
    RendezvousLab lab = new RendezvousLab();
    Json.Obj answer = lab.trace(Params.parse("servers=4&keys=40&change=weight&server=2&weight=5"));
    Json.Obj before = (Json.Obj) answer.get("before");
    Json.Obj after = (Json.Obj) answer.get("after");
    assertEquals(5.0, ((double[]) after.get("weights"))[1]);
    int[] owners = (int[]) before.get("owners");
    int[] ownersAfter = (int[]) after.get("owners");
    for (int k = 0; k < owners.length; k++) {
      if (owners[k] != ownersAfter[k]) {
        assertEquals(1, ownersAfter[k], "a key moves only to the heavier proxy-2");
      }
      double[] row = ((double[][]) after.get("scores"))[k];
      int best = 0;
      for (int s = 1; s < row.length; s++) {
        best = row[s] > row[best] ? s : best;
      }
      assertEquals(best, ownersAfter[k], "the owner has the highest score");
    }
    Json.Obj moves = (Json.Obj) answer.get("moves");
    assertNull(moves.get("modN"));
    // Expected: 5/8 - 1/4 = 3/8 of the keys move. Over n ≈ 2000 URLs the binomial's sd is
    // sqrt(3/8 · 5/8 / n) ≈ 0.011: six of them.
    int n = (int) moves.get("urls");
    assertEquals(0.375, (double) moves.get("expected"), 1e-12);
    assertEquals(0.375, (double) moves.get("rendezvous"), 6 * Math.sqrt(0.375 * 0.625 / n));
  }

  @Test
  void boardStepsFollowTheSimulation() {
    for (String policy : BoardLab.POLICY_NAMES) {
      for (double period : new double[] {0, 3}) {
        String query =
            "servers=6&lambda=0.9&period=" + period + "&policy=" + policy + "&requests=500&seed=11";
        Json.Obj answer = call("board", query);
        RunResult direct =
            BoardLab.simulation(6, 0.9, period, BoardLab.policy(policy), 500, 11).build().run();
        int[] server = (int[]) answer.get("server");
        int[][] queues = (int[][]) answer.get("queues");
        int[][] board = (int[][]) answer.get("board");
        long[] perServer = new long[6];
        int[] longest = new int[6];
        for (int k = 0; k < 500; k++) {
          perServer[server[k]]++;
          for (int s = 0; s < 6; s++) {
            longest[s] = Math.max(longest[s], queues[k][s]);
          }
          if (period == 0 && k > 0) {
            int[] expected = queues[k].clone();
            expected[server[k]]--; // the live board is the queues just before this request
            assertArrayEquals(expected, board[k], policy + " request " + k);
          }
          if (policy.equals("least")) {
            int least = Arrays.stream(board[k]).min().orElseThrow();
            assertEquals(least, board[k][server[k]], "least loaded on the board, request " + k);
          }
        }
        assertArrayEquals(direct.requestsPerServer(), perServer, policy + " T = " + period);
        assertArrayEquals(direct.longestQueuePerServer(), longest, policy + " T = " + period);
        assertEquals(direct.mean(), (double) answer.get("meanTime"), 0.0);
      }
    }
  }

  @Test
  void theSweepGivesTheMedianAndTheWidthOfTheDrop() {
    Json.Obj answer = call("cuckoo/sweep", "d=2&b=1&cells=1024&trials=40&seed=5");
    double[] loads =
        CuckooThreshold.firstFailureLoads(2, 1, 1024, 40, new SplittableRandom(5).nextLong());
    Arrays.sort(loads);
    assertEquals(loads[3], (double) answer.get("low"), 0.0, "the 4th of 40: a tenth had failed");
    assertEquals(loads[35], (double) answer.get("high"), 0.0, "the 36th: nine tenths");
    assertEquals((loads[19] + loads[20]) / 2, (double) answer.get("median"), 0.0);
  }

  @Test
  void aStaleBoardMakesLeastLoadedWorseThanBestOfTwo() {
    Json.Obj answer = call("board/sweep", "servers=8&lambda=0.9&requests=4000&seed=1");
    @SuppressWarnings("unchecked")
    List<Json.Obj> rows = (List<Json.Obj>) answer.get("policies");
    double[] least = (double[]) rows.get(0).get("means");
    double[] best2 = (double[]) rows.get(1).get("means");
    int last = BoardLab.SWEEP_PERIODS.length - 1;
    // Mitzenmacher (2000): with a live board least loaded is best; on a board 32 service times
    // old it herds and is far worse than best of two. The margins here are several-fold.
    assertTrue(least[0] < best2[0], "live board: " + least[0] + " vs " + best2[0]);
    assertTrue(least[last] > 2 * best2[last], "T = 32: " + least[last] + " vs " + best2[last]);
  }

  @Test
  void badParametersAreRefusedWithTheirName() {
    assertMessage("balls", "n=65", "n must be from 4 to 64 in the animated view");
    assertMessage("balls", "n=16&balls=65", "balls must be from 1 to 64: 65");
    assertMessage("balls", "n=abc", "n must be a whole number");
    assertMessage("balls", "n=8&n=9", "parameter n is given twice");
    assertMessage("balls", "bins=8", "unknown parameter bins; this endpoint takes n, balls, seed");
    assertMessage("balls", "seed=x", "seed must be a whole number: x");
    assertMessage("dleft", "rule=right", "rule must be one of left, random, single: right");
    assertMessage("cuckoo", "b=3", "b must be 1, 2, 4 or 8: 3");
    assertMessage("cuckoo", "cells=129", "cells must be from 4 to 128: 129");
    assertMessage("cuckoo", "b=4&cells=18", "cells must be a multiple of b = 4: 18");
    assertMessage("cuckoo/sweep", "b=8&cells=100", "cells must be a multiple of b = 8: 100");
    assertMessage("board", "period=20.5", "period must be from 0 to 20: 20.5");
    assertMessage("board", "lambda=1", "lambda must be from 0.1 to 0.99: 1");
    assertMessage("balls/large", "n=2000000", "n must be from 1000 to 1000000: 2000000");
    assertMessage("cuckoo", "cells=", "cells must be a whole number from 4 to 128: (empty)");
    assertMessage("balls", "n=%zz", "malformed query: %zz");
  }

  private static void assertMessage(String endpoint, String query, String start) {
    BadRequest e = assertThrows(BadRequest.class, () -> call(endpoint, query));
    assertTrue(e.getMessage().startsWith(start), e.getMessage());
  }

  @Test
  void jsonIsWrittenAsJsonReadsIt() {
    Json.Obj obj =
        Json.obj()
            .put("s", "a\"b\\c\n<")
            .put("n", 3)
            .put("x", 0.25)
            .put("nan", Double.NaN)
            .put("ints", new int[][] {{1, 2}, {}})
            .put("flags", new boolean[] {true, false})
            .put("list", List.of(1L, "two"))
            .put("none", null);
    assertEquals(
        "{\"s\":\"a\\\"b\\\\c\\n\\u003c\",\"n\":3,\"x\":0.25,\"nan\":null,"
            + "\"ints\":[[1,2],[]],\"flags\":[true,false],\"list\":[1,\"two\"],\"none\":null}",
        obj.toString());
    assertNotEquals("", Json.write(new double[] {1e-9}));
    assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
  }
}
