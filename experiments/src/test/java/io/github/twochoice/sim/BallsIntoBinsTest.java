/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.sim.BallsIntoBins.Rule;
import io.github.twochoice.stats.LoadStats;
import io.github.twochoice.theory.Theory;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Fidelity of the simulations to theory, with fixed seeds.
 *
 * <p>Tolerances for a layer fraction p measured over n bins: the bin indicators are negatively
 * associated, so the count's standard deviation is at most {@code sqrt(n p (1 - p))}; the tests
 * allow six of them, plus 10/n for the fluid limit's finite-size error (O(1/n) in the mean). A
 * correct simulation fails such a bound with probability below 10<sup>-8</sup>.
 */
class BallsIntoBinsTest {
  private static final int N = 100_000;

  private static double tolerance(double p, int n) {
    return 6 * Math.sqrt(p * (1 - p) / n) + 10.0 / n;
  }

  private static void assertLayers(double[] expected, LoadStats measured, int maxLayer) {
    for (int i = 1; i <= maxLayer; i++) {
      double p = expected[i];
      assertEquals(p, measured.fractionAtLeast(i), tolerance(p, N), "layer >= " + i);
    }
  }

  @Test
  void oneChoiceLayersFollowThePoissonTail() {
    LoadStats stats = BallsIntoBins.throwBalls(N, N, 1, Rule.SYMMETRIC, 11);
    double[] poisson = new double[6];
    for (int i = 0; i < poisson.length; i++) {
      poisson[i] = Theory.poissonTail(1, i);
    }
    assertLayers(poisson, stats, 5);
  }

  @Test
  void twoChoiceLayersFollowTheFluidLimit() {
    LoadStats stats = BallsIntoBins.throwBalls(N, N, 2, Rule.SYMMETRIC, 12);
    double[] fluid = Theory.layerFractions(2, 1, 5);
    assertLayers(fluid, stats, 5);
    // The fluid limit of two choices (Mitzenmacher 1996) at one ball per bin: 22.9 % of bins hold
    // >= 2 and 0.89 % hold >= 3; six standard deviations at n = 10^5 are 0.008 and 0.002.
    assertEquals(0.229, stats.fractionAtLeast(2), 0.008);
    assertEquals(0.009, stats.fractionAtLeast(3), 0.002);
  }

  @Test
  void dLeftLayersFollowTheirFluidLimitAndBeatSymmetricChoices() {
    LoadStats left = BallsIntoBins.throwBalls(N, N, 2, Rule.D_LEFT, 13);
    LoadStats symmetric = BallsIntoBins.throwBalls(N, N, 2, Rule.SYMMETRIC, 13);
    assertLayers(Theory.dLeftLayerFractions(2, 1, 5), left, 5);
    // Fluid ratio of the >= 3 layers: 0.448 % / 0.890 % = 0.503. Each count (about 450 and 890)
    // has a relative standard deviation below 5 %, so the ratio's is below 0.03: +-0.15 is 5 of
    // them.
    double ratio = left.fractionAtLeast(3) / symmetric.fractionAtLeast(3);
    assertEquals(0.503, ratio, 0.15);
    // Ties go left, so the left group gets more balls.
    long[] perGroup = left.entriesPerChoice();
    assertEquals(N, perGroup[0] + perGroup[1]);
    assertTrue(
        perGroup[0] > perGroup[1], () -> "balls per group " + perGroup[0] + ", " + perGroup[1]);
  }

  @Test
  void twoChoiceMaximumStaysBetweenTwoAndFourFromTenToAMillion() {
    // The fluid limit puts 6e-6 n bins at >= 4 and 1.3e-12 n at >= 5: a maximum of 5 has
    // probability about 1e-6 at n = 10^6. A maximum of 1 needs every ball to find an empty bin:
    // probability 0.8 % at n = 10 and vanishing beyond.
    for (int n = 10; n <= 1_000_000; n *= 10) {
      int max = BallsIntoBins.throwBalls(n, n, 2, Rule.SYMMETRIC, n).maxLoad();
      assertTrue(max >= 2 && max <= 4, "n = " + n + ": max load " + max);
    }
  }

  @Test
  void aThirdChoiceLowersTheMaximumByAboutOne() {
    // At n = 10^6 the fluid limits expect 6 bins at >= 4 with two choices (and 1e-6 at >= 5),
    // and none at >= 4 with three (4e-6 bins): the maxima are 4 and 3 with high probability.
    int n = 1_000_000;
    long[] two = BallsIntoBins.maxLoadDistribution(n, n, 2, Rule.SYMMETRIC, 4, 21);
    long[] three = BallsIntoBins.maxLoadDistribution(n, n, 3, Rule.SYMMETRIC, 4, 22);
    double difference = BallsIntoBins.meanMaxLoad(two) - BallsIntoBins.meanMaxLoad(three);
    assertEquals(1, difference, 0.5, "mean maxima differ by " + difference);
  }

  @Test
  void heavilyLoadedBinsStayWithinHalfToDoubleTheMean() {
    // m = 16 n ln n balls, mean mu = 16 ln n = 110.5 at n = 1000. Chernoff: a bin reaches 2 mu
    // with probability at most (e/4)^mu = 3e-19 and falls to mu/2 with probability at most
    // exp(-mu/8) = 1e-6; over 1000 bins the bound fails with probability below 1e-3, even with
    // one choice.
    int n = 1000;
    long balls = Math.round(16 * n * Math.log(n));
    double mean = (double) balls / n;
    for (int d = 1; d <= 2; d++) {
      LoadStats stats = BallsIntoBins.throwBalls(balls, n, d, Rule.SYMMETRIC, 30 + d);
      long[] histogram = stats.histogram();
      int min = 0;
      while (histogram[min] == 0) {
        min++;
      }
      assertTrue(
          min >= mean / 2 && stats.maxLoad() <= 2 * mean,
          "d = " + d + ": loads " + min + " to " + stats.maxLoad() + ", mean " + mean);
      assertEquals(balls, stats.size());
    }
  }

  @Test
  void sameSeedSameLoads() {
    assertArrayEquals(
        BallsIntoBins.throwBalls(5000, 1000, 3, Rule.SYMMETRIC, 7).histogram(),
        BallsIntoBins.throwBalls(5000, 1000, 3, Rule.SYMMETRIC, 7).histogram());
    assertArrayEquals(
        BallsIntoBins.maxLoadDistribution(1000, 1000, 2, Rule.D_LEFT, 3, 9),
        BallsIntoBins.maxLoadDistribution(1000, 1000, 2, Rule.D_LEFT, 3, 9));
  }

  @Test
  void groupsWithRandomTiesFollowTheSymmetricFluidLimitWithBalancedGroups() {
    LoadStats stats = BallsIntoBins.throwBalls(N, N, 2, Rule.D_LEFT_RANDOM_TIES, 14);
    assertLayers(Theory.layerFractions(2, 1, 5), stats, 5);
    // Random ties favour no group: each ball goes left with probability 1/2 by symmetry, so the
    // left count is Binomial(N, 1/2) (sd 158): six sd.
    long[] perGroup = stats.entriesPerChoice();
    assertEquals(N / 2.0, (double) perGroup[0], 6 * Math.sqrt(N / 4.0));
    assertEquals(N, perGroup[0] + perGroup[1]);
  }

  @Test
  void aTraceIsTheSameRunBallByBall() {
    for (Rule rule : Rule.values()) {
      for (int d = rule == Rule.SYMMETRIC ? 1 : 2; d <= 3; d++) {
        int bins = 20;
        BallsIntoBins.Trace trace = BallsIntoBins.trace(300, bins, d, rule, 40 + d);
        int[] loads = new int[bins];
        for (int ball = 0; ball <= trace.balls(); ball++) {
          if (ball % 50 == 0 || ball == 7) {
            long[] histogram = new long[301];
            for (int load : loads) {
              histogram[load]++;
            }
            long[] expected = BallsIntoBins.throwBalls(ball, bins, d, rule, 40 + d).histogram();
            assertArrayEquals(
                expected,
                Arrays.copyOf(histogram, expected.length),
                rule + " d = " + d + " after " + ball);
          }
          if (ball < trace.balls()) {
            assertBallFollowsRule(trace, ball, loads, rule, bins);
            loads[trace.bin(ball)]++;
          }
        }
      }
    }
  }

  /** The ball joined a least loaded candidate; ties are flagged, and d-left's go left. */
  private static void assertBallFollowsRule(
      BallsIntoBins.Trace trace, int ball, int[] loads, Rule rule, int bins) {
    int[] candidates = trace.candidates(ball);
    int least = Integer.MAX_VALUE;
    int leftmostLeast = -1;
    for (int c = 0; c < candidates.length; c++) {
      if (rule != Rule.SYMMETRIC) {
        int from = c * bins / candidates.length;
        int to = (c + 1) * bins / candidates.length;
        assertTrue(candidates[c] >= from && candidates[c] < to, "candidate in its group");
      }
      if (loads[candidates[c]] < least) {
        least = loads[candidates[c]];
        leftmostLeast = c;
      }
    }
    assertEquals(trace.bin(ball), candidates[trace.chosen(ball)]);
    assertEquals(least, loads[trace.bin(ball)], "ball " + ball + " joined a least loaded bin");
    boolean tie = false;
    for (int bin : candidates) {
      tie |= bin != trace.bin(ball) && loads[bin] == least;
    }
    assertEquals(tie, trace.tie(ball), "ball " + ball);
    if (rule == Rule.D_LEFT) {
      assertEquals(leftmostLeast, trace.chosen(ball), "ties go left");
    }
  }

  @Test
  void argumentsAreChecked() {
    assertThrows(
        IllegalArgumentException.class,
        () -> BallsIntoBins.throwBalls(-1, 10, 2, Rule.SYMMETRIC, 1));
    assertThrows(
        IllegalArgumentException.class,
        () -> BallsIntoBins.throwBalls(10, 1, 2, Rule.SYMMETRIC, 1));
    assertThrows(
        IllegalArgumentException.class,
        () -> BallsIntoBins.throwBalls(10, 10, 0, Rule.SYMMETRIC, 1));
    assertThrows(NullPointerException.class, () -> BallsIntoBins.throwBalls(10, 10, 2, null, 1));
    assertThrows(
        IllegalArgumentException.class,
        () -> BallsIntoBins.maxLoadDistribution(10, 10, 2, Rule.D_LEFT, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> new Scheme(1, Rule.D_LEFT));
    assertThrows(IllegalArgumentException.class, () -> new Scheme(1, Rule.D_LEFT_RANDOM_TIES));
    assertThrows(
        IllegalArgumentException.class, () -> BallsIntoBins.trace(-1, 10, 2, Rule.D_LEFT, 1));
    assertThrows(
        IllegalArgumentException.class,
        () -> BallsIntoBins.trace(10_000_001, 10, 2, Rule.D_LEFT, 1));
    assertThrows(IllegalArgumentException.class, () -> BallsIntoBins.meanMaxLoad(new long[3]));
  }
}
