/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WeightedScoreTest {
  private static final double[] CAPACITIES = {1, 1, 1, 1, 2, 2, 4, 4};

  /**
   * The integral by hand: T_1 = 1/512 (all nodes), T_5 = 15/256 (capacities 2 and 4), T_7 = 3/8
   * (capacity 4); capacity 1 gets 1/512, capacity 2 gets 31/512, capacity 4 gets 223/512.
   */
  @Test
  void linearSharesOfTheKnownExample() {
    double[] shares = WeightedScore.LINEAR.shares(CAPACITIES);
    double[] expected = {1, 1, 1, 1, 31, 31, 223, 223};
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i] / 512, shares[i], 1e-12, "node " + i);
    }
    assertEquals(0.435546875, shares[7], 1e-12);
  }

  /** Two nodes, w1 ≤ w2: the lighter wins with probability w1 / (2 w2). */
  @Test
  void linearSharesOfTwoNodes() {
    assertArrayEquals(
        new double[] {0.5 / 3, 1 - 0.5 / 3}, WeightedScore.LINEAR.shares(1, 3), 1e-15);
    assertArrayEquals(new double[] {0.75, 0.25}, WeightedScore.LINEAR.shares(4, 2), 1e-15);
  }

  @Test
  void logarithmicSharesAreProportional() {
    double[] shares = WeightedScore.LOGARITHMIC.shares(CAPACITIES);
    for (int i = 0; i < CAPACITIES.length; i++) {
      assertEquals(CAPACITIES[i] / 16, shares[i], 1e-15);
    }
  }

  /**
   * For random weights spanning six orders of magnitude and up to 5000 nodes (where the powers in
   * the formula would overflow): the shares are finite, sum to 1, follow the weights' order, and do
   * not change when every weight is scaled.
   */
  @Test
  void linearSharesAreAProbabilityDistribution() {
    qt().withFixedSeed(0x5A4E5L)
        .withExamples(200)
        .forAll(integers().between(1, 5000), longs().all())
        .checkAssert(
            (n, seed) -> {
              SplittableRandom random = new SplittableRandom(seed);
              double[] weights = new double[n];
              for (int i = 0; i < n; i++) {
                weights[i] = Math.pow(10, random.nextDouble(-3, 3));
              }
              weights[random.nextInt(n)] = weights[0]; // a tie
              double[] shares = WeightedScore.LINEAR.shares(weights);
              double sum = 0;
              for (int i = 0; i < n; i++) {
                assertTrue(shares[i] >= 0 && shares[i] <= 1, "share " + shares[i]);
                sum += shares[i];
                for (int j = 0; j < Math.min(n, 50); j++) {
                  if (weights[i] < weights[j]) {
                    assertTrue(shares[i] <= shares[j]);
                  } else if (weights[i] == weights[j]) {
                    assertEquals(shares[i], shares[j]);
                  }
                }
              }
              assertEquals(1, sum, 1e-9);
              double[] scaled = weights.clone();
              for (int i = 0; i < n; i++) {
                scaled[i] *= 1024;
              }
              assertArrayEquals(shares, WeightedScore.LINEAR.shares(scaled), 1e-12);
            });
  }

  @Test
  void equalWeightsGetEqualShares() {
    for (WeightedScore score : WeightedScore.values()) {
      for (double share : score.shares(3, 3, 3, 3, 3)) {
        assertEquals(0.2, share, 1e-15, score.name());
      }
    }
  }

  @Test
  void badWeightsAreRejected() {
    for (WeightedScore score : WeightedScore.values()) {
      for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
        IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class, () -> score.shares(1, bad));
        assertTrue(e.getMessage().startsWith("weight must be positive and finite"));
      }
      assertThrows(IllegalArgumentException.class, score::shares);
      assertThrows(NullPointerException.class, () -> score.shares((double[]) null));
    }
  }
}
