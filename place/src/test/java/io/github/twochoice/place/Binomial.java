/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tolerances for the statistical tests of this package. A count of keys that each land somewhere
 * with probability p, independently, is Binomial(n, p): mean {@code n p}, standard deviation {@code
 * sqrt(n p (1 − p))}. A test allows {@value #SDS} standard deviations, which a correct placement
 * exceeds with probability below 6·10<sup>-7</sup> per count (normal approximation), so a test of a
 * few dozen counts fails by chance less than once in 10<sup>4</sup> runs; the keys are fixed
 * strings, so a test's outcome never changes from run to run.
 */
final class Binomial {
  static final double SDS = 5;

  private Binomial() {}

  /** Asserts that a count is within {@value #SDS} standard deviations of Binomial(n, p)'s mean. */
  static void assertCount(long count, long n, double p, String what) {
    double mean = n * p;
    double sd = Math.sqrt(n * p * (1 - p));
    assertTrue(
        Math.abs(count - mean) <= SDS * sd,
        () -> what + ": " + count + ", expected " + mean + " ± " + SDS + " × " + sd);
  }
}
