/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The cuckoo load threshold, measured: how full a fixed-size cuckoo table gets before the first key
 * that cannot be placed, and how likely a given number of keys is to fit at all.
 *
 * <p>Each trial fills a fresh {@link CuckooTable} (d choices, b slots per bucket, exact insert)
 * with the keys 0, 1, 2, ... under its own seed, so the keys' buckets are independent and uniform.
 * The trials' seeds come from one {@link SplittableRandom} seeded by the caller: the same arguments
 * give the same figures.
 *
 * <p>Cost: one trial inserts at most {@code cells} keys; near the threshold an insert may search a
 * large part of the table, so a trial costs up to O(cells²) in the worst case and far less in
 * practice (milliseconds at 2<sup>15</sup> cells).
 *
 * @since 0.1.0
 */
public final class CuckooThreshold {
  private CuckooThreshold() {}

  /**
   * Returns the load (keys placed / cells) at the first key that cannot be placed, or 1 if every
   * cell gets filled.
   *
   * @param d choices per key, from 2 to 8
   * @param b slots per bucket, from 1 to 64
   * @param cells slots in the table, positive
   * @param seed the hash seed of this trial
   * @return the load reached before the first failure
   */
  public static double firstFailureLoad(int d, int b, int cells, long seed) {
    CuckooTable table = CuckooTable.withCells(d, b, cells, seed);
    for (int key = 0; key < table.cells(); key++) {
      if (!table.add(key)) {
        break;
      }
    }
    return table.load();
  }

  /**
   * Returns the median over {@code trials} of {@link #firstFailureLoad}.
   *
   * @param d choices per key
   * @param b slots per bucket
   * @param cells slots in the table
   * @param trials the number of trials, positive
   * @param seed the seed of the trial seeds
   * @return the median load at the first failure
   */
  public static double medianFirstFailureLoad(int d, int b, int cells, int trials, long seed) {
    double[] loads = firstFailureLoads(d, b, cells, trials, seed);
    return trials % 2 == 1 ? loads[trials / 2] : (loads[trials / 2 - 1] + loads[trials / 2]) / 2;
  }

  /**
   * Returns {@link #firstFailureLoad} of {@code trials} trials, sorted. The fraction of them at or
   * above a load L estimates the probability that L · cells keys all fit, so one call gives the
   * whole success-probability curve.
   *
   * @param d choices per key
   * @param b slots per bucket
   * @param cells slots in the table
   * @param trials the number of trials, positive
   * @param seed the seed of the trial seeds
   * @return the first-failure loads in increasing order
   */
  public static double[] firstFailureLoads(int d, int b, int cells, int trials, long seed) {
    checkTrials(trials);
    SplittableRandom seeds = new SplittableRandom(seed);
    double[] loads = new double[trials];
    for (int t = 0; t < trials; t++) {
      loads[t] = firstFailureLoad(d, b, cells, seeds.nextLong());
    }
    Arrays.sort(loads);
    return loads;
  }

  /**
   * Returns the fraction of trials in which {@code round(load · cells)} keys all fit.
   *
   * @param d choices per key
   * @param b slots per bucket
   * @param cells slots in the table
   * @param load keys per cell, in [0, 1]
   * @param trials the number of trials, positive
   * @param seed the seed of the trial seeds
   * @return the estimated probability that the keys fit
   */
  public static double successProbability(
      int d, int b, int cells, double load, int trials, long seed) {
    checkTrials(trials);
    if (!(load >= 0 && load <= 1)) {
      throw new IllegalArgumentException("load must be in [0, 1]: " + load);
    }
    SplittableRandom seeds = new SplittableRandom(seed);
    int successes = 0;
    for (int t = 0; t < trials; t++) {
      CuckooTable table = CuckooTable.withCells(d, b, cells, seeds.nextLong());
      int keys = (int) Math.round(load * table.cells());
      boolean allFit = true;
      for (int key = 0; key < keys && allFit; key++) {
        allFit = table.add(key);
      }
      successes += allFit ? 1 : 0;
    }
    return (double) successes / trials;
  }

  private static void checkTrials(int trials) {
    if (trials < 1) {
      throw new IllegalArgumentException("trials must be positive: " + trials);
    }
  }
}
