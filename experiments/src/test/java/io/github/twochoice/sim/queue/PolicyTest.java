/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.sim.queue.Policy.Draws;
import io.github.twochoice.sim.queue.Policy.Ties;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Each policy's invariants, checked on every decision of a seeded run through {@link
 * CheckedPolicy}, which sees the servers a policy read and the loads it read.
 */
class PolicyTest {
  private static Simulation.Builder run(Policy policy, int servers, int requests) {
    return Simulation.builder().policy(policy).servers(servers).requests(requests).seed(21);
  }

  @Test
  void roundRobinSendsRequestIToServerIModN() {
    Trace trace = new Trace(10_000);
    run(Policy.roundRobin(), 7, 10_000).listener(trace).build().run();
    for (int request = 0; request < 10_000; request++) {
      assertEquals(request % 7, trace.server[request], "request " + request);
    }
  }

  @Test
  void bestOfTwoNeverPicksTheMoreLoadedCandidateAndBreaksTiesAtRandom() {
    int[] ties = new int[2]; // [ties, ties won by the lower index]
    Policy checked =
        new CheckedPolicy(
            Policy.bestOf(2),
            (load, read, chosen) -> {
              assertEquals(2, read.reads.size());
              int a = read.reads.get(0);
              int b = read.reads.get(1);
              assertTrue(a != b, "distinct candidates");
              assertTrue(chosen == a || chosen == b);
              int other = chosen == a ? b : a;
              assertTrue(load.outstanding(chosen) <= load.outstanding(other));
              if (load.outstanding(a) == load.outstanding(b)) {
                ties[0]++;
                ties[1] += chosen == Math.min(a, b) ? 1 : 0;
              }
            });
    run(checked, 10, 100_000).build().run();
    // Random ties: the lower index wins a binomial half of them (six standard deviations).
    assertTrue(ties[0] > 10_000, () -> "ties " + ties[0]);
    assertEquals(ties[0] / 2.0, ties[1], 6 * Math.sqrt(ties[0] / 4.0));
  }

  @Test
  void bestOfDWithIndependentDrawsAndLowTiesKeepsItsRules() {
    int[] repeats = new int[1];
    Policy checked =
        new CheckedPolicy(
            Policy.bestOf(3, Draws.INDEPENDENT, Ties.LOWER_INDEX),
            (load, read, chosen) -> {
              List<Integer> candidates = read.reads;
              assertEquals(3, candidates.size());
              int least = Integer.MAX_VALUE;
              int lowestTied = Integer.MAX_VALUE;
              for (int c : candidates) {
                int o = load.outstanding(c);
                if (o < least) {
                  least = o;
                  lowestTied = c;
                } else if (o == least) {
                  lowestTied = Math.min(lowestTied, c);
                }
              }
              assertEquals(lowestTied, chosen);
              repeats[0] += new HashSet<>(candidates).size() < 3 ? 1 : 0;
            });
    run(checked, 10, 50_000).build().run();
    // Independent draws repeat a server with probability 1 - 0.9 * 0.8 = 28 %.
    assertEquals(0.28 * 50_000, repeats[0], 6 * Math.sqrt(50_000 * 0.28 * 0.72));
  }

  /**
   * Ties to the lower index bias the traffic: with 10 servers at λ = 0.9 server 0 gets about 7 %
   * more requests than server 9 (measured: 102,957 and 96,039 of 10<sup>6</sup>), while random ties
   * share it evenly. Counts of 20,000 have a standard deviation of about 140 (0.7 %).
   */
  @Test
  void lowerIndexTiesFavourLowServers() {
    long[] low =
        run(Policy.bestOf(2, Draws.DISTINCT, Ties.LOWER_INDEX), 10, 200_000)
            .build()
            .run()
            .requestsPerServer();
    long[] fair = run(Policy.bestOf(2), 10, 200_000).build().run().requestsPerServer();
    assertTrue(low[0] > 1.04 * low[9], () -> low[0] + " vs " + low[9]);
    for (long count : fair) {
      assertEquals(20_000, (double) count, 6 * 141);
    }
  }

  /**
   * Distinct candidates are d different servers, each d-subset equally likely (Floyd's sampling):
   * with d = 3 of 4 servers, the server left out is uniform, a quarter of 40,000 decisions (six
   * standard deviations of a binomial count); with d = n every server is read once.
   */
  @Test
  void distinctCandidatesNeverRepeatAServer() {
    long[] leftOut = new long[4];
    Policy three =
        new CheckedPolicy(
            Policy.bestOf(3),
            (load, read, chosen) -> {
              assertEquals(3, read.reads.size());
              assertEquals(3, new HashSet<>(read.reads).size(), () -> "candidates " + read.reads);
              leftOut[6 - read.reads.stream().mapToInt(Integer::intValue).sum()]++;
            });
    run(three, 4, 40_000).build().run();
    for (long count : leftOut) {
      assertEquals(10_000, (double) count, 6 * Math.sqrt(40_000 * 0.25 * 0.75));
    }
    Policy all =
        new CheckedPolicy(
            Policy.bestOf(4, Draws.DISTINCT, Ties.LOWER_INDEX),
            (load, read, chosen) -> assertEquals(Set.of(0, 1, 2, 3), new HashSet<>(read.reads)));
    run(all, 4, 10_000).build().run();
  }

  /**
   * Weighted best of d draws its candidates in proportion to speed, without replacement: with
   * speeds 1, 1, 2 and 4 (shares w = 1/8, 1/8, 1/4, 1/2) the ordered pair (i, j) comes with
   * probability w_i w_j / (1 − w_i). 40,000 choices on an idle pool, six binomial standard
   * deviations per pair. With d = n every server is drawn once, however skewed the speeds.
   */
  @Test
  void weightedBestOfDDrawsDistinctCandidatesInProportionToSpeed() {
    double[] w = {0.125, 0.125, 0.25, 0.5};
    LoadView idle = idleView(new double[] {1, 1, 2, 4});
    RecordingView view = new RecordingView();
    Dispatcher pairs = Policy.weightedBestOf(2).newDispatcher(4, 1);
    SplittableRandom random = new SplittableRandom(11);
    int choices = 40_000;
    long[][] seen = new long[4][4];
    for (int k = 0; k < choices; k++) {
      pairs.choose(view.over(idle), random);
      assertEquals(2, view.reads.size());
      seen[view.reads.get(0)][view.reads.get(1)]++;
    }
    for (int i = 0; i < 4; i++) {
      assertEquals(0, seen[i][i], "a repeated candidate");
      for (int j = 0; j < 4; j++) {
        if (i != j) {
          double p = w[i] * w[j] / (1 - w[i]);
          double sd = Math.sqrt(choices * p * (1 - p));
          assertEquals(p * choices, (double) seen[i][j], 6 * sd, "pair " + i + ", " + j);
        }
      }
    }
    LoadView skewed = idleView(new double[] {1e-3, 1, 1e3, 1e-9});
    Dispatcher all = Policy.weightedBestOf(4).newDispatcher(4, 1);
    for (int k = 0; k < 10_000; k++) {
      all.choose(view.over(skewed), random);
      assertEquals(Set.of(0, 1, 2, 3), new HashSet<>(view.reads));
    }
  }

  /**
   * Ties to the lowest index on an idle pool: least loaded always picks server 0, best of 2 the
   * lower of its two distinct candidates, so server k gets (n − 1 − k) of the C(n, 2) pairs: 4, 3,
   * 2, 1 and 0 tenths for n = 5. Random ties spread evenly. 20,000 picks each; six standard
   * deviations of a binomial count.
   */
  @Test
  void lowIndexTiesOnAnIdlePoolFavourTheLowIndices() {
    LoadView idle = idleView(5, 0);
    SplittableRandom random = new SplittableRandom(3);
    Dispatcher leastLoadedLow = Policy.leastLoaded(Ties.LOWER_INDEX).newDispatcher(5, 1);
    Dispatcher bestOfTwoLow =
        Policy.bestOf(2, Draws.DISTINCT, Ties.LOWER_INDEX).newDispatcher(5, 1);
    Dispatcher leastLoaded = Policy.leastLoaded().newDispatcher(5, 1);
    int picks = 20_000;
    long[] pairs = new long[5];
    long[] even = new long[5];
    for (int i = 0; i < picks; i++) {
      assertEquals(0, leastLoadedLow.choose(idle, random));
      pairs[bestOfTwoLow.choose(idle, random)]++;
      even[leastLoaded.choose(idle, random)]++;
    }
    for (int k = 0; k < 5; k++) {
      double p = (4 - k) / 10.0;
      assertEquals(p * picks, (double) pairs[k], 6 * Math.sqrt(picks * p * (1 - p)), "pairs " + k);
      assertEquals(picks / 5.0, (double) even[k], 6 * Math.sqrt(picks * 0.2 * 0.8), "even " + k);
    }
    assertEquals("least loaded, ties low", Policy.leastLoaded(Ties.LOWER_INDEX).name());
  }

  /**
   * Least loaded with ties to the lowest index picks the first of the least loaded servers, so the
   * first request of a run goes to server 0; under load the low indices get more. With 10 servers
   * at λ = 0.9 and 200,000 requests each server gets about 20,000, whose count varies by about
   * √20,000 = 141; server 0 must beat server 9 by more than six standard deviations of the
   * difference (1,200), and with random ties the two must be within it.
   */
  @Test
  void leastLoadedWithLowTiesPicksTheFirstLeastLoadedServer() {
    Policy checked =
        new CheckedPolicy(
            Policy.leastLoaded(Ties.LOWER_INDEX),
            (load, read, chosen) -> {
              for (int s = 0; s < load.servers(); s++) {
                assertTrue(
                    load.outstanding(s) > load.outstanding(chosen)
                        || (load.outstanding(s) == load.outstanding(chosen) && s >= chosen),
                    "chose " + chosen + " over " + s);
              }
            });
    Trace trace = new Trace(10_000);
    run(checked, 10, 10_000).listener(trace).build().run();
    assertEquals(0, trace.server[0]);

    long[] low =
        run(Policy.leastLoaded(Ties.LOWER_INDEX), 10, 200_000).build().run().requestsPerServer();
    long[] fair = run(Policy.leastLoaded(), 10, 200_000).build().run().requestsPerServer();
    double sixSigma = 6 * Math.sqrt(2 * 20_000.0);
    assertTrue(low[0] - low[9] > sixSigma, () -> low[0] + " vs " + low[9]);
    assertTrue(Math.abs(fair[0] - fair[9]) < sixSigma, () -> fair[0] + " vs " + fair[9]);
  }

  @Test
  void leastLoadedAndLeastWorkPollEveryServerAndPickAMinimum() {
    Policy leastLoaded =
        new CheckedPolicy(
            Policy.leastLoaded(),
            (load, read, chosen) -> {
              assertEquals(load.servers(), new HashSet<>(read.reads).size());
              for (int s = 0; s < load.servers(); s++) {
                assertTrue(load.outstanding(chosen) <= load.outstanding(s));
              }
            });
    run(leastLoaded, 10, 50_000).build().run();
    Policy leastWork =
        new CheckedPolicy(
            Policy.leastWork(),
            (load, read, chosen) -> {
              for (int s = 0; s < load.servers(); s++) {
                assertTrue(load.timeToDrain(chosen) <= load.timeToDrain(s));
              }
            });
    run(leastWork, 10, 50_000).speeds(1, 2, 3, 1, 0.5).build().run();
  }

  @Test
  void weightedPicksTheLeastOutstandingPerUnitOfSpeed() {
    Set<Integer> chosenIdle = new HashSet<>();
    Policy checked =
        new CheckedPolicy(
            Policy.weighted(),
            (load, read, chosen) -> {
              double best = (load.outstanding(chosen) + 1) / load.speed(chosen);
              for (int s = 0; s < load.servers(); s++) {
                assertTrue(best <= (load.outstanding(s) + 1) / load.speed(s));
              }
              if (load.outstanding(0) == 0 && load.outstanding(2) == 0) {
                chosenIdle.add(chosen);
              }
            });
    RunResult result =
        Simulation.builder()
            .policy(checked)
            .speeds(1, 1, 4)
            .utilisation(0.8)
            .requests(50_000)
            .build()
            .run();
    // An idle fast server beats an idle slow one; the fast server does most of the work.
    assertEquals(Set.of(2), chosenIdle);
    long[] perServer = result.requestsPerServer();
    assertTrue(perServer[2] > perServer[0] + perServer[1]);
    // Explicit weights must match the servers.
    RunResult sameAsSpeeds =
        Simulation.builder()
            .policy(Policy.weighted(new double[] {1, 1, 4}))
            .speeds(1, 1, 4)
            .utilisation(0.8)
            .requests(50_000)
            .build()
            .run();
    assertEquals(result.mean(), sameAsSpeeds.mean());
  }

  /** The estimate rule, checked on one server against hand-computed values. */
  @Test
  void peakEwmaJumpsUpAtOnceAndDecaysWithItsTimeConstant() {
    PeakEwma.Estimates ewma = (PeakEwma.Estimates) Policy.peakEwma(10, 1).newDispatcher(1, 123);
    SplittableRandom random = new SplittableRandom(1);
    assertEquals(0, ewma.choose(fixedView(0), random)); // the server is first seen at t = 0
    assertEquals(2, ewma.cost(0, 0), 1e-15); // initial estimate 1 times (1 outstanding + 1)
    ewma.completed(0, 5, 1); // higher than the estimate: taken at once
    assertEquals(5, ewma.cost(0, 1), 1e-15);
    assertEquals(5 / Math.E, ewma.cost(0, 11), 1e-12); // one time constant later
    ewma.choose(fixedView(11), random);
    assertEquals(2 * 5 / Math.E, ewma.cost(0, 11), 1e-12); // one request outstanding
    ewma.completed(0, 1, 21); // lower: blended with weight 1 - e^(-1)
    double blended = 5 / Math.E / Math.E + 1 * (1 - 1 / Math.E);
    assertEquals(blended, ewma.cost(0, 21), 1e-12);
  }

  private static LoadView fixedView(double now) {
    return idleView(1, now);
  }

  /** A pool of idle servers of speed 1 at time {@code now}. */
  private static LoadView idleView(int servers, double now) {
    double[] ones = new double[servers];
    Arrays.fill(ones, 1);
    return idleView(ones, now);
  }

  /** A pool of idle servers of the given speeds at time 0. */
  private static LoadView idleView(double[] speeds) {
    return idleView(speeds, 0);
  }

  private static LoadView idleView(double[] speeds, double now) {
    return new LoadView() {
      @Override
      public int servers() {
        return speeds.length;
      }

      @Override
      public int outstanding(int server) {
        return 0;
      }

      @Override
      public double timeToDrain(int server) {
        return 0;
      }

      @Override
      public double speed(int server) {
        return speeds[server];
      }

      @Override
      public double now() {
        return now;
      }
    };
  }

  /**
   * Peak EWMA learns latencies: a server four times slower than its nine peers can take at most 3 %
   * of the requests at λ = 0.9 (0.25 of the 8.3 arriving per unit time). Best of two, which sees
   * only counts, keeps it at that limit; peak EWMA, which sees its response times, sends it fewer
   * (measured over seeds 1 to 6: 2.72-2.84 % against 2.90-3.06 %).
   */
  @Test
  void peakEwmaAvoidsASlowServer() {
    double[] speeds = {0.25, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    long toSlowEwma =
        Simulation.builder()
            .policy(Policy.peakEwma())
            .speeds(speeds)
            .requests(100_000)
            .build()
            .run()
            .requestsPerServer()[0];
    long toSlowBestOfTwo =
        Simulation.builder()
            .policy(Policy.bestOf(2))
            .speeds(speeds)
            .requests(100_000)
            .build()
            .run()
            .requestsPerServer()[0];
    assertTrue(toSlowEwma < toSlowBestOfTwo, () -> toSlowEwma + " vs " + toSlowBestOfTwo);
    assertTrue(toSlowEwma < 0.03 * 100_000, () -> "to the slow server: " + toSlowEwma);
  }
}
