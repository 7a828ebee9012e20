/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.stats;

/**
 * What theory predicts for the maximum load when n balls go into n bins, computed rather than
 * tabulated.
 *
 * <ul>
 *   <li>One choice: the maximum grows like {@code ln n / ln ln n}; Gonnet (1981) sharpened the
 *       expectation to {@code Γ⁻¹(n) − 3/2 + o(1)}, with Γ⁻¹ the inverse of the Gamma function.
 *   <li>d ≥ 2 choices: {@code ln ln n / ln d + O(1)} (Azar, Broder, Karlin and Upfal, 1994).
 *   <li>d-left, ties to the left: {@code ln ln n / (d ln φ_d) + O(1)}, φ_d the d-th generalized
 *       golden ratio (Vöcking, 1999).
 * </ul>
 *
 * <p>All methods are pure functions of their arguments; each costs at most a few hundred
 * floating-point operations.
 */
public final class Theory {
  private Theory() {}

  /**
   * Returns {@code ln n / ln ln n}, the growth of the one-choice maximum load.
   *
   * @param n the number of balls and of bins, at least 3
   * @return {@code ln n / ln ln n}
   * @throws IllegalArgumentException if {@code n < 3}
   */
  public static double oneChoiceMaxLoad(double n) {
    checkN(n);
    return Math.log(n) / Math.log(Math.log(n));
  }

  /**
   * Returns Gonnet's expected one-choice maximum load, {@code Γ⁻¹(n) − 3/2}.
   *
   * @param n the number of balls and of bins, at least 3
   * @return the expected maximum load with one choice
   * @throws IllegalArgumentException if {@code n < 3}
   */
  public static double gonnetMaxLoad(double n) {
    checkN(n);
    return inverseGamma(n) - 1.5;
  }

  /**
   * Returns {@code ln ln n / ln d}, the leading term of the d-choice maximum load.
   *
   * @param n the number of balls and of bins, at least 3
   * @param d the number of choices, at least 2
   * @return {@code ln ln n / ln d}
   * @throws IllegalArgumentException if {@code n < 3} or {@code d < 2}
   */
  public static double multipleChoiceMaxLoad(double n, int d) {
    checkN(n);
    if (d < 2) {
      throw new IllegalArgumentException("d must be >= 2: " + d);
    }
    return Math.log(Math.log(n)) / Math.log(d);
  }

  /**
   * Returns Vöcking's {@code ln ln n / (d ln φ_d)}, the leading term of the d-left maximum load.
   *
   * @param n the number of balls and of bins, at least 3
   * @param d the number of subtables, at least 2
   * @return {@code ln ln n / (d ln φ_d)}
   * @throws IllegalArgumentException if {@code n < 3} or {@code d < 2}
   */
  public static double dLeftMaxLoad(double n, int d) {
    checkN(n);
    return Math.log(Math.log(n)) / (d * Math.log(generalizedGoldenRatio(d)));
  }

  /**
   * Returns φ_d, the d-th generalized golden ratio: the unique root in (1, 2) of {@code x^d = 1 + x
   * + ... + x^(d-1)}, equivalently of {@code x^(d+1) − 2x^d + 1 = 0} other than 1. φ_2 is the
   * golden ratio 1.618…; φ_d tends to 2. Found by bisection, since the polynomial {@code x^d − (x^d
   * − 1)/(x − 1)} changes sign exactly once on (1, 2).
   *
   * @param d the index, at least 2
   * @return φ_d
   * @throws IllegalArgumentException if {@code d < 2}
   */
  public static double generalizedGoldenRatio(int d) {
    if (d < 2) {
      throw new IllegalArgumentException("d must be >= 2: " + d);
    }
    double lo = 1;
    double hi = 2;
    for (int i = 0; i < 200 && hi - lo > 1e-15; i++) {
      double mid = (lo + hi) / 2;
      double power = 1; // mid^k
      double sumOfLowerPowers = 0; // 1 + mid + ... + mid^(d-1)
      for (int k = 0; k < d; k++) {
        sumOfLowerPowers += power;
        power *= mid;
      }
      if (power < sumOfLowerPowers) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /**
   * Returns the x ≥ 2 with Γ(x) = y, found by bisection on {@link #lnGamma(double)}.
   *
   * @param y a value at least 1
   * @return Γ⁻¹(y) on the increasing branch of Γ
   * @throws IllegalArgumentException if {@code y < 1} or is not finite
   */
  public static double inverseGamma(double y) {
    if (!(y >= 1) || Double.isInfinite(y)) {
      throw new IllegalArgumentException("y must be >= 1 and finite: " + y);
    }
    double target = Math.log(y);
    double lo = 2;
    double hi = 3;
    while (lnGamma(hi) < target) {
      lo = hi;
      hi *= 2;
    }
    for (int i = 0; i < 100 && hi - lo > 1e-12; i++) {
      double mid = (lo + hi) / 2;
      if (lnGamma(mid) < target) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  private static final double[] LANCZOS = {
    0.9999999999998099,
    676.5203681218851,
    -1259.1392167224028,
    771.3234287776531,
    -176.6150291621406,
    12.507343278686905,
    -0.13857109526572012,
    9.984369578019572e-6,
    1.5056327351493116e-7
  };

  /**
   * Returns ln Γ(x) by the Lanczos approximation (g = 7, relative error below 10<sup>-13</sup>).
   *
   * @param x a positive argument
   * @return the natural logarithm of the Gamma function at x
   * @throws IllegalArgumentException if {@code x <= 0}
   */
  public static double lnGamma(double x) {
    if (!(x > 0)) {
      throw new IllegalArgumentException("x must be positive: " + x);
    }
    if (x < 0.5) {
      // reflection: Γ(x) Γ(1 − x) = π / sin(πx)
      return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
    }
    double z = x - 1;
    double sum = LANCZOS[0];
    for (int i = 1; i < LANCZOS.length; i++) {
      sum += LANCZOS[i] / (z + i);
    }
    double t = z + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
  }

  private static void checkN(double n) {
    if (!(n >= 3) || Double.isInfinite(n)) {
      throw new IllegalArgumentException("n must be >= 3 and finite: " + n);
    }
  }
}
