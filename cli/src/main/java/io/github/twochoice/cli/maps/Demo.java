/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.maps;

import io.github.twochoice.cli.balls.Threshold;
import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.common.Table;
import io.github.twochoice.map.CuckooHashMap;
import io.github.twochoice.map.DLeftHashMap;
import io.github.twochoice.map.LoadReporting;
import io.github.twochoice.map.OneChoiceHashMap;
import io.github.twochoice.map.TwoChoiceHashMap;
import io.github.twochoice.stats.CuckooStats;
import io.github.twochoice.stats.LoadStats;
import io.github.twochoice.theory.Theory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * The demo's figures: every map of the library filled with the same n random keys (as many buckets
 * as keys), a cuckoo map grown from empty, and the cuckoo thresholds, as tables. The seed draws the
 * keys and seeds every map and threshold trial, so the same seed gives the same tables. Cost: six
 * maps of n keys and {@value #THRESHOLD_TRIALS} tables of up to {@value #THRESHOLD_CELLS} slots per
 * cuckoo layout, some 10 seconds at n = 10^6.
 */
final class Demo {
  /** The steps reported to the progress line: five maps, the cuckoo map, five layouts. */
  static final int STEPS = 11;

  /** The most slots of a threshold table; smaller demos use tables of about n slots. */
  static final int THRESHOLD_CELLS = 1 << 15;

  /** The fewest slots of a threshold table: below it the threshold blurs into noise. */
  static final int THRESHOLD_MIN_CELLS = 1 << 10;

  static final int THRESHOLD_TRIALS = 11;

  private static final List<int[]> CUCKOO_LAYOUTS =
      List.of(
          new int[] {2, 1}, new int[] {2, 2}, new int[] {2, 4}, new int[] {3, 1}, new int[] {4, 1});

  private static final double[] SWEEP_LOADS = {
    0.40, 0.45, 0.50, 0.55, 0.85, 0.90, 0.95, 0.97, 0.99
  };

  /** One filled map: its name, statistics and the theory's prediction of its maximum. */
  private record Column(String name, LoadStats stats, String theory) {}

  private final int n;
  private final long seed;
  private final List<Column> columns;
  private final CuckooHashMap<Integer, Integer> cuckoo;
  private final List<Threshold> thresholds;

  private Demo(
      int n,
      long seed,
      List<Column> columns,
      CuckooHashMap<Integer, Integer> cuckoo,
      List<Threshold> thresholds) {
    this.n = n;
    this.seed = seed;
    this.columns = columns;
    this.cuckoo = cuckoo;
    this.thresholds = thresholds;
  }

  /** Fills the maps with n random keys drawn from the seed and runs the threshold trials. */
  static Demo run(int n, long seed, Progress progress) {
    int[] keys = new SplittableRandom(seed).ints().distinct().limit(n).toArray();
    List<Column> columns = new ArrayList<>();
    columns.add(
        column(
            "one choice",
            fill(OneChoiceHashMap.builder().expectedSize(n).seed(seed).build(), keys, progress),
            n >= 3
                ? fixed(Theory.oneChoiceMaxLoad(n)) + " | " + fixed(Theory.gonnetMaxLoad(n))
                : "-"));
    for (int d = 2; d <= 3; d++) {
      columns.add(
          column(
              d + " choices",
              fill(
                  TwoChoiceHashMap.builder().choices(d).expectedSize(n).seed(seed).build(),
                  keys,
                  progress),
              n >= 3 ? fixed(Theory.multipleChoiceMaxLoad(n, d)) + " + O(1)" : "-"));
    }
    for (int d = 2; d <= 3; d++) {
      // n buckets in all, one key per bucket of 8 slots (load factor 1/8): they never fill.
      DLeftHashMap<Integer, Integer> dLeft =
          DLeftHashMap.builder().choices(d).loadFactor(1.0 / 8).expectedSize(n).seed(seed).build();
      columns.add(
          column(
              d + "-left",
              fill(dLeft, keys, progress),
              n >= 3 ? fixed(Theory.dLeftMaxLoad(n, d)) + " + O(1)" : "-"));
    }
    CuckooHashMap<Integer, Integer> cuckoo = CuckooHashMap.builder().seed(seed).build();
    fill(cuckoo, keys, progress);
    List<Threshold> thresholds =
        Threshold.measure(CUCKOO_LAYOUTS, cellsFor(n), THRESHOLD_TRIALS, seed, progress);
    return new Demo(n, seed, List.copyOf(columns), cuckoo, thresholds);
  }

  /**
   * The slots of each threshold table for a demo of n keys: the power of two nearest below n,
   * within [{@value #THRESHOLD_MIN_CELLS}, {@value #THRESHOLD_CELLS}], so that a small demo stays
   * quick.
   */
  static int cellsFor(int n) {
    return Math.max(THRESHOLD_MIN_CELLS, Math.min(THRESHOLD_CELLS, Integer.highestOneBit(n)));
  }

  /** The slots of each threshold table of this demo. */
  int thresholdCells() {
    return cellsFor(n);
  }

  private static Column column(String name, LoadStats stats, String theory) {
    return new Column(name, stats, theory);
  }

  private static <M extends Map<Integer, Integer> & LoadReporting> LoadStats fill(
      M map, int[] keys, Progress progress) {
    for (int key : keys) {
      map.put(key, key);
    }
    progress.step();
    return map.loadStats();
  }

  /** The line above the tables: how many keys, buckets and which seed. */
  String title() {
    return String.format(
        Locale.ROOT,
        "twochoice demo: %d random Integer keys into %d buckets, seed %d",
        n,
        columns.get(0).stats().buckets(),
        seed);
  }

  /** One row per map: the fullest bucket beside theory, probes, keys per choice. */
  Table maps() {
    Table table =
        new Table("map", "max load", "theory", "probes hit", "probes miss", "keys per choice %");
    for (Column c : columns) {
      table.row(
          c.name(),
          c.stats().maxLoad(),
          c.theory(),
          Format.fixed(c.stats().meanProbesHit(), 3),
          Format.fixed(c.stats().meanProbesMiss(), 3),
          shares(c.stats().entriesPerChoice()));
    }
    return table;
  }

  /** The layers: one row per k, one column per map, the fraction of buckets with >= k keys. */
  Table layers() {
    List<String> header = new ArrayList<>(List.of("k"));
    columns.forEach(c -> header.add(c.name()));
    Table table = new Table(header.toArray(new String[0]));
    int maxLoad = columns.stream().mapToInt(c -> c.stats().maxLoad()).max().orElse(0);
    for (int k = 1; k <= maxLoad; k++) {
      List<Object> cells = new ArrayList<>(List.of(">=" + k));
      for (Column c : columns) {
        cells.add(String.format(Locale.ROOT, "%.3e", c.stats().fractionAtLeast(k)));
      }
      table.row(cells.toArray());
    }
    return table;
  }

  int cuckooChoices() {
    return cuckoo.choices();
  }

  int cuckooSlots() {
    return cuckoo.slotsPerBucket();
  }

  double cuckooLoadFactor() {
    return cuckoo.loadFactor();
  }

  /** One row: the cuckoo map's slots, load, keys per choice, probes and eviction statistics. */
  Table cuckoo() {
    LoadStats stats = cuckoo.loadStats();
    CuckooStats events = cuckoo.cuckooStats();
    return new Table(
            "slots",
            "load",
            "keys per choice %",
            "probes hit",
            "probes miss",
            "eviction paths",
            "mean eviction path",
            "rehashes for load",
            "rehashes for a failed insert",
            "stash insertions")
        .row(
            stats.buckets() * (long) cuckoo.slotsPerBucket(),
            Format.fixed(stats.meanKeysPerBucket() / cuckoo.slotsPerBucket(), 3),
            shares(stats.entriesPerChoice()),
            Format.fixed(stats.meanProbesHit(), 3),
            Format.fixed(stats.meanProbesMiss(), 3),
            Arrays.stream(events.evictionPaths())
                .mapToObj(Long::toString)
                .collect(Collectors.joining(" ")),
            Format.fixed(events.meanEvictionPath(), 3),
            events.rehashesForLoad(),
            events.rehashesForFailedInsert(),
            events.stashInsertions());
  }

  /** One row per cuckoo layout: the fraction of trials that fit at each load, median, theory. */
  Table thresholds() {
    List<String> header = new ArrayList<>(List.of("(d,b)"));
    for (double load : SWEEP_LOADS) {
      header.add(Format.fixed(load, 2));
    }
    header.addAll(List.of("median 1st failure", "theory"));
    Table table = new Table(header.toArray(new String[0]));
    for (Threshold row : thresholds) {
      List<Object> cells = new ArrayList<>(List.of(row.layout()));
      for (double load : SWEEP_LOADS) {
        cells.add(Format.fixed(row.successAt(load), 2));
      }
      cells.add(Format.fixed(row.median(), 4));
      cells.add(Format.fixed(row.theory(), 3));
      table.row(cells.toArray());
    }
    return table;
  }

  /** Counts as whole percentages of all keys, for example "77 23". */
  private String shares(long[] counts) {
    return Arrays.stream(counts)
        .mapToObj(count -> String.format(Locale.ROOT, "%.0f", 100.0 * count / n))
        .collect(Collectors.joining(" "));
  }

  private static String fixed(double x) {
    return Format.fixed(x, 1);
  }
}
