/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A source of request sizes: the work a request brings, in units of time at speed 1.
 * Implementations are immutable and draw only from the random generator they are given, so a seeded
 * generator gives a reproducible sequence; {@link #next} costs O(1) and allocates nothing.
 *
 * @since 0.1.0
 */
public interface ServiceTimes {
  /** Fixed cost of a web request in the byte-count model, in milliseconds (50 µs). */
  double WEB_BASE_MILLIS = 0.05;

  /** Cost per byte of a web request in the byte-count model, in milliseconds (1 µs per 100 B). */
  double WEB_MILLIS_PER_BYTE = 1e-5;

  /**
   * Draws the size of the next request.
   *
   * @param random the generator to draw from
   * @return a size, finite and {@code >= 0}
   */
  double next(SplittableRandom random);

  /**
   * Returns the mean size, which sets the arrival rate for a given utilisation.
   *
   * @return the mean, positive and finite
   */
  double mean();

  /**
   * Returns the share of all work carried by the largest requests: with {@code fraction} = 0.01,
   * the part of the total work that the top 1 % of requests bring.
   *
   * @param fraction the share of requests, in (0, 1]
   * @return the share of work, in (0, 1]
   * @throws IllegalArgumentException if {@code fraction} is outside (0, 1]
   */
  double shareOfTopWork(double fraction);

  /**
   * Returns exponential sizes of mean 1.
   *
   * @return the source
   */
  static ServiceTimes exponential() {
    return new ExponentialTimes(1);
  }

  /**
   * Returns exponential sizes of the given mean.
   *
   * @param mean the mean, positive and finite
   * @return the source
   * @throws IllegalArgumentException if {@code mean} is not positive and finite
   */
  static ServiceTimes exponential(double mean) {
    return new ExponentialTimes(mean);
  }

  /**
   * Returns sizes resampled uniformly, with replacement, from the given ones.
   *
   * @param sizes the observed sizes, finite and {@code >= 0}, with a positive finite sum; copied
   * @return the source
   * @throws NullPointerException if {@code sizes} is null
   * @throws IllegalArgumentException if {@code sizes} is empty, holds a negative or non-finite
   *     value, or does not have a positive finite sum
   */
  static ServiceTimes empirical(double[] sizes) {
    return new EmpiricalTimes(sizes);
  }

  /**
   * Returns the bounded Pareto distribution with the given median, mean and maximum; see {@link
   * BoundedPareto#fit}.
   *
   * @param median the median, positive
   * @param mean the mean, above the median
   * @param max the largest size, above the mean
   * @return the fitted source
   * @throws IllegalArgumentException if no bounded Pareto distribution has these figures
   */
  static ServiceTimes heavyTailed(double median, double mean, double max) {
    return BoundedPareto.fit(median, mean, max);
  }

  /**
   * Converts response sizes in bytes, as a web server's log records them, to service times in
   * milliseconds: {@code 0.05 + 1e-5 · bytes} (50 µs plus 1 µs per 100 bytes).
   *
   * @param byteCounts the response sizes, {@code >= 0}
   * @return the service times, in milliseconds, in the same order
   * @throws NullPointerException if {@code byteCounts} is null
   * @throws IllegalArgumentException if a byte count is negative
   */
  static double[] webServiceTimesMillis(long[] byteCounts) {
    Objects.requireNonNull(byteCounts, "byteCounts");
    double[] millis = new double[byteCounts.length];
    for (int i = 0; i < byteCounts.length; i++) {
      if (byteCounts[i] < 0) {
        throw new IllegalArgumentException("byteCounts[" + i + "] must be >= 0: " + byteCounts[i]);
      }
      millis[i] = WEB_BASE_MILLIS + WEB_MILLIS_PER_BYTE * byteCounts[i];
    }
    return millis;
  }
}
