/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.demo;

import io.github.twochoice.map.CuckooHashMap;
import io.github.twochoice.map.DLeftHashMap;
import io.github.twochoice.map.LoadReporting;
import io.github.twochoice.map.OneChoiceHashMap;
import io.github.twochoice.map.TwoChoiceHashMap;
import io.github.twochoice.sim.CuckooThreshold;
import io.github.twochoice.stats.LoadStats;
import io.github.twochoice.stats.Theory;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The power of two choices on real maps: fills each map of the library with the same 10<sup>6</sup>
 * random keys (as many buckets as keys) and prints, side by side, the longest chain, the load
 * histogram and the mean probes, next to what theory predicts. Seeded: the same output every run.
 */
public final class Demo {
  private static final int N = 1_000_000;
  private static final long SEED = 2026;

  private Demo() {}

  /** One column of the table: a map's statistics and the theory's prediction of its maximum. */
  private record Column(String name, LoadStats stats, String theory) {}

  /**
   * Runs the demo.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    int[] keys = new SplittableRandom(SEED).ints().distinct().limit(N).toArray();
    List<Column> columns =
        List.of(
            column(
                "one choice",
                fill(OneChoiceHashMap.builder().expectedSize(N).seed(SEED).build(), keys),
                format("%.1f | %.1f", Theory.oneChoiceMaxLoad(N), Theory.gonnetMaxLoad(N))),
            column(
                "2 choices",
                fill(TwoChoiceHashMap.builder().expectedSize(N).seed(SEED).build(), keys),
                format("%.1f + O(1)", Theory.multipleChoiceMaxLoad(N, 2))),
            column(
                "3 choices",
                fill(
                    TwoChoiceHashMap.builder().choices(3).expectedSize(N).seed(SEED).build(), keys),
                format("%.1f + O(1)", Theory.multipleChoiceMaxLoad(N, 3))),
            column(
                "d-left, d = 2",
                fill(dLeft(2), keys),
                format("%.1f + O(1)", Theory.dLeftMaxLoad(N, 2))),
            column(
                "d-left, d = 3",
                fill(dLeft(3), keys),
                format("%.1f + O(1)", Theory.dLeftMaxLoad(N, 3))));
    print(System.out, columns);
    printCuckoo(System.out, keys);
  }

  /** Cuckoo layouts: d choices, b slots per bucket. */
  private static final int[][] CUCKOO_LAYOUTS = {{2, 1}, {2, 2}, {2, 4}, {3, 1}, {4, 1}};

  private static final double[] SWEEP_LOADS = {
    0.40, 0.45, 0.50, 0.55, 0.85, 0.90, 0.95, 0.97, 0.99
  };

  private static final int CELLS = 1 << 15;

  private static final int TRIALS = 11;

  private static void printCuckoo(PrintStream out, int[] keys) {
    CuckooHashMap<Integer, Integer> cuckoo = CuckooHashMap.builder().seed(SEED).build();
    for (int key : keys) {
      cuckoo.put(key, key);
    }
    LoadStats stats = cuckoo.loadStats();
    out.println();
    out.printf(
        Locale.ROOT,
        "CuckooHashMap (d = %d, b = %d, load factor %.2f), the same %,d keys, grown from empty:%n",
        cuckoo.choices(),
        cuckoo.slotsPerBucket(),
        cuckoo.loadFactor(),
        N);
    out.printf(
        Locale.ROOT,
        "  %,d slots, load %.3f; keys per choice %s; probes hit %.3f, miss %.3f%n",
        stats.buckets() * cuckoo.slotsPerBucket(),
        stats.meanKeysPerBucket() / cuckoo.slotsPerBucket(),
        Arrays.toString(stats.entriesPerChoice()),
        stats.meanProbesHit(),
        stats.meanProbesMiss());
    out.println("  " + cuckoo.cuckooStats());
    out.println();
    out.printf(
        Locale.ROOT,
        "cuckoo load threshold: %,d cells, %d trials per point, keys = load x cells%n",
        CELLS,
        TRIALS);
    StringBuilder header = new StringBuilder(format("%-8s", "(d,b)"));
    for (double load : SWEEP_LOADS) {
      header.append(format("%7.2f", load));
    }
    out.println(header.append("   median 1st failure  theory").toString());
    for (int i = 0; i < CUCKOO_LAYOUTS.length; i++) {
      int d = CUCKOO_LAYOUTS[i][0];
      int b = CUCKOO_LAYOUTS[i][1];
      StringBuilder line = new StringBuilder(format("%-8s", "(" + d + "," + b + ")"));
      for (double load : SWEEP_LOADS) {
        line.append(
            format("%7.2f", CuckooThreshold.successProbability(d, b, CELLS, load, TRIALS, SEED)));
      }
      line.append(
          format(
              "%21.4f%8.3f",
              CuckooThreshold.medianFirstFailureLoad(d, b, CELLS, TRIALS, SEED),
              Theory.cuckooThreshold(d, b)));
      out.println(line);
    }
    out.println("(entries: the fraction of trials in which all keys fit)");
  }

  /**
   * A d-left map with n buckets in all (one key per bucket of 8 slots: load factor 1/8), which
   * never fill at that load.
   */
  private static DLeftHashMap<Integer, Integer> dLeft(int d) {
    return DLeftHashMap.builder().choices(d).loadFactor(1.0 / 8).expectedSize(N).seed(SEED).build();
  }

  private static <M extends Map<Integer, Integer> & LoadReporting> LoadStats fill(
      M map, int[] keys) {
    for (int key : keys) {
      map.put(key, key);
    }
    return map.loadStats();
  }

  private static Column column(String name, LoadStats stats, String theory) {
    return new Column(name, stats, theory);
  }

  private static void print(PrintStream out, List<Column> columns) {
    out.printf(
        Locale.ROOT,
        "twochoice: %,d random Integer keys into %,d buckets, seed %d%n%n",
        N,
        columns.get(0).stats().buckets(),
        SEED);
    row(out, "", columns, Column::name);
    row(out, "max load, measured", columns, c -> Integer.toString(c.stats().maxLoad()));
    row(out, "max load, theory", columns, Column::theory);
    row(out, "mean probes, hit", columns, c -> format("%.3f", c.stats().meanProbesHit()));
    row(out, "mean probes, miss", columns, c -> format("%.3f", c.stats().meanProbesMiss()));
    int maxLoad = columns.stream().mapToInt(c -> c.stats().maxLoad()).max().orElse(0);
    out.println();
    out.println("fraction of buckets holding at least k keys");
    for (int k = 1; k <= maxLoad; k++) {
      int layer = k;
      row(out, "k = " + k, columns, c -> format("%.3e", c.stats().fractionAtLeast(layer)));
    }
    out.println();
    out.println("share of keys in their 1st, 2nd, ... choice (d-left: subtable, left to right)");
    row(
        out,
        "",
        columns,
        c ->
            Arrays.stream(c.stats().entriesPerChoice())
                .mapToObj(count -> format("%.0f%%", 100.0 * count / N))
                .reduce((a, b) -> a + " " + b)
                .orElse(""));
    out.println();
    out.println("probe: one chain entry (chained maps), one bucket (d-left)");
    out.println(
        "theory: one choice ln n / ln ln n | Gonnet Γ⁻¹(n) − 3/2; d choices ln ln n / ln d;"
            + " d-left ln ln n / (d ln φ_d)");
  }

  private static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }

  private static void row(
      PrintStream out, String label, List<Column> columns, Function<Column, String> cell) {
    StringBuilder line = new StringBuilder(format("%-20s", label));
    for (Column c : columns) {
      line.append(format("%18s", cell.apply(c)));
    }
    out.println(line.toString().stripTrailing());
  }
}
