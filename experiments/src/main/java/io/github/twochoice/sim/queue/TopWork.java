/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

/**
 * The share of work carried by the largest requests of a sample, for {@link
 * ServiceTimes#shareOfTopWork}. Pure functions; O(1) checks and O(sample) sums.
 */
final class TopWork {
  private TopWork() {}

  /** Throws unless {@code fraction} is in (0, 1]. */
  static void checkFraction(double fraction) {
    if (!(fraction > 0 && fraction <= 1)) {
      throw new IllegalArgumentException("fraction must be in (0, 1]: " + fraction);
    }
  }

  /**
   * Returns the share of the sum carried by the largest {@code fraction · length} values of a
   * sample sorted ascending, counting a fractional last value in proportion.
   */
  static double share(double[] ascending, double total, double fraction) {
    checkFraction(fraction);
    double count = fraction * ascending.length;
    int whole = (int) count;
    double top = 0;
    for (int k = 1; k <= whole; k++) {
      top += ascending[ascending.length - k];
    }
    if (whole < ascending.length) {
      top += (count - whole) * ascending[ascending.length - 1 - whole];
    }
    return top / total;
  }
}
