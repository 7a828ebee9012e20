/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.balls;

import io.github.twochoice.sim.Scheme;
import io.github.twochoice.stats.LoadStats;
import io.github.twochoice.theory.Theory;
import java.util.List;
import java.util.SplittableRandom;

/** Measured and predicted fractions of bins with at least i balls, i = 0 … maxLayer, per scheme. */
public final class Layers {
  private final int n;
  private final List<Scheme> schemes;
  private final double[][] measured;
  private final double[][] theory;

  Layers(int n, List<Scheme> schemes, double[][] measured, double[][] theory) {
    this.n = n;
    this.schemes = List.copyOf(schemes);
    this.measured = measured;
    this.theory = theory;
  }

  int n() {
    return n;
  }

  List<Scheme> schemes() {
    return schemes;
  }

  /**
   * The measured fraction of bins with at least i balls under scheme s.
   *
   * @param s the scheme's index
   * @param i the layer
   * @return the fraction of bins
   */
  public double measured(int s, int i) {
    return measured[s][i];
  }

  /** The predicted fraction of bins with at least i balls under scheme s. */
  double theory(int s, int i) {
    return theory[s][i];
  }

  int maxLayer() {
    return measured[0].length - 1;
  }

  /**
   * Throws ballsPerBin · n balls into n bins under each scheme and measures their layers, beside
   * the Poisson tail (one choice) or the fluid limit.
   *
   * @param n the number of bins
   * @param ballsPerBin the balls per bin
   * @param schemes the schemes
   * @param maxLayer the highest layer i
   * @param seed the seed from which each scheme's seed is drawn in order
   * @return the measured and predicted layers
   */
  public static Layers measure(
      int n, double ballsPerBin, List<Scheme> schemes, int maxLayer, long seed) {
    SplittableRandom seeds = new SplittableRandom(seed);
    long balls = Math.round(ballsPerBin * n);
    double[][] measured = new double[schemes.size()][maxLayer + 1];
    double[][] theory = new double[schemes.size()][];
    for (int s = 0; s < schemes.size(); s++) {
      Scheme scheme = schemes.get(s);
      LoadStats stats = scheme.throwBalls(balls, n, seeds.nextLong());
      for (int i = 0; i <= maxLayer; i++) {
        measured[s][i] = stats.fractionAtLeast(i);
      }
      theory[s] = theory(scheme, ballsPerBin, maxLayer);
    }
    return new Layers(n, schemes, measured, theory);
  }

  /**
   * The predicted fractions of bins with at least i balls, i = 0 … maxLayer, after ballsPerBin
   * balls per bin: the Poisson tail for one choice, the scheme's fluid limit otherwise.
   *
   * @param scheme the scheme
   * @param ballsPerBin the balls per bin so far
   * @param maxLayer the highest layer i
   * @return the fractions s_0 … s_maxLayer
   */
  public static double[] theory(Scheme scheme, double ballsPerBin, int maxLayer) {
    return scheme.choices() == 1
        ? poissonTail(ballsPerBin, maxLayer)
        : scheme.layerFractions(ballsPerBin, maxLayer);
  }

  private static double[] poissonTail(double lambda, int maxLayer) {
    double[] s = new double[maxLayer + 1];
    for (int i = 0; i <= maxLayer; i++) {
      s[i] = Theory.poissonTail(lambda, i);
    }
    return s;
  }
}
