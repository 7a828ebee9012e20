/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Arrays;

/**
 * The measured response times of a run, kept exactly in one array sized for the run (8 bytes per
 * request): O(1) per sample, and one O(m log m) sort for the quantiles. A q-quantile is the
 * nearest-rank value, the ⌈q m⌉-th smallest of m.
 */
final class ResponseTimes {
  private final double[] values;
  private int count;
  private double sum;
  private boolean sorted;

  ResponseTimes(int capacity) {
    values = new double[capacity];
  }

  void add(double responseTime) {
    values[count++] = responseTime;
    sum += responseTime;
  }

  int count() {
    return count;
  }

  /** The mean; NaN if there is no sample. */
  double mean() {
    return sum / count;
  }

  /** The nearest-rank q-quantile; NaN if there is no sample. */
  double quantile(double q) {
    if (count == 0) {
      return Double.NaN;
    }
    if (!sorted) {
      Arrays.sort(values, 0, count);
      sorted = true;
    }
    return values[Math.max(0, (int) Math.ceil(q * count) - 1)];
  }
}
