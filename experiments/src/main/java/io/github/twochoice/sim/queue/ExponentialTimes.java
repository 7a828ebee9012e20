/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.SplittableRandom;

/**
 * Exponentially distributed sizes, drawn by inversion: one uniform and one logarithm per draw. The
 * largest 100p % of the requests carry {@code p (1 − ln p)} of the work, whatever the mean.
 */
final class ExponentialTimes implements ServiceTimes {
  private final double mean;

  ExponentialTimes(double mean) {
    if (!(mean > 0) || Double.isInfinite(mean)) {
      throw new IllegalArgumentException("mean must be positive and finite: " + mean);
    }
    this.mean = mean;
  }

  @Override
  public double next(SplittableRandom random) {
    return -mean * Math.log(1 - random.nextDouble());
  }

  @Override
  public double mean() {
    return mean;
  }

  @Override
  public double shareOfTopWork(double fraction) {
    TopWork.checkFraction(fraction);
    return fraction * (1 - Math.log(fraction));
  }
}
