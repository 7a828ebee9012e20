/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Servers of unequal speeds, exponential sizes: on speeds 1, 1, 2 and 4 (capacity shares 1/8, 1/8,
 * 1/4, 1/2), where the weighted policies, which score {@code (outstanding + 1) / speed}, differ
 * from those that count requests, and where capacity forces every stable policy to the same shares;
 * on eight slow servers and two fast ones, why weighted best of d draws by speed.
 */
class UnequalSpeedsTest {
  private static final double[] SPEEDS = {1, 1, 2, 4};
  private static final double[] CAPACITY = {0.125, 0.125, 0.25, 0.5};

  private static RunResult run(Policy policy, double lambda, int requests) {
    return Simulation.builder()
        .speeds(SPEEDS)
        .utilisation(lambda)
        .policy(policy)
        .requests(requests)
        .seed(2026)
        .build()
        .run();
  }

  /**
   * At λ = 0.02 nearly every request finds the pool idle, and then each policy's choice is known:
   * weighted takes the fastest server (score 1/4); weighted best of 2 the faster of two distinct
   * candidates drawn in proportion to speed ({@link #idlePairShares}); least loaded and best of 2
   * tie everywhere and share evenly; least loaded with ties low takes server 0. A request that
   * finds some server busy may go elsewhere: by PASTA and the union bound that happens with
   * probability at most the sum of the servers' utilisations, n times the busy fraction of
   * server-time. Tolerance: that sum plus six binomial standard deviations.
   */
  @Test
  void onAnIdlePoolWeightedPoliciesPreferFastServersAndCountingPoliciesDoNot() {
    assertIdleShares(Policy.weighted(), new double[] {0, 0, 0, 1});
    assertIdleShares(Policy.weightedBestOf(2), idlePairShares());
    assertIdleShares(Policy.leastLoaded(), new double[] {0.25, 0.25, 0.25, 0.25});
    assertIdleShares(Policy.bestOf(2), new double[] {0.25, 0.25, 0.25, 0.25});
    assertIdleShares(Policy.leastLoaded(Policy.Ties.LOWER_INDEX), new double[] {1, 0, 0, 0});
  }

  /**
   * The shares of weighted best of 2 on an idle pool: the ordered pair (i, j) is drawn with
   * probability c_i c_j / (1 − c_i), and the faster candidate wins, equal speeds half each.
   */
  private static double[] idlePairShares() {
    double[] shares = new double[SPEEDS.length];
    for (int i = 0; i < SPEEDS.length; i++) {
      for (int j = 0; j < SPEEDS.length; j++) {
        if (i != j) {
          double p = CAPACITY[i] * CAPACITY[j] / (1 - CAPACITY[i]);
          if (SPEEDS[i] == SPEEDS[j]) {
            shares[i] += p / 2;
            shares[j] += p / 2;
          } else {
            shares[SPEEDS[i] > SPEEDS[j] ? i : j] += p;
          }
        }
      }
    }
    return shares;
  }

  private static void assertIdleShares(Policy policy, double[] expected) {
    int requests = 100_000;
    RunResult result = run(policy, 0.02, requests);
    double busy = SPEEDS.length * result.fractionOfTimeAtLeast(1);
    assertTrue(busy < 0.2, () -> policy.name() + ": busy " + busy);
    long[] counts = result.requestsPerServer();
    for (int s = 0; s < SPEEDS.length; s++) {
      double p = expected[s];
      double noise = 6 * Math.sqrt(Math.max(p * (1 - p), 0.01) / requests);
      assertEquals(p, counts[s] / (double) requests, busy + noise, policy.name() + ", server " + s);
    }
  }

  /**
   * At λ = 0.95 a policy that keeps up gives each server nearly its share of the capacity: server i
   * can serve at most speed_i · T of the work in a run of length T, so its share of the work lies
   * within [1 − (1 − c_i)/λ', c_i/λ'], λ' the work over the capacity times the run's length; a
   * stable run ends soon after its last arrival, λ' ≥ 0.93 here, and the band is then c_i ± 7.5
   * %·max(c_i, 1 − c_i). Random gives every server a quarter of the requests, twice what a slow
   * server can serve: its run lasts about twice as long as its arrivals, λ' ≈ 0.5.
   */
  @Test
  void atHighLoadEveryStablePolicyServesInProportionToSpeed() {
    for (Policy policy :
        new Policy[] {
          Policy.weighted(), Policy.weightedBestOf(2), Policy.leastLoaded(), Policy.bestOf(2)
        }) {
      RunResult result = run(policy, 0.95, 100_000);
      double realised = realisedLoad(result, 8);
      assertTrue(realised > 0.93, () -> policy.name() + ": realised load " + realised);
      double[] work = result.workPerServer();
      for (int s = 0; s < SPEEDS.length; s++) {
        double band = (1 / 0.93 - 1) * Math.max(CAPACITY[s], 1 - CAPACITY[s]);
        assertEquals(
            CAPACITY[s], work[s] / result.workArrived(), band, policy.name() + ", server " + s);
      }
      assertTrue(work[3] > work[2] && work[2] > work[0] && work[2] > work[1], policy.name());
    }
    RunResult random = run(Policy.random(), 0.95, 100_000);
    assertTrue(realisedLoad(random, 8) < 0.6);
  }

  /**
   * Eight servers of speed 1 and two of speed 4 at λ = 0.9: the fast ones must serve at least 1 −
   * 8/(0.9 · 16) = 44.4 % of the work. Best of 2 with uniform candidates sends a request to a fast
   * server only if one is a candidate, 1 − C(8, 2)/C(10, 2) = 37.8 % of the time, so its slow
   * servers are overloaded (62.2 % of 14.4 units of work per unit of time over 8 servers of speed
   * 1: 1.12 each) and its run outlasts its arrivals, realised load about 0.9/1.12 = 0.80. Weighted
   * best of 2, drawing in proportion to speed, includes a fast server in 1 − (8/16)(7/15) = 76.7 %
   * of its pairs, and keeps up. Tolerances: six binomial standard deviations on the count of
   * requests to fast servers; realised loads well away from 0.9 and 0.8.
   */
  @Test
  void uniformCandidatesStarveFewFastServers() {
    double[] speeds = {1, 1, 1, 1, 1, 1, 1, 1, 4, 4};
    int requests = 200_000;
    RunResult uniform = runOn(speeds, Policy.bestOf(2), requests);
    long[] counts = uniform.requestsPerServer();
    double bound = 1 - 28 / 45.0;
    double fast = (counts[8] + counts[9]) / (double) requests;
    assertTrue(fast < bound + 6 * Math.sqrt(bound * (1 - bound) / requests), () -> "fast " + fast);
    assertTrue(realisedLoad(uniform, 16) < 0.85, () -> "uniform: " + realisedLoad(uniform, 16));
    for (Policy policy : new Policy[] {Policy.weightedBestOf(2), Policy.weighted()}) {
      RunResult result = runOn(speeds, policy, requests);
      assertTrue(realisedLoad(result, 16) > 0.88, policy.name());
    }
  }

  private static RunResult runOn(double[] speeds, Policy policy, int requests) {
    return Simulation.builder()
        .speeds(speeds)
        .utilisation(0.9)
        .policy(policy)
        .requests(requests)
        .seed(2026)
        .build()
        .run();
  }

  /** The work over the capacity times the run's length: λ if the run ends with its arrivals. */
  private static double realisedLoad(RunResult result, double capacity) {
    return result.workArrived() / (capacity * result.endTime());
  }
}
