/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.balls;

import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.sim.CuckooThreshold;
import io.github.twochoice.theory.Theory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** The first-failure loads of a cuckoo layout over several seeded trials, beside its threshold. */
public final class Threshold {
  private final int d;
  private final int b;
  private final int cells;
  private final double[] firstFailureLoads; // sorted

  Threshold(int d, int b, int cells, double[] firstFailureLoads) {
    this.d = d;
    this.b = b;
    this.cells = cells;
    this.firstFailureLoads = firstFailureLoads.clone();
  }

  int cells() {
    return cells;
  }

  int trials() {
    return firstFailureLoads.length;
  }

  double lowest() {
    return firstFailureLoads[0];
  }

  double highest() {
    return firstFailureLoads[firstFailureLoads.length - 1];
  }

  /**
   * The layout.
   *
   * @return "(d,b)"
   */
  public String layout() {
    return "(" + d + "," + b + ")";
  }

  /**
   * The load threshold of large tables of this layout.
   *
   * @return the threshold
   */
  public double theory() {
    return Theory.cuckooThreshold(d, b);
  }

  /**
   * The median load at the first failure.
   *
   * @return the median
   */
  public double median() {
    double[] x = firstFailureLoads;
    int t = x.length;
    return t % 2 == 1 ? x[t / 2] : (x[t / 2 - 1] + x[t / 2]) / 2;
  }

  /**
   * A quantile of the loads at the first failure, by the nearest rank: the smallest load at which
   * at least that fraction of the trials had failed. The distance between the 0.1 and the 0.9
   * quantiles is the width of the drop of {@link #successAt}.
   *
   * @param fraction from 0 (exclusive) to 1
   * @return the quantile
   */
  public double quantile(double fraction) {
    if (!(fraction > 0 && fraction <= 1)) {
      throw new IllegalArgumentException("fraction must be in (0, 1]: " + fraction);
    }
    int rank = (int) Math.ceil(fraction * firstFailureLoads.length);
    return firstFailureLoads[rank - 1];
  }

  /**
   * The fraction of trials in which load · cells keys all fit.
   *
   * @param load keys per slot
   * @return the fraction of tables that held that many keys
   */
  public double successAt(double load) {
    int fits = 0;
    for (double failure : firstFailureLoads) {
      fits += failure >= load ? 1 : 0;
    }
    return (double) fits / firstFailureLoads.length;
  }

  /**
   * Fills tables of each layout until the first failure, {@code trials} times.
   *
   * @param layouts the layouts {d, b}
   * @param cells the slots of each table
   * @param trials the tables per layout
   * @param seed the seed from which every layout's seed is drawn in order
   * @param progress told of each finished layout
   * @return one row per layout
   */
  public static List<Threshold> measure(
      List<int[]> layouts, int cells, int trials, long seed, Progress progress) {
    SplittableRandom seeds = new SplittableRandom(seed);
    List<Threshold> rows = new ArrayList<>();
    for (int[] layout : layouts) {
      double[] loads =
          CuckooThreshold.firstFailureLoads(layout[0], layout[1], cells, trials, seeds.nextLong());
      rows.add(new Threshold(layout[0], layout[1], cells, loads));
      progress.step();
    }
    return rows;
  }
}
