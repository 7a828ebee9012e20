/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.sim.queue.Policy.Draws;
import io.github.twochoice.theory.Theory;
import org.junit.jupiter.api.Test;

/** The refined mean field: its structure, and the gaps it gives at λ = 0.9. */
class RefinedMeanFieldTest {
  @Test
  void oneChoiceHasNoGap() {
    RefinedMeanField model = RefinedMeanField.supermarket(0.9, 1, Draws.DISTINCT);
    assertEquals(10, model.meanTime(), 1e-12);
    assertEquals(0, model.meanTimeGap(10));
    assertEquals(Math.pow(0.9, 4), model.tail(4, 10), 1e-15);
  }

  @Test
  void theBusyFractionIsExactlyLambdaAtEveryN() {
    for (Draws draws : Draws.values()) {
      RefinedMeanField model = RefinedMeanField.supermarket(0.9, 2, draws);
      assertEquals(0, model.tailCorrection(1), 1e-9);
      assertEquals(0, model.tailCorrection(0));
      assertEquals(0.9, model.tail(1, 10), 1e-9);
    }
  }

  /**
   * The gaps at n = 10, 100 and 1000 (mean time in system, in service times; the limit is 2.6141).
   * Simulated with 8 seeds of 2·10<sup>6</sup> requests after 5·10<sup>5</sup> of warm-up (standard
   * error 0.005 to 0.009), independent draws gave 3.116, 2.663 and 2.624, distinct draws 2.988,
   * 2.649 and 2.622. At n = 10 the 1/n term is 88 % (independent) and 83 % (distinct) of the
   * simulated gap; at n = 100 and 1000 the rest is within the standard error.
   */
  @Test
  void theGapShrinksLikeOneOverN() {
    RefinedMeanField independent = RefinedMeanField.supermarket(0.9, 2, Draws.INDEPENDENT);
    RefinedMeanField distinct = RefinedMeanField.supermarket(0.9, 2, Draws.DISTINCT);
    assertEquals(Theory.supermarketMeanTime(0.9, 2), independent.meanTime(), 1e-15);
    assertEquals(3.0570, independent.meanTime(10), 1e-4);
    assertEquals(2.6584, independent.meanTime(100), 1e-4);
    assertEquals(2.6185, independent.meanTime(1000), 1e-4);
    assertEquals(2.9224, distinct.meanTime(10), 1e-4);
    assertEquals(2.6449, distinct.meanTime(100), 1e-4);
    assertEquals(2.6171, distinct.meanTime(1000), 1e-4);
    for (int n : new int[] {10, 100, 1000}) {
      assertEquals(independent.meanTimeGap(1) / n, independent.meanTimeGap(n), 1e-12);
      assertTrue(
          0 < distinct.meanTimeGap(n) && distinct.meanTimeGap(n) < independent.meanTimeGap(n));
    }
    // Little's law: the gap in time is the gap in queue length over λ.
    double lengthGap = 0;
    for (int i = 1; i < 40; i++) {
      lengthGap += independent.tail(i, 100) - independent.tail(i);
    }
    assertEquals(lengthGap / 0.9, independent.meanTimeGap(100), 1e-12);
  }

  @Test
  void badArgumentsAreRejected() {
    assertThrows(
        IllegalArgumentException.class, () -> RefinedMeanField.supermarket(1, 2, Draws.DISTINCT));
    assertThrows(
        IllegalArgumentException.class, () -> RefinedMeanField.supermarket(0, 2, Draws.DISTINCT));
    assertThrows(
        IllegalArgumentException.class, () -> RefinedMeanField.supermarket(0.5, 0, Draws.DISTINCT));
    assertThrows(NullPointerException.class, () -> RefinedMeanField.supermarket(0.5, 2, null));
    RefinedMeanField model = RefinedMeanField.supermarket(0.5, 2, Draws.DISTINCT);
    assertThrows(IllegalArgumentException.class, () -> model.meanTimeGap(0));
    assertThrows(IllegalArgumentException.class, () -> model.tailCorrection(-1));
  }
}
