/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.sim.queue.Policy.Draws;
import io.github.twochoice.sim.queue.Policy.Ties;
import org.junit.jupiter.api.Test;

/**
 * Distinct against independent candidates for best of 2, at n = 2 where the difference is largest:
 * distinct candidates are both servers, so every request joins the shorter queue; independent ones
 * are the same server half the time, so a request joins the shorter queue with probability 3/4. The
 * simulator is checked against the exact chain of each rule ({@link TwoServerChain}) at λ = 0.8,
 * exponential sizes of mean 1: 2.956 and 3.268 mean service times, 10.6 % apart.
 *
 * <p>Tolerance: 5 standard errors of the simulated mean, estimated from the run itself by batch
 * means over 20 batches of 5·10<sup>4</sup> requests. A batch lasts some 31,000 mean service times,
 * over 300 times the relaxation time of an M/M/1 queue at λ = 0.8, (1 − √λ)<sup>−2</sup> = 90,
 * which bounds the pair's; so the batch means are nearly independent.
 */
class SamplingRuleTest {
  private static final double LAMBDA = 0.8;
  private static final int BATCHES = 20;
  private static final int BATCH = 50_000;
  private static final int WARMUP = 50_000;

  /** The simulated mean time in system and its standard error by batch means. */
  private static double[] meanAndStandardError(Draws draws) {
    double[] sums = new double[BATCHES];
    Simulation.builder()
        .servers(2)
        .utilisation(LAMBDA)
        .policy(Policy.bestOf(2, draws, Ties.RANDOM))
        .requests(WARMUP + BATCHES * BATCH)
        .seed(2026)
        .listener(
            (request, server, arrival, work, completion, error) -> {
              if (request >= WARMUP) {
                sums[(request - WARMUP) / BATCH] += completion - arrival;
              }
            })
        .build()
        .run();
    double mean = 0;
    for (double sum : sums) {
      mean += sum / BATCH / BATCHES;
    }
    double squares = 0;
    for (double sum : sums) {
      squares += (sum / BATCH - mean) * (sum / BATCH - mean);
    }
    return new double[] {mean, Math.sqrt(squares / (BATCHES - 1) / BATCHES)};
  }

  @Test
  void independentCandidatesAreMeasurablyWorseAtTwoServers() {
    double exactDistinct =
        TwoServerChain.meanTime(LAMBDA, (a, b) -> a < b ? 1 : a > b ? 0 : 0.5, 80);
    double exactIndependent =
        TwoServerChain.meanTime(LAMBDA, (a, b) -> a < b ? 0.75 : a > b ? 0.25 : 0.5, 80);
    assertEquals(2.9557, exactDistinct, 1e-4);
    assertEquals(3.2679, exactIndependent, 1e-4);

    double[] distinct = meanAndStandardError(Draws.DISTINCT);
    double[] independent = meanAndStandardError(Draws.INDEPENDENT);
    assertEquals(exactDistinct, distinct[0], 5 * distinct[1]);
    assertEquals(exactIndependent, independent[0], 5 * independent[1]);
    // The two rules are told apart: the exact gap exceeds both tolerances together.
    assertTrue(
        exactIndependent - exactDistinct > 5 * (distinct[1] + independent[1]),
        () -> "standard errors " + distinct[1] + " and " + independent[1]);
  }
}
