/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import io.github.twochoice.cli.balls.BallsFigures;
import io.github.twochoice.cli.balls.Layers;
import io.github.twochoice.cli.balls.MaxLoads;
import io.github.twochoice.sim.BallsIntoBins;
import io.github.twochoice.sim.Scheme;
import io.github.twochoice.theory.Theory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The balls-into-bins page: one, two and three choices and 2-left ({@link Scheme#STANDARD}) on the
 * same seed, ball by ball ({@link BallsIntoBins#trace}), with the maximum-load formulas and the
 * layers theory predicts after each ball; and the same schemes at 10<sup>3</sup> to 10<sup>6</sup>
 * bins in one request ({@link Layers#measure}, drawn by {@link BallsFigures#layerChart}).
 *
 * <p>Cost: the trace is O(balls · d) per scheme plus O(balls · layers) for the theory; the large
 * run O(n) per scheme.
 */
final class BallsLab {
  /** The most bins the animated view draws. */
  static final int MAX_BINS = 64;

  /** The most balls per bin the animated view throws. */
  static final int MAX_BALLS_PER_BIN = 4;

  /** The most bins of the large run. */
  static final int MAX_LARGE_BINS = 1_000_000;

  /** The layers of the large run: beyond any maximum load at 10^6 bins. */
  static final int LARGE_LAYERS = 16;

  private BallsLab() {}

  /** {@code /api/balls?n=&balls=&seed=}: every ball of every scheme, and the theory per step. */
  static Json.Obj trace(Params params) {
    int n = animatedBins(params, 16);
    int balls = params.integer("balls", n, 1, MAX_BALLS_PER_BIN * n);
    long seed = params.seed();
    params.checkAllRead();
    List<Json.Obj> schemes = new ArrayList<>();
    int highest = 0;
    for (Scheme scheme : Scheme.STANDARD) {
      BallsIntoBins.Trace trace =
          BallsIntoBins.trace(balls, n, scheme.choices(), scheme.rule(), seed);
      highest = Math.max(highest, scheme.throwBalls(balls, n, seed).maxLoad());
      schemes.add(traceJson(scheme, trace));
    }
    int maxLayer = highest + 1;
    for (int s = 0; s < schemes.size(); s++) {
      Scheme scheme = Scheme.STANDARD.get(s);
      double[][] theory = new double[balls + 1][];
      int[] predicted = new int[balls + 1];
      for (int step = 0; step <= balls; step++) {
        double perBin = (double) step / n;
        double[] layers =
            Layers.theory(scheme, perBin, Math.max(maxLayer, (int) Math.ceil(4 * perBin) + 24));
        theory[step] = Arrays.copyOf(layers, maxLayer + 1);
        predicted[step] = MaxLoads.predictedMaxLoad(layers, n);
      }
      schemes.get(s).put("theory", theory).put("predicted", predicted);
    }
    return Json.obj()
        .put("n", n)
        .put("balls", balls)
        .put("seed", seed)
        .put("steps", balls)
        .put("maxLayer", maxLayer)
        .put("bounds", bounds(n))
        .put("schemes", schemes);
  }

  /** The bins of an animated view, with a message that points to the large run if too many. */
  static int animatedBins(Params params, int otherwise) {
    int n = params.integer("n", otherwise, 4, Integer.MAX_VALUE);
    if (n > MAX_BINS) {
      throw new BadRequest(
          "n must be from 4 to "
              + MAX_BINS
              + " in the animated view (the large run takes up to "
              + MAX_LARGE_BINS
              + "): "
              + n);
    }
    return n;
  }

  static Json.Obj traceJson(Scheme scheme, BallsIntoBins.Trace trace) {
    int[][] candidates = new int[trace.balls()][];
    int[] chosen = new int[trace.balls()];
    boolean[] ties = new boolean[trace.balls()];
    for (int ball = 0; ball < trace.balls(); ball++) {
      candidates[ball] = trace.candidates(ball);
      chosen[ball] = trace.chosen(ball);
      ties[ball] = trace.tie(ball);
    }
    return Json.obj()
        .put("label", scheme.label())
        .put("d", scheme.choices())
        .put("rule", scheme.rule().name())
        .put("candidates", candidates)
        .put("chosen", chosen)
        .put("ties", ties);
  }

  /** The maximum-load formulas at n balls in n bins. */
  private static List<Json.Obj> bounds(int n) {
    return List.of(
        bound("ln n / ln ln n", "one choice grows like", Theory.oneChoiceMaxLoad(n)),
        bound("Γ⁻¹(n) − 3/2", "Gonnet's one-choice maximum", Theory.gonnetMaxLoad(n)),
        bound("ln ln n / ln 2", "two choices, + O(1)", Theory.multipleChoiceMaxLoad(n, 2)),
        bound("ln ln n / ln 3", "three choices, + O(1)", Theory.multipleChoiceMaxLoad(n, 3)),
        bound("ln ln n / (2 ln φ₂)", "Vöcking's 2-left, + O(1)", Theory.dLeftMaxLoad(n, 2)));
  }

  private static Json.Obj bound(String formula, String meaning, double value) {
    return Json.obj().put("formula", formula).put("meaning", meaning).put("value", value);
  }

  /**
   * {@code /api/balls/large?n=&seed=}: n balls in n bins per scheme, the maximum loads and the
   * layer chart, from {@link Layers#measure} (each scheme's seed drawn in turn from the seed).
   */
  static Json.Obj large(Params params) {
    int n = params.integer("n", 100_000, 1000, MAX_LARGE_BINS);
    long seed = params.seed();
    params.checkAllRead();
    Layers layers = Layers.measure(n, 1, Scheme.STANDARD, LARGE_LAYERS, seed);
    List<Json.Obj> rows = new ArrayList<>();
    for (int s = 0; s < Scheme.STANDARD.size(); s++) {
      Scheme scheme = Scheme.STANDARD.get(s);
      int max = 0;
      while (max < LARGE_LAYERS && layers.measured(s, max + 1) > 0) {
        max++;
      }
      rows.add(
          Json.obj()
              .put("label", scheme.label())
              .put("maxLoad", max)
              .put("formula", scheme.theoryMaxLoad(n)));
    }
    return Json.obj()
        .put("n", n)
        .put("seed", seed)
        .put("schemes", rows)
        .put("bounds", bounds(n))
        .put("figure", LabFigure.of(BallsFigures.layerChart(List.of(layers))));
  }
}
