/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Sizes resampled uniformly, with replacement, from an observed sample (the empirical
 * distribution). Holds a sorted copy of the sample: O(m log m) to build, O(1) per draw.
 */
final class EmpiricalTimes implements ServiceTimes {
  private final double[] ascending;
  private final double total;

  EmpiricalTimes(double[] sizes) {
    Objects.requireNonNull(sizes, "sizes");
    if (sizes.length == 0) {
      throw new IllegalArgumentException("sizes must not be empty");
    }
    double sum = 0;
    for (int i = 0; i < sizes.length; i++) {
      if (!(sizes[i] >= 0) || Double.isInfinite(sizes[i])) {
        throw new IllegalArgumentException("sizes[" + i + "] must be finite and >= 0: " + sizes[i]);
      }
      sum += sizes[i];
    }
    if (!(sum > 0) || Double.isInfinite(sum)) {
      throw new IllegalArgumentException("sizes must have a positive, finite sum: " + sum);
    }
    this.ascending = sizes.clone();
    Arrays.sort(ascending);
    this.total = sum;
  }

  @Override
  public double next(SplittableRandom random) {
    return ascending[random.nextInt(ascending.length)];
  }

  @Override
  public double mean() {
    return total / ascending.length;
  }

  @Override
  public double shareOfTopWork(double fraction) {
    return TopWork.share(ascending, total, fraction);
  }
}
