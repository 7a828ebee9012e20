/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.balls;

import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.sim.BallsIntoBins;
import io.github.twochoice.sim.BallsIntoBins.Rule;
import io.github.twochoice.stats.LoadStats;
import io.github.twochoice.theory.Theory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Kleinberg and Tardos's heavily loaded case ((13.46)): m = 16 n ln n balls into n bins with one
 * choice, so that each bin expects μ = 16 ln n; by Chernoff's bounds every bin then lies within
 * [μ/2, 2μ] with probability at least {@code 1 − n e^(−μ/8) − n (e/4)^μ}. Measures the least and
 * the greatest bin over several seeded runs beside those bounds. Cost: m random numbers per run.
 */
final class HeavyLoad {
  private final int n;
  private final long balls;
  private final int[] least;
  private final int[] greatest;

  private HeavyLoad(int n, long balls, int[] least, int[] greatest) {
    this.n = n;
    this.balls = balls;
    this.least = least;
    this.greatest = greatest;
  }

  /**
   * Runs {@code trials} throws of 16 n ln n balls for each n.
   *
   * @param ns the numbers of bins, each at least 3
   * @param trials the runs per n
   * @param seed the seed from which every run's seed is drawn in order
   * @param progress told of each finished n
   * @return one row per n
   */
  static List<HeavyLoad> measure(List<Integer> ns, int trials, long seed, Progress progress) {
    SplittableRandom seeds = new SplittableRandom(seed);
    List<HeavyLoad> rows = new ArrayList<>();
    for (int n : ns) {
      long balls = Theory.heavyLoadBalls(n);
      int[] least = new int[trials];
      int[] greatest = new int[trials];
      for (int t = 0; t < trials; t++) {
        LoadStats stats = BallsIntoBins.throwBalls(balls, n, 1, Rule.SYMMETRIC, seeds.nextLong());
        least[t] = stats.minLoad();
        greatest[t] = stats.maxLoad();
      }
      rows.add(new HeavyLoad(n, balls, least, greatest));
      progress.step();
    }
    return rows;
  }

  int n() {
    return n;
  }

  long balls() {
    return balls;
  }

  /** μ = m / n, the mean load of a bin. */
  double mean() {
    return (double) balls / n;
  }

  /** The union bound {@code n e^(−μ/8)} on some bin holding fewer than μ/2 balls. */
  double lowBound() {
    return n * Theory.chernoffLowerTail(mean(), 0.5);
  }

  /** The union bound {@code n (e/4)^μ} on some bin holding more than 2μ balls. */
  double highBound() {
    return n * Theory.chernoffUpperTail(mean(), 1);
  }

  /** The least loaded bin, averaged over the runs. */
  double meanLeast() {
    return average(least);
  }

  /** The least loaded bin of any run. */
  int lowestLeast() {
    int low = least[0];
    for (int x : least) {
      low = Math.min(low, x);
    }
    return low;
  }

  /** The fullest bin, averaged over the runs. */
  double meanGreatest() {
    return average(greatest);
  }

  /** The fullest bin of any run. */
  int highestGreatest() {
    int high = greatest[0];
    for (int x : greatest) {
      high = Math.max(high, x);
    }
    return high;
  }

  private static double average(int[] values) {
    double sum = 0;
    for (int x : values) {
      sum += x;
    }
    return sum / values.length;
  }
}
