/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.common;

import java.util.Locale;

/** Number formats shared by the tables: locale-independent, so CSV parses everywhere. */
public final class Format {
  private Format() {}

  /**
   * A fraction as a percentage with three significant digits.
   *
   * @param fraction the fraction
   * @return for example "22.9", "0.893", "0"
   */
  public static String percent(double fraction) {
    if (Double.isNaN(fraction)) {
      return "-";
    }
    return fraction == 0 ? "0" : String.format(Locale.ROOT, "%.3g", 100 * fraction);
  }

  /**
   * A number with three significant digits, in scientific notation when small or large.
   *
   * @param x the number
   * @return for example "0.00100", "3.52e-16", "0"
   */
  public static String significant(double x) {
    if (Double.isNaN(x)) {
      return "-";
    }
    return x == 0 ? "0" : String.format(Locale.ROOT, "%.3g", x);
  }

  /**
   * A number with {@code decimals} digits after the point.
   *
   * @param x the number
   * @param decimals the digits after the point
   * @return the number, or "-" for NaN
   */
  public static String fixed(double x, int decimals) {
    return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", x);
  }
}
