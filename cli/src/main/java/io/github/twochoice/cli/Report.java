/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import io.github.twochoice.cli.Chart.Axis;
import io.github.twochoice.cli.Chart.Series;
import io.github.twochoice.cli.Chart.Style;
import io.github.twochoice.cli.Experiments.KeyOrder;
import io.github.twochoice.cli.Experiments.MapKind;
import io.github.twochoice.hash.HashFamily;
import io.github.twochoice.sim.Scheme;
import io.github.twochoice.stats.LoadStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The teaching report: charts computed by the experiments, in three sections (balls into bins, keys
 * placed on servers, {@link PlacementFigures}, and requests balanced over servers, {@link
 * QueueFigures}), written as one self-contained HTML file with inline SVG (no script, no network),
 * which a student can open offline.
 */
final class Report {
  private Report() {}

  /** How big the report's experiments are. */
  record Settings(
      List<Integer> ns,
      int trials,
      int layerBins,
      int maxLayer,
      int cells,
      int cuckooTrials,
      int histogramKeys,
      int queueRequests,
      long seed) {
    /** The full report: n up to 10^6, as in the docs. */
    static Settings full(long seed) {
      return new Settings(
          List.of(10, 100, 1000, 10_000, 100_000, 1_000_000),
          20,
          1_000_000,
          6,
          1 << 15,
          21,
          1_000_000,
          200_000,
          seed);
    }

    /** A small report for tests: the same charts in a second or two. */
    static Settings quick(long seed) {
      return new Settings(
          List.of(10, 100, 1000, 10_000), 5, 10_000, 5, 1 << 10, 5, 10_000, 20_000, seed);
    }
  }

  /** A chart and the sentence under it. */
  record Figure(Chart chart, String caption) {}

  /** A heading, a paragraph introducing the charts under it, and the charts. */
  record Section(String heading, String intro, List<Figure> figures) {
    Section {
      figures = List.copyOf(figures);
    }
  }

  /** The balls-into-bins section: the four charts of {@link #figures}. */
  static Section ballsSection(Settings settings, Progress progress) {
    return new Section(
        "Balls into bins",
        "Seeded simulations of the project (package sim) and its real maps (package map).",
        figures(settings, progress));
  }

  static final List<int[]> LAYOUTS =
      List.of(new int[] {2, 1}, new int[] {2, 2}, new int[] {2, 4}, new int[] {3, 1});

  static List<Figure> figures(Settings settings, Progress progress) {
    List<Experiments.MaxLoads> maxLoads =
        Experiments.maxLoads(
            settings.ns(), 1, Scheme.STANDARD, settings.trials(), settings.seed(), progress);
    Experiments.Layers layers =
        Experiments.layers(
            settings.layerBins(), 1, Scheme.STANDARD, settings.maxLayer(), settings.seed());
    List<Experiments.Threshold> thresholds =
        Experiments.thresholds(
            LAYOUTS, settings.cells(), settings.cuckooTrials(), settings.seed(), progress);
    List<Experiments.MapFill> maps =
        Experiments.maps(
            settings.histogramKeys(),
            List.of(MapKind.ONE_CHOICE, MapKind.TWO_CHOICE),
            List.of(HashFamily.STRONG_MIXER),
            KeyOrder.RANDOM,
            settings.seed(),
            progress);
    return List.of(
        new Figure(
            maxLoadChart(maxLoads),
            "Mean of the maximum load over "
                + settings.trials()
                + " runs of n balls in n bins (command: balls). Dashed: Gonnet's Γ⁻¹(n) − 3/2"
                + " for one choice, ln ln n / ln d for d choices, ln ln n / (d ln φ_d) for d-left;"
                + " the last two hold up to an additive constant, so compare slopes."),
        new Figure(
            layerChart(layers),
            "Fraction of bins with at least i balls, n = "
                + layers.n()
                + " balls in as many bins (command: layers). Dashed: the Poisson tail for one"
                + " choice, the fluid limits for d choices and 2-left. Two choices square the"
                + " fraction at every layer."),
        new Figure(
            cuckooChart(thresholds),
            "Fraction of "
                + settings.cuckooTrials()
                + " cuckoo tables of "
                + settings.cells()
                + " slots that hold all keys at a given load, for d choices of b-slot buckets"
                + " (command: threshold --sweep). Dashed: the threshold for large tables."),
        new Figure(
            histogramChart(maps),
            "Buckets holding exactly k entries in a OneChoiceHashMap and a TwoChoiceHashMap of "
                + settings.histogramKeys()
                + " random keys (command: maps). Dashed: the fluid limit at the map's load."));
  }

  static Chart maxLoadChart(List<Experiments.MaxLoads> rows) {
    List<Series> series = new ArrayList<>();
    for (Scheme scheme : Scheme.STANDARD) {
      List<double[]> measured = new ArrayList<>();
      List<double[]> theory = new ArrayList<>();
      for (Experiments.MaxLoads row : rows) {
        if (row.scheme().equals(scheme)) {
          measured.add(new double[] {row.n(), row.mean()});
          if (row.n() >= 3) {
            theory.add(new double[] {row.n(), row.formula()});
          }
        }
      }
      series.add(Series.of(scheme.label(), Style.MEASURED, measured, false));
      series.add(Series.of(scheme.label() + " theory", Style.THEORY, theory, false));
    }
    return new Chart(
        "Maximum load of n balls in n bins",
        new Axis("n (balls = bins)", true),
        new Axis("mean maximum load", false),
        series);
  }

  static Chart layerChart(Experiments.Layers layers) {
    List<Series> series = new ArrayList<>();
    double visible = 0.1 / layers.n(); // below a tenth of a bin nothing can be measured
    for (int s = 0; s < layers.schemes().size(); s++) {
      String name = layers.schemes().get(s).label();
      List<double[]> measured = new ArrayList<>();
      List<double[]> theory = new ArrayList<>();
      for (int i = 1; i <= layers.maxLayer(); i++) {
        measured.add(new double[] {i, layers.measured(s, i)});
        if (layers.theory(s, i) >= visible) {
          theory.add(new double[] {i, layers.theory(s, i)});
        }
      }
      series.add(Series.of(name, Style.MEASURED, measured, true));
      series.add(Series.of(name + " theory", Style.THEORY, theory, true));
    }
    return new Chart(
        "Layer profile: bins with at least i balls",
        new Axis("layer i", false),
        new Axis("fraction of bins", true),
        series);
  }

  static Chart cuckooChart(List<Experiments.Threshold> rows) {
    List<Series> series = new ArrayList<>();
    for (Experiments.Threshold row : rows) {
      List<double[]> measured = new ArrayList<>();
      for (double load : ThresholdCommand.sweepLoads()) {
        measured.add(new double[] {load, row.successAt(load)});
      }
      double t = row.theory();
      series.add(Series.of(row.layout(), Style.MEASURED, measured, false));
      series.add(
          Series.of(
              row.layout() + " theory",
              Style.THEORY,
              List.of(new double[] {t, 0}, new double[] {t, 1}),
              false));
    }
    return new Chart(
        "Cuckoo hashing: probability that all keys fit",
        new Axis("load (keys per slot)", false),
        new Axis("fraction of tables", false),
        series);
  }

  static Chart histogramChart(List<Experiments.MapFill> maps) {
    List<Series> series = new ArrayList<>();
    for (Experiments.MapFill map : maps) {
      LoadStats stats = map.stats();
      String name = map.kind().className;
      long[] histogram = stats.histogram();
      List<double[]> measured = new ArrayList<>();
      List<double[]> theory = new ArrayList<>();
      for (int k = 0; k < histogram.length; k++) {
        measured.add(new double[] {k, histogram[k]});
      }
      for (int k = 0; k < 12; k++) {
        double expected =
            stats.buckets()
                * (map.predictedFractionAtLeast(k) - map.predictedFractionAtLeast(k + 1));
        if (expected >= 0.1) {
          theory.add(new double[] {k, expected});
        }
      }
      series.add(Series.of(name, Style.MEASURED, measured, true));
      series.add(Series.of(name + " theory", Style.THEORY, theory, true));
    }
    return new Chart(
        "Chain lengths of real maps",
        new Axis("entries in a bucket, k", false),
        new Axis("buckets", true),
        series);
  }

  static String html(List<Section> sections, Settings settings) {
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>twochoice: the power of two choices</title>\n")
        .append("<style>body{font-family:sans-serif;max-width:760px;margin:2em auto;color:#222}")
        .append("figure{margin:2em 0}figcaption{font-size:90%;color:#444;margin-top:.5em}")
        .append("</style>\n</head>\n<body>\n")
        .append("<h1>The power of two choices</h1>\n")
        .append(
            String.format(
                Locale.ROOT,
                "<p>Made by <code>twochoice report</code> with seed %d: every figure is measured"
                    + " by the project's own simulations, maps and placements, next to what theory"
                    + " predicts.</p>%n",
                settings.seed()));
    for (Section section : sections) {
      html.append("<h2>")
          .append(SvgChart.escape(section.heading()))
          .append("</h2>\n<p>")
          .append(SvgChart.escape(section.intro()))
          .append("</p>\n");
      for (Figure figure : section.figures()) {
        html.append("<figure>\n")
            .append(new SvgChart(figure.chart()).render())
            .append("<figcaption>")
            .append(SvgChart.escape(figure.caption()))
            .append("</figcaption>\n</figure>\n");
      }
    }
    return html.append("</body>\n</html>\n").toString();
  }
}
