/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WeightedScoreTest {
  private static final double[] CAPACITIES = {1, 1, 1, 1, 2, 2, 4, 4};

  @Test
  void logarithmicSharesAreProportional() {
    double[] shares = WeightedScore.LOGARITHMIC.shares(CAPACITIES);
    for (int i = 0; i < CAPACITIES.length; i++) {
      assertEquals(CAPACITIES[i] / 16, shares[i], 1e-15);
    }
  }

  @Test
  void equalWeightsGetEqualShares() {
    for (double share : WeightedScore.LOGARITHMIC.shares(3, 3, 3, 3, 3)) {
      assertEquals(0.2, share, 1e-15);
    }
  }

  @Test
  void badWeightsAreRejected() {
    WeightedScore score = WeightedScore.LOGARITHMIC;
    for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> score.shares(1, bad));
      assertTrue(e.getMessage().startsWith("weight must be positive and finite"));
    }
    assertThrows(IllegalArgumentException.class, score::shares);
    assertThrows(NullPointerException.class, () -> score.shares((double[]) null));
  }
}
