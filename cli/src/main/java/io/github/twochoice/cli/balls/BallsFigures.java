/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.balls;

import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.Chart.Axis;
import io.github.twochoice.cli.figure.Chart.Series;
import io.github.twochoice.cli.figure.Chart.Style;
import io.github.twochoice.cli.figure.Figure;
import io.github.twochoice.cli.figure.ReportSettings;
import io.github.twochoice.cli.figure.Section;
import io.github.twochoice.sim.Scheme;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The report's balls-into-bins section: maximum load vs n and the layer profile (the mean of the
 * runs and their spread), and the cuckoo threshold (the fraction of tables that fit, which steps at
 * each run's failure), each beside theory.
 */
public final class BallsFigures {
  private BallsFigures() {}

  /**
   * The balls-into-bins section: the three charts of {@link #figures}.
   *
   * @param settings the sizes of the experiments
   * @param progress told of each finished run
   * @return the section
   */
  public static Section section(ReportSettings settings, Progress progress) {
    return new Section(
        "Balls into bins",
        "Seeded simulations of the project (package sim), on plain int arrays.",
        figures(settings, progress));
  }

  /** The cuckoo layouts (d, b) of the threshold chart. */
  public static final List<int[]> LAYOUTS =
      List.of(new int[] {2, 1}, new int[] {2, 2}, new int[] {2, 4}, new int[] {3, 1});

  /**
   * The maximum-load chart, the layer profile and the cuckoo threshold chart, with captions.
   *
   * @param settings the sizes of the experiments
   * @param progress told of each finished run
   * @return the three figures
   */
  public static List<Figure> figures(ReportSettings settings, Progress progress) {
    List<MaxLoads> maxLoads =
        MaxLoads.measure(
            settings.ns(), 1, Scheme.STANDARD, settings.trials(), settings.seed(), progress);
    SplittableRandom layerSeeds = new SplittableRandom(settings.seed());
    List<Layers> layers = new ArrayList<>();
    for (int run = 0; run < settings.seedsPerPoint(); run++) {
      layers.add(
          Layers.measure(
              settings.layerBins(),
              1,
              Scheme.STANDARD,
              settings.maxLayer(),
              layerSeeds.nextLong()));
    }
    List<Threshold> thresholds =
        Threshold.measure(
            LAYOUTS, settings.cells(), settings.cuckooTrials(), settings.seed(), progress);
    return List.of(
        new Figure(
            maxLoadChart(maxLoads),
            "Mean of the maximum load over "
                + settings.trials()
                + " runs of n balls in n bins (command: balls); the band spans the lowest and"
                + " the highest maximum of the runs. Dashed: Gonnet's Γ⁻¹(n) − 3/2"
                + " for one choice, ln ln n / ln d for d choices, ln ln n / (d ln φ_d) for d-left;"
                + " the last two hold up to an additive constant, so compare slopes."),
        new Figure(
            layerChart(layers),
            "Fraction of bins with at least i balls, n = "
                + settings.layerBins()
                + " balls in as many bins (command: layers), the mean of "
                + settings.seedsPerPoint()
                + " runs; the band spans the lowest and the highest run, and a layer is shown"
                + " where every run reached it. Dashed: the Poisson tail for one choice, the fluid"
                + " limits for d choices and 2-left. Two choices square the fraction at every"
                + " layer."),
        new Figure(
            cuckooChart(thresholds),
            "Fraction of "
                + settings.cuckooTrials()
                + " cuckoo tables of "
                + settings.cells()
                + " slots that hold all keys at a given load, for each layout (d, b): every key"
                + " has d candidate buckets of b slots each (command: threshold --sweep). Each"
                + " curve shows every run: it steps down by 1/"
                + settings.cuckooTrials()
                + " at the load where one table first fails, so the width of its drop is the"
                + " spread of the runs. Dashed: the threshold for large tables."));
  }

  static Chart maxLoadChart(List<MaxLoads> rows) {
    List<Series> series = new ArrayList<>();
    for (Scheme scheme : Scheme.STANDARD) {
      List<double[]> measured = new ArrayList<>();
      List<double[]> theory = new ArrayList<>();
      for (MaxLoads row : rows) {
        if (row.scheme().equals(scheme)) {
          measured.add(new double[] {row.n(), row.mean(), row.lowest(), row.highest()});
          if (row.n() >= 3) {
            theory.add(new double[] {row.n(), row.formula()});
          }
        }
      }
      series.add(Series.spread(scheme.label(), measured));
      series.add(Series.of(scheme.label() + " theory", Style.THEORY, theory, false));
    }
    return new Chart(
        "Maximum load of n balls in n bins",
        new Axis("n (balls = bins)", true),
        new Axis("maximum load: mean, lowest to highest run", false),
        series);
  }

  /**
   * The layer profile of several runs of the same size and schemes: their mean and spread.
   *
   * @param runs the runs, at least one
   * @return the chart
   */
  public static Chart layerChart(List<Layers> runs) {
    Layers first = runs.get(0);
    List<Series> series = new ArrayList<>();
    double visible = 0.1 / first.n(); // below a tenth of a bin nothing can be measured
    for (int s = 0; s < first.schemes().size(); s++) {
      String name = first.schemes().get(s).label();
      List<double[]> measured = new ArrayList<>();
      List<double[]> theory = new ArrayList<>();
      for (int i = 1; i <= first.maxLayer(); i++) {
        double[] values = new double[runs.size()];
        for (int run = 0; run < values.length; run++) {
          values[run] = runs.get(run).measured(s, i);
        }
        measured.add(Series.runsAt(i, values));
        if (first.theory(s, i) >= visible) {
          theory.add(new double[] {i, first.theory(s, i)});
        }
      }
      series.add(Series.spread(name, measured, true));
      series.add(Series.of(name + " theory", Style.THEORY, theory, true));
    }
    return new Chart(
        "Layer profile: bins with at least i balls",
        new Axis("layer i", false),
        new Axis("fraction of bins", true),
        series);
  }

  /**
   * The probability that all keys fit against the load, per cuckoo layout, with its threshold.
   *
   * @param rows one row per layout
   * @return the chart
   */
  public static Chart cuckooChart(List<Threshold> rows) {
    List<Series> series = new ArrayList<>();
    for (Threshold row : rows) {
      List<double[]> measured = new ArrayList<>();
      for (double load : ThresholdCommand.sweepLoads()) {
        measured.add(new double[] {load, row.successAt(load)});
      }
      double t = row.theory();
      String name = "(d, b) = " + row.layout();
      series.add(Series.of(name, Style.MEASURED, measured, false));
      series.add(
          Series.of(
              name + " theory",
              Style.THEORY,
              List.of(new double[] {t, 0}, new double[] {t, 1}),
              false));
    }
    return new Chart(
        "Cuckoo hashing: probability that all keys fit",
        new Axis("load = keys / (buckets x b slots), d choices per key", false),
        new Axis("fraction of tables holding all keys", false),
        series);
  }
}
