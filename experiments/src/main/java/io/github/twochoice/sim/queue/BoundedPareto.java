/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.SplittableRandom;

/**
 * The bounded Pareto distribution B(L, H, α) of heavy-tailed job sizes (Harchol-Balter, Crovella
 * and Murta, On choosing a task assignment policy for a distributed server system, JPDC 59(2),
 * 1999): density {@code α L^α x^(−α−1) / (1 − (L/H)^α)} on [L, H]. Web transfer sizes are
 * heavy-tailed (Crovella and Bestavros, Self-similarity in World Wide Web traffic, IEEE/ACM ToN
 * 5(6), 1997), and the bound keeps every draw at most H.
 *
 * <p>{@link #fit} matches three figures: H is the maximum; for each α the median fixes L, and α is
 * then the one whose mean matches (the mean-to-median ratio falls as α grows, so bisection finds
 * it). The share of work in the largest requests follows from these three figures and is not
 * fitted.
 *
 * <p>Immutable. A draw costs one uniform, one logarithm and one exponential, by inversion; the fit
 * costs 10<sup>4</sup> evaluations of the median equation.
 *
 * @since 0.1.0
 */
public final class BoundedPareto implements ServiceTimes {
  private static final double MIN_ALPHA = 1e-6;
  private static final double MAX_ALPHA = 1e3;
  private static final int BISECTIONS = 100; // both brackets are under 30 wide in logarithms

  private final double lower;
  private final double upper;
  private final double alpha;
  private final double logRange; // ln(H / L)
  private final double mass; // 1 − (L/H)^α, the untruncated Pareto's mass below H

  private BoundedPareto(double lower, double upper, double alpha) {
    this.lower = lower;
    this.upper = upper;
    this.alpha = alpha;
    this.logRange = Math.log(upper / lower);
    this.mass = -Math.expm1(-alpha * logRange);
  }

  /**
   * Returns the bounded Pareto distribution with the given median, mean and maximum.
   *
   * @param median the median, positive
   * @param mean the mean, above the median
   * @param max the upper bound H, above the mean and finite
   * @return the fitted distribution
   * @throws IllegalArgumentException if the figures are out of order or no α in [10<sup>-6</sup>,
   *     10<sup>3</sup>] gives this mean (the ratio mean/median is at most about {@code max /
   *     (median ln(max²/median²))}, reached as α tends to 0)
   */
  public static BoundedPareto fit(double median, double mean, double max) {
    if (!(median > 0) || Double.isInfinite(median)) {
      throw new IllegalArgumentException("median must be positive and finite: " + median);
    }
    if (!(mean > median) || Double.isInfinite(mean)) {
      throw new IllegalArgumentException("mean must be finite and above the median: " + mean);
    }
    if (!(max > mean) || Double.isInfinite(max)) {
      throw new IllegalArgumentException("max must be finite and above the mean: " + max);
    }
    double lo = Math.log(MIN_ALPHA);
    double hi = Math.log(MAX_ALPHA);
    if (!(withMedian(median, max, Math.exp(lo)).mean() > mean
        && withMedian(median, max, Math.exp(hi)).mean() < mean)) {
      throw new IllegalArgumentException(
          "no bounded Pareto distribution has median "
              + median
              + ", mean "
              + mean
              + " and max "
              + max);
    }
    for (int i = 0; i < BISECTIONS; i++) {
      double mid = (lo + hi) / 2;
      if (withMedian(median, max, Math.exp(mid)).mean() > mean) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return withMedian(median, max, Math.exp((lo + hi) / 2));
  }

  /**
   * The distribution with shape α, upper bound H and the given median: L solves {@code (L/m)^α = (1
   * + (L/H)^α) / 2}, whose two sides cross once in (0, m).
   */
  private static BoundedPareto withMedian(double median, double max, double alpha) {
    double lo = Math.log(median) - 2 * Math.log(max / median) - 1; // below m²/H, the α → 0 limit
    double hi = Math.log(median);
    for (int i = 0; i < BISECTIONS; i++) {
      double mid = (lo + hi) / 2;
      double excess =
          Math.expm1(alpha * (mid - Math.log(median)))
              - Math.expm1(alpha * (mid - Math.log(max))) / 2;
      if (excess < 0) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return new BoundedPareto(Math.exp((lo + hi) / 2), max, alpha);
  }

  /**
   * Returns L, the smallest size.
   *
   * @return the lower bound
   */
  public double lower() {
    return lower;
  }

  /**
   * Returns H, the largest size.
   *
   * @return the upper bound
   */
  public double upper() {
    return upper;
  }

  /**
   * Returns α, the tail index: smaller is heavier.
   *
   * @return the shape
   */
  public double alpha() {
    return alpha;
  }

  /**
   * Returns the q-quantile, {@code L (1 − q (1 − (L/H)^α))^(−1/α)}.
   *
   * @param q the probability, in [0, 1]
   * @return the size below which a fraction q of the requests lie
   * @throws IllegalArgumentException if {@code q} is outside [0, 1]
   */
  public double quantile(double q) {
    if (!(q >= 0 && q <= 1)) {
      throw new IllegalArgumentException("q must be in [0, 1]: " + q);
    }
    return Math.min(upper, lower * Math.exp(-Math.log1p(-q * mass) / alpha));
  }

  @Override
  public double next(SplittableRandom random) {
    return quantile(random.nextDouble());
  }

  /** {@code α L ln(H/L) E((1 − α) ln(H/L)) / (1 − (L/H)^α)}, E(y) = (e^y − 1)/y. */
  @Override
  public double mean() {
    return alpha * lower * logRange * expm1OverX((1 - alpha) * logRange) / mass;
  }

  /** The integral of {@code x^(−α)} from the (1 − fraction)-quantile to H, over that from L. */
  @Override
  public double shareOfTopWork(double fraction) {
    TopWork.checkFraction(fraction);
    double logTop = Math.log(upper / quantile(1 - fraction)); // ln(H / x_p)
    return Math.exp((1 - alpha) * (logRange - logTop))
        * logTop
        * expm1OverX((1 - alpha) * logTop)
        / (logRange * expm1OverX((1 - alpha) * logRange));
  }

  /** (e^y − 1) / y, continuous at 0. */
  private static double expm1OverX(double y) {
    return y == 0 ? 1 : Math.expm1(y) / y;
  }
}
