/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.balls;

import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.sim.BallsIntoBins;
import io.github.twochoice.sim.Scheme;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The maximum load of {@code trials} runs of load · n balls in n bins under one scheme, and the
 * fluid limit's prediction of it. {@link #measure} draws the seed of every run from one seed in a
 * fixed order, so the same arguments give the same figures.
 */
public final class MaxLoads {
  private final int n;
  private final double load;
  private final Scheme scheme;
  private final long[] distribution;

  MaxLoads(int n, double load, Scheme scheme, long[] distribution) {
    this.n = n;
    this.load = load;
    this.scheme = scheme;
    this.distribution = distribution.clone();
  }

  int n() {
    return n;
  }

  Scheme scheme() {
    return scheme;
  }

  double mean() {
    return BallsIntoBins.meanMaxLoad(distribution);
  }

  int lowest() {
    int k = 0;
    while (distribution[k] == 0) {
      k++;
    }
    return k;
  }

  int highest() {
    return distribution.length - 1;
  }

  /** "kxruns" for each maximum seen, e.g. "3x12 4x8". */
  String describe() {
    StringBuilder text = new StringBuilder();
    for (int k = 0; k < distribution.length; k++) {
      if (distribution[k] > 0) {
        text.append(text.length() == 0 ? "" : " ").append(k).append('x').append(distribution[k]);
      }
    }
    return text.toString();
  }

  /** The theory's formula for this scheme, or NaN below n = 3 where it is undefined. */
  double formula() {
    return n >= 3 ? scheme.theoryMaxLoad(n) : Double.NaN;
  }

  /** The fluid limit's prediction: the highest layer expected to hold half a bin. */
  int fluidPrediction() {
    return predictedMaxLoad(scheme.layerFractions(load, (int) Math.ceil(4 * load) + 24), n);
  }

  /**
   * Measures the maximum load of {@code trials} runs for each n and scheme.
   *
   * @param ns the numbers of bins
   * @param load the balls per bin
   * @param schemes the schemes
   * @param trials the runs per n and scheme
   * @param seed the seed from which every run's seed is drawn in order
   * @param progress told of each finished n and scheme
   * @return one row per n and scheme, in that order
   */
  public static List<MaxLoads> measure(
      List<Integer> ns,
      double load,
      List<Scheme> schemes,
      int trials,
      long seed,
      Progress progress) {
    SplittableRandom seeds = new SplittableRandom(seed);
    List<MaxLoads> rows = new ArrayList<>();
    for (int n : ns) {
      for (Scheme scheme : schemes) {
        long[] distribution =
            BallsIntoBins.maxLoadDistribution(
                Math.round(load * n), n, scheme.choices(), scheme.rule(), trials, seeds.nextLong());
        rows.add(new MaxLoads(n, load, scheme, distribution));
        progress.step();
      }
    }
    return rows;
  }

  /**
   * The highest layer i at which {@code bins · s_i >= 1/2}: the load the fullest bin is expected to
   * reach.
   *
   * @param s the layer fractions s_0, s_1, …
   * @param bins the number of bins
   * @return the predicted maximum load
   */
  public static int predictedMaxLoad(double[] s, double bins) {
    int i = 0;
    while (i + 1 < s.length && s[i + 1] * bins >= 0.5) {
      i++;
    }
    return i;
  }
}
