/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.balls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ThresholdTest {
  private final Threshold ten =
      new Threshold(
          2, 1, 64, new double[] {0.40, 0.42, 0.44, 0.46, 0.48, 0.50, 0.52, 0.54, 0.56, 0.58});

  @Test
  void aQuantileIsTheLoadByWhichThatFractionOfTheTablesHadFailed() {
    assertEquals(0.40, ten.quantile(0.1), 0.0);
    assertEquals(0.42, ten.quantile(0.11), 0.0, "11 % of ten tables: the second");
    assertEquals(0.48, ten.quantile(0.5), 0.0);
    assertEquals(0.56, ten.quantile(0.9), 0.0);
    assertEquals(0.58, ten.quantile(1), 0.0);
    assertEquals(0.49, ten.median(), 1e-12);
    assertEquals(0.9, ten.successAt(0.42), 0.0, "the tables that failed at 0.42 or later");
  }

  @Test
  void aFractionOutsideZeroToOneIsRefused() {
    for (double fraction : new double[] {0, -0.5, 1.5, Double.NaN}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> ten.quantile(fraction));
      assertEquals("fraction must be in (0, 1]: " + fraction, e.getMessage());
    }
  }
}
