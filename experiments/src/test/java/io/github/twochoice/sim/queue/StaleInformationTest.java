/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Old information and pool changes at n = 10, λ = 0.9, exponential sizes of mean 1, with fixed
 * seeds. The margins are wide: the effects are factors, and a mean over 2·10<sup>5</sup> requests
 * varies by a few per cent between seeds.
 */
class StaleInformationTest {
  private static final int N = 10;
  private static final int REQUESTS = 200_000;

  private static Simulation.Builder run(Policy policy, double boardPeriod) {
    return Simulation.builder()
        .servers(N)
        .policy(policy)
        .requests(REQUESTS)
        .warmup(REQUESTS / 10)
        .boardPeriod(boardPeriod)
        .seed(5);
  }

  /**
   * The average, over board periods, of the largest share of a period's requests one server got.
   */
  private static double topServerShare(Policy policy, double period) {
    int periods = (int) (REQUESTS / (0.9 * N) / period) + 100;
    int[][] counts = new int[periods][N];
    run(policy, period)
        .listener(
            (request, server, arrival, work, completion, error) ->
                counts[(int) (arrival / period)][server]++)
        .build()
        .run();
    double sum = 0;
    int used = 0;
    for (int[] c : counts) {
      int total = 0;
      int top = 0;
      for (int x : c) {
        total += x;
        top = Math.max(top, x);
      }
      if (total > 0) {
        sum += (double) top / total;
        used++;
      }
    }
    return sum / used;
  }

  /**
   * Mitzenmacher's herd effect: on a board updated every 10 service times, least loaded sends a
   * whole period's requests to the servers the board shows emptiest, and does worse than random
   * (measured: mean 25.7 against 9.8); best of two still beats random (5.6). At T = 50 least loaded
   * is hopeless (122), and best of two (14.0) also falls behind random, as in Mitzenmacher's
   * simulations for large T, though far less.
   */
  @Test
  void aStaleBoardHerdsLeastLoadedButBestOfTwoDegradesGracefully() {
    Policy onTheBoardMinimum =
        new CheckedPolicy(
            Policy.leastLoaded(),
            (board, read, chosen) -> {
              for (int s = 0; s < N; s++) {
                assertTrue(board.outstanding(chosen) <= board.outstanding(s));
              }
            });
    double leastLoaded = run(onTheBoardMinimum, 10).build().run().mean();
    double random = run(Policy.random(), 10).build().run().mean();
    double bestOfTwo = run(Policy.bestOf(2), 10).build().run().mean();
    double bestOfTwoFresh = run(Policy.bestOf(2), 0).build().run().mean();
    assertTrue(leastLoaded > 2 * random, () -> leastLoaded + " vs random " + random);
    assertTrue(bestOfTwo < 0.7 * random, () -> bestOfTwo + " vs random " + random);
    assertTrue(bestOfTwoFresh < bestOfTwo);

    double herd = topServerShare(Policy.leastLoaded(), 10);
    double spread = topServerShare(Policy.random(), 10);
    assertTrue(herd > 0.55 && herd > 3 * spread, () -> herd + " vs random " + spread);

    double leastLoaded50 = run(Policy.leastLoaded(), 50).build().run().mean();
    double bestOfTwo50 = run(Policy.bestOf(2), 50).build().run().mean();
    assertTrue(bestOfTwo50 < leastLoaded50 / 4, () -> bestOfTwo50 + " vs " + leastLoaded50);
    assertTrue(bestOfTwo50 > random, () -> bestOfTwo50 + " vs random " + random);
  }

  /** Measures the joiner's share of the requests of its first board period, and its queue. */
  private static double[] coldJoin(Policy policy, double boardPeriod) {
    double join = 1000;
    long[] counts = new long[2]; // requests in [join, join + 10), of which to the joiner
    RunResult result =
        run(policy, boardPeriod)
            .lastServerJoinsAt(join)
            .listener(
                (request, server, arrival, work, completion, error) -> {
                  assertTrue(server < N - 1 || arrival >= join, "sent before joining");
                  if (arrival >= join && arrival < join + 10) {
                    counts[0]++;
                    counts[1] += server == N - 1 ? 1 : 0;
                  }
                })
            .build()
            .run();
    return new double[] {(double) counts[1] / counts[0], result.longestQueuePerServer()[N - 1]};
  }

  /**
   * A cold server joins a busy pool at t = 1000. With fresh loads least loaded fills it gently
   * (measured: 12 % of the next 10 time units' requests, longest queue 6); on a board updated every
   * 10, the board shows it empty for a whole period and least loaded floods it (35 %, queue 88),
   * while best of two sends it a modest share (13 %, queue 26).
   */
  @Test
  void aColdServerIsFloodedThroughAStaleBoard() {
    double[] fresh = coldJoin(Policy.leastLoaded(), 0);
    double[] stale = coldJoin(Policy.leastLoaded(), 10);
    double[] bestOfTwo = coldJoin(Policy.bestOf(2), 10);
    assertTrue(stale[0] > 0.25 && stale[0] > 2 * fresh[0], () -> stale[0] + " vs " + fresh[0]);
    assertTrue(stale[1] > 3 * fresh[1], () -> stale[1] + " vs " + fresh[1]);
    assertTrue(bestOfTwo[1] < stale[1] / 2, () -> bestOfTwo[1] + " vs " + stale[1]);
  }

  /**
   * Server 0 fails at t = 100 and answers every later request at once, with an error. Random and
   * round robin send it its tenth; latency-aware peak EWMA sees a very fast server and sends it
   * almost every request where it is a candidate (measured: 19.9 %, near 2/n); least loaded, for
   * which the failed server is always empty, a third.
   */
  @Test
  void aFastFailingServerAttractsTraffic() {
    double[] share = new double[4];
    Policy[] policies = {
      Policy.random(), Policy.roundRobin(), Policy.peakEwma(), Policy.leastLoaded()
    };
    for (int p = 0; p < policies.length; p++) {
      long[] afterFailure = new long[1];
      RunResult result =
          run(policies[p], 0)
              .serverFailsAt(0, 100)
              .listener(
                  (request, server, arrival, work, completion, error) ->
                      afterFailure[0] += server == 0 && arrival >= 100 ? 1 : 0)
              .build()
              .run();
      assertEquals(afterFailure[0], result.errors());
      share[p] = (double) result.errors() / REQUESTS;
    }
    assertEquals(0.1, share[0], 0.01);
    assertEquals(0.1, share[1], 0.01);
    assertTrue(share[2] > 0.17, () -> "peak EWMA " + share[2]);
    assertTrue(share[3] > 0.25, () -> "least loaded " + share[3]);
  }
}
