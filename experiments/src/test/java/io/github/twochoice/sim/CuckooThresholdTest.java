/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The cuckoo load threshold at 2<sup>15</sup> cells, seeded.
 *
 * <p>(2,1): below 1/2 a whole build fails with probability O(1/m) (Θ(1/m) from components with two
 * cycles), so at load 0.40 nearly every trial succeeds; above 1/2 a giant component with many
 * cycles appears and almost every build fails. The test asks ≥ 90 % and ≤ 10 % of 40 trials (a
 * binomial count far from the true rates, which are near 100 % and 0 %). The median first-failure
 * load of 21 trials must lie within 0.50 ± 0.03 (the finite-size transition is smeared by about
 * 0.02 at this size). (2,4) and (3,1): the first-failure loads concentrate within about 0.005 of
 * the thresholds 0.980 and 0.918 at this size; the medians must lie within 0.02.
 */
class CuckooThresholdTest {
  private static final int CELLS = 1 << 15;

  @Test
  void twoChoicesOneSlotFailNearHalfOccupancy() {
    double below = CuckooThreshold.successProbability(2, 1, CELLS, 0.40, 40, 1);
    double above = CuckooThreshold.successProbability(2, 1, CELLS, 0.55, 40, 2);
    double median = CuckooThreshold.medianFirstFailureLoad(2, 1, CELLS, 21, 3);
    assertTrue(below >= 0.9, "success at load 0.40: " + below);
    assertTrue(above <= 0.1, "success at load 0.55: " + above);
    assertEquals(0.50, median, 0.03, "(2,1) median first-failure load");
  }

  @Test
  void bucketedAndMultipleChoiceTablesReachTheirKnownThresholds() {
    double twoByFour = CuckooThreshold.medianFirstFailureLoad(2, 4, CELLS, 11, 4);
    double threeByOne = CuckooThreshold.medianFirstFailureLoad(3, 1, CELLS, 11, 5);
    assertEquals(0.980, twoByFour, 0.02, "(2,4) median first-failure load");
    assertEquals(0.918, threeByOne, 0.02, "(3,1) median first-failure load");
  }
}
