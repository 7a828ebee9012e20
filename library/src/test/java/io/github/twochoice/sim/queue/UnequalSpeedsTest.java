/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Servers of speeds 1, 1, 2 and 4 (capacity shares 1/8, 1/8, 1/4, 1/2), exponential sizes: where
 * the weighted policies, which score {@code (outstanding + 1) / speed}, differ from those that
 * count requests, and where capacity forces every stable policy to the same shares.
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
   * candidates, so the servers get 1/12, 1/12, 1/3 and 1/2 of the six pairs' requests; least loaded
   * and best of 2 tie everywhere and share evenly; least loaded with ties low takes server 0. A
   * request that finds some server busy may go elsewhere: by PASTA and the union bound that happens
   * with probability at most the sum of the servers' utilisations, n times the busy fraction of
   * server-time. Tolerance: that sum plus six binomial standard deviations.
   */
  @Test
  void onAnIdlePoolWeightedPoliciesPreferFastServersAndCountingPoliciesDoNot() {
    assertIdleShares(Policy.weighted(), new double[] {0, 0, 0, 1});
    assertIdleShares(Policy.weightedBestOf(2), new double[] {1 / 12.0, 1 / 12.0, 1 / 3.0, 0.5});
    assertIdleShares(Policy.leastLoaded(), new double[] {0.25, 0.25, 0.25, 0.25});
    assertIdleShares(Policy.bestOf(2), new double[] {0.25, 0.25, 0.25, 0.25});
    assertIdleShares(Policy.leastLoaded(Policy.Ties.LOWER_INDEX), new double[] {1, 0, 0, 0});
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
      double realised = result.workArrived() / (8 * result.endTime());
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
    assertTrue(random.workArrived() / (8 * random.endTime()) < 0.6);
  }
}
