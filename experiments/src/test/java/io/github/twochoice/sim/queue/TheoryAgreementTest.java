/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.twochoice.sim.queue.Policy.Draws;
import io.github.twochoice.theory.Theory;
import org.junit.jupiter.api.Test;

/**
 * The simulator against the supermarket model at λ = 0.9 with exponential sizes: the mean time in
 * system tends to 10 with one random choice and to 2.614 with the better of two, and the fraction
 * of queues with at least i customers to {@code λ^(2^i − 1)}.
 *
 * <p>Tolerance = finite-n gap + 5 σ. The gap is {@link RefinedMeanField}'s V/n (0 with one choice:
 * random routing splits a Poisson stream, so every queue is exactly M/M/1 at any n). The sampling
 * error σ is dominated by the realised load: over R measured requests, the work that arrives
 * divided by the time it takes is a ratio of two sums of R exponentials, of relative standard
 * deviation about sqrt(2/R), and a figure F(λ) moves with it by F'(λ) λ sqrt(2/R). The queues' own
 * noise adds to this; over 12 seeds at n = 1000 the spread of the mean was 1.15 (d = 2) and 1.3 (d
 * = 1) times that estimate, so σ is taken as 1.5 times it.
 */
class TheoryAgreementTest {
  private static final double LAMBDA = 0.9;

  private static double sigma(double derivative, int measured) {
    return 1.5 * derivative * LAMBDA * Math.sqrt(2.0 / measured);
  }

  private static RunResult supermarket(int n, int d, int requests, int warmup) {
    Policy policy =
        d == 1 ? Policy.random() : Policy.bestOf(d, Draws.INDEPENDENT, Policy.Ties.RANDOM);
    return Simulation.builder()
        .servers(n)
        .utilisation(LAMBDA)
        .policy(policy)
        .requests(requests)
        .warmup(warmup)
        .seed(2026)
        .build()
        .run();
  }

  /** T'(λ) by a central difference of the closed form. */
  private static double meanTimeSlope(int d) {
    double h = 1e-5;
    return (Theory.supermarketMeanTime(LAMBDA + h, d) - Theory.supermarketMeanTime(LAMBDA - h, d))
        / (2 * h);
  }

  /**
   * Two choices at n = 1000: 1.5·10<sup>6</sup> measured requests after 5·10<sup>5</sup> of warm-up
   * (555 service times). T'(0.9) = 10.4, so σ = 0.016; the gap is 0.0044.
   */
  @Test
  void twoChoicesApproachTheSupermarketLimit() {
    RefinedMeanField model = RefinedMeanField.supermarket(LAMBDA, 2, Draws.INDEPENDENT);
    RunResult result = supermarket(1000, 2, 2_000_000, 500_000);
    double limit = Theory.supermarketMeanTime(LAMBDA, 2);
    assertEquals(2.614, limit, 0.001);
    double tolerance = Math.abs(model.meanTimeGap(1000)) + 5 * sigma(meanTimeSlope(2), 1_500_000);
    assertEquals(limit, result.mean(), tolerance);
    for (int i = 1; i <= 5; i++) {
      double pi = Theory.supermarketTail(LAMBDA, 2, i);
      // dπ_i/dλ = (2^i − 1) π_i / λ
      double slope = ((1 << i) - 1) * pi / LAMBDA;
      double tailTolerance = Math.abs(model.tailCorrection(i)) / 1000 + 5 * sigma(slope, 1_500_000);
      assertEquals(pi, result.fractionOfTimeAtLeast(i), tailTolerance, "at least " + i);
    }
  }

  /**
   * One choice at n = 1000: each queue is M/M/1, whose relaxation time at λ = 0.9 is about 1/(1 −
   * sqrt λ)² = 380 service times; 10<sup>6</sup> requests of warm-up last 1100. T'(0.9) = 1/(1 −
   * λ)² = 100, so with 3·10<sup>6</sup> measured requests σ = 0.11.
   */
  @Test
  void oneRandomChoiceIsMM1AtAnyN() {
    RunResult result = supermarket(1000, 1, 4_000_000, 1_000_000);
    assertEquals(10, Theory.supermarketMeanTime(LAMBDA, 1), 1e-12);
    assertEquals(10, result.mean(), 5 * sigma(meanTimeSlope(1), 3_000_000));
    assertEquals(LAMBDA, result.fractionOfTimeAtLeast(1), 5 * sigma(1, 3_000_000));
  }
}
