/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.Chart.Axis;
import io.github.twochoice.cli.figure.Chart.Series;
import io.github.twochoice.cli.figure.Chart.Style;
import io.github.twochoice.sim.BallsIntoBins;
import io.github.twochoice.sim.BallsIntoBins.Rule;
import io.github.twochoice.sim.Scheme;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The d-left page: two choices under one of three rules — Vöcking's "ties go left" (two groups,
 * {@link Rule#D_LEFT}), the same groups with random ties ({@link Rule#D_LEFT_RANDOM_TIES}) and one
 * table with random ties ({@link Rule#SYMMETRIC}) — ball by ball from {@link BallsIntoBins#trace},
 * which flags every tie; and the maximum load over 100 seeds for each rule ({@link
 * BallsIntoBins#maxLoadDistribution}).
 *
 * <p>Cost: the trace O(balls); the histogram 100 runs of n balls per rule.
 */
final class DLeftLab {
  /** The rules by their names in the page's URL. */
  static final Map<String, Rule> RULES =
      Map.of("left", Rule.D_LEFT, "random", Rule.D_LEFT_RANDOM_TIES, "single", Rule.SYMMETRIC);

  /** The names in the page's order. */
  static final List<String> RULE_NAMES = List.of("left", "random", "single");

  /** The runs of the histogram. */
  static final int SEEDS = 100;

  /** The most bins of the histogram's runs. */
  static final int MAX_HISTOGRAM_BINS = 100_000;

  private DLeftLab() {}

  /** {@code /api/dleft?n=&balls=&rule=&seed=}: every ball, its two candidates and its tie. */
  static Json.Obj trace(Params params) {
    int n = BallsLab.animatedBins(params, 16);
    int balls = params.integer("balls", n, 1, BallsLab.MAX_BALLS_PER_BIN * n);
    String rule = params.choice("rule", RULE_NAMES);
    long seed = params.seed();
    params.checkAllRead();
    Scheme scheme = new Scheme(2, RULES.get(rule));
    BallsIntoBins.Trace trace = BallsIntoBins.trace(balls, n, 2, scheme.rule(), seed);
    return BallsLab.traceJson(scheme, trace)
        .put("n", n)
        .put("balls", balls)
        .put("seed", seed)
        .put("steps", balls)
        .put("ruleName", rule)
        .put("groups", scheme.rule() == Rule.SYMMETRIC ? 1 : 2);
  }

  /**
   * {@code /api/dleft/histogram?n=&seed=}: for each rule, how many of {@value #SEEDS} runs of n
   * balls in n bins reached each maximum load.
   */
  static Json.Obj histogram(Params params) {
    int n = params.integer("n", 10_000, 4, MAX_HISTOGRAM_BINS);
    long seed = params.seed();
    params.checkAllRead();
    List<Json.Obj> rules = new ArrayList<>();
    List<Series> series = new ArrayList<>();
    for (String name : RULE_NAMES) {
      Scheme scheme = new Scheme(2, RULES.get(name));
      long[] counts = BallsIntoBins.maxLoadDistribution(n, n, 2, scheme.rule(), SEEDS, seed);
      List<double[]> points = new ArrayList<>();
      for (int load = 0; load < counts.length; load++) {
        if (counts[load] > 0) {
          points.add(new double[] {load, counts[load]});
        }
      }
      series.add(Series.of(scheme.label(), Style.BARS, points, false));
      rules.add(
          Json.obj()
              .put("rule", name)
              .put("label", scheme.label())
              .put("counts", counts)
              .put("mean", BallsIntoBins.meanMaxLoad(counts))
              .put("formula", scheme.theoryMaxLoad(n)));
    }
    Chart chart =
        new Chart(
            "Maximum load of " + n + " balls in " + n + " bins over " + SEEDS + " seeds",
            new Axis("maximum load", false),
            new Axis("runs", false),
            series);
    return Json.obj()
        .put("n", n)
        .put("seed", seed)
        .put("seeds", SEEDS)
        .put("rules", rules)
        .put("figure", LabFigure.of(chart));
  }
}
