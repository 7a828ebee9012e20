/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.maps;

import io.github.twochoice.cli.common.EnumNames;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.Chart.Axis;
import io.github.twochoice.cli.figure.Chart.Series;
import io.github.twochoice.cli.figure.Chart.Style;
import io.github.twochoice.cli.figure.Figure;
import io.github.twochoice.cli.figure.ReportSettings;
import io.github.twochoice.cli.figure.Section;
import io.github.twochoice.map.DLeftHashMap;
import io.github.twochoice.map.HashFamily;
import io.github.twochoice.map.TwoChoiceHashMap;
import io.github.twochoice.stats.LoadStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The report's section on the real maps: the bucket-load histogram of all four maps, the
 * hash-family lesson of {@code maps --keys sequential}, and Vöcking's asymmetry, the keys in each
 * d-left subtable. Cost: four maps of {@code histogramKeys} keys, then {@code seedsPerPoint} maps
 * per point of the other two charts.
 */
public final class MapFigures {
  /** The d of the subtable chart. */
  static final List<Integer> SUBTABLE_CHOICES = List.of(2, 3, 4);

  private MapFigures() {}

  /**
   * The progress steps of {@link #section}: one per map filled.
   *
   * @param settings the sizes of the experiments
   * @return the number of steps
   */
  public static long steps(ReportSettings settings) {
    return MapKind.values().length
        + (long) settings.seedsPerPoint()
            * (HashFamily.values().length * settings.hashKeys().size() + SUBTABLE_CHOICES.size());
  }

  /**
   * The real-map section: bucket loads of the four maps, the hash families on sequential keys, and
   * the d-left subtables' shares.
   *
   * @param settings the sizes of the experiments
   * @param progress told of each map filled
   * @return the section
   */
  public static Section section(ReportSettings settings, Progress progress) {
    List<MapFill> maps =
        MapFill.fill(
            settings.histogramKeys(),
            List.of(MapKind.values()),
            List.of(HashFamily.STRONG_MIXER),
            KeyOrder.RANDOM,
            settings.seed(),
            progress);
    return new Section(
        "Real maps",
        "The library's four Map implementations (package map) filled with Integer keys, their"
            + " LoadStats beside the fluid limit.",
        List.of(
            new Figure(
                histogramChart(maps),
                "Fraction of buckets holding exactly k entries in each map of "
                    + settings.histogramKeys()
                    + " random keys at its default size (command: maps). The chained maps have"
                    + " about one key per bucket; DLeftHashMap and CuckooHashMap keep up to 8 keys"
                    + " in a bucket of 8 slots. Dashed: the fluid limit at the map's load."),
            hashFamilyFigure(settings, progress),
            new Figure(
                subtableChart(settings, progress),
                "Share of "
                    + settings.histogramKeys()
                    + " random keys in each subtable of a DLeftHashMap, left to right, with one key"
                    + " per 8-slot bucket on average; the band spans "
                    + settings.seedsPerPoint()
                    + " seeds. Ties go left (Vöcking), so the left subtables fill first; an even"
                    + " split would be 1/d in each.")));
  }

  static Chart histogramChart(List<MapFill> maps) {
    List<Series> series = new ArrayList<>();
    for (MapFill map : maps) {
      LoadStats stats = map.stats();
      String name = map.kind().className;
      long[] histogram = stats.histogram();
      List<double[]> measured = new ArrayList<>();
      List<double[]> theory = new ArrayList<>();
      for (int k = 0; k < histogram.length; k++) {
        measured.add(new double[] {k, histogram[k] / (double) stats.buckets()});
      }
      if (map.predictedMaxLoad() >= 0) {
        double visible = 0.1 / stats.buckets(); // below a tenth of a bucket nothing is measured
        for (int k = 0; k <= map.predictedMaxLoad() + 2; k++) {
          double expected = map.predictedFractionAtLeast(k) - map.predictedFractionAtLeast(k + 1);
          if (expected >= visible) {
            theory.add(new double[] {k, expected});
          }
        }
        series.add(Series.of(name, Style.MEASURED, measured, true));
        series.add(Series.of(name + " theory", Style.THEORY, theory, true));
      } else {
        series.add(Series.of(name, Style.MEASURED, measured, true));
      }
    }
    return new Chart(
        "Bucket loads of the four maps",
        new Axis("entries in a bucket, k", false),
        new Axis("fraction of buckets", true),
        series);
  }

  /** The hash-family chart and a caption that quotes its largest n. */
  private static Figure hashFamilyFigure(ReportSettings settings, Progress progress) {
    Chart chart = hashFamilyChart(settings, progress);
    int last = settings.hashKeys().size() - 1;
    Series identity = chart.series(EnumNames.name(HashFamily.IDENTITY));
    Series mixer = chart.series(EnumNames.name(HashFamily.STRONG_MIXER));
    Series multiplyShift = chart.series(EnumNames.name(HashFamily.MULTIPLY_SHIFT));
    return new Figure(
        chart,
        String.format(
            Locale.ROOT,
            "Mean probes per successful lookup in a TwoChoiceHashMap of the keys 0, 1, …, n − 1"
                + " under each hash family (command: maps --keys sequential); the band spans %d"
                + " seeds. The identity hash sends consecutive keys to the same few buckets: at"
                + " n = %d nearly every key ends in the overflow area and a hit costs %.1f probes,"
                + " against %.2f under the strong mixer. Multiply-shift, only universal, depends on"
                + " its multiplier: from %.2f to %.2f probes over the seeds. Tabulation and the"
                + " strong mixer behave like random functions.",
            settings.seedsPerPoint(),
            settings.hashKeys().get(last),
            identity.ys()[last],
            mixer.ys()[last],
            multiplyShift.lows()[last],
            multiplyShift.highs()[last]));
  }

  /** Mean probes per hit of sequential keys in a two-choice map, per hash family and n. */
  static Chart hashFamilyChart(ReportSettings settings, Progress progress) {
    SplittableRandom seeds = new SplittableRandom(settings.seed());
    List<Series> series = new ArrayList<>();
    for (HashFamily family : HashFamily.values()) {
      List<double[]> points = new ArrayList<>();
      for (int n : settings.hashKeys()) {
        double[] probes = new double[settings.seedsPerPoint()];
        for (int run = 0; run < probes.length; run++) {
          TwoChoiceHashMap<Integer, Integer> map =
              TwoChoiceHashMap.builder().hashFamily(family).seed(seeds.nextLong()).build();
          for (int key = 0; key < n; key++) {
            map.put(key, key);
          }
          probes[run] = map.loadStats().meanProbesHit();
          progress.step();
        }
        points.add(Series.runsAt(n, probes));
      }
      series.add(Series.spread(EnumNames.name(family), points));
    }
    return new Chart(
        "Sequential keys under each hash family",
        new Axis("n (keys 0 to n - 1)", true),
        new Axis("mean probes per successful lookup", true),
        series);
  }

  /** The share of keys in each subtable of a d-left map, per d, left to right. */
  static Chart subtableChart(ReportSettings settings, Progress progress) {
    int n = settings.histogramKeys();
    int[] keys = MapFill.keys(n, KeyOrder.RANDOM, settings.seed());
    SplittableRandom seeds = new SplittableRandom(settings.seed());
    List<Series> series = new ArrayList<>();
    for (int d : SUBTABLE_CHOICES) {
      double[][] shares = new double[d][settings.seedsPerPoint()];
      for (int run = 0; run < settings.seedsPerPoint(); run++) {
        DLeftHashMap<Integer, Integer> map =
            DLeftHashMap.builder()
                .choices(d)
                .loadFactor(1.0 / 8)
                .expectedSize(n)
                .seed(seeds.nextLong())
                .build();
        for (int key : keys) {
          map.put(key, key);
        }
        long[] perSubtable = map.loadStats().entriesPerChoice();
        for (int t = 0; t < d; t++) {
          shares[t][run] = perSubtable[t] / (double) n;
        }
        progress.step();
      }
      List<double[]> points = new ArrayList<>();
      for (int t = 0; t < d; t++) {
        points.add(Series.runsAt(t + 1, shares[t]));
      }
      series.add(Series.spread("d = " + d, points));
    }
    return new Chart(
        "d-left, ties to the left: keys per subtable",
        new Axis("subtable, left to right (1 = leftmost, d = rightmost)", false),
        new Axis("share of the keys", false),
        series);
  }
}
