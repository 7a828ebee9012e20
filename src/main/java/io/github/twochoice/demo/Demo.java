/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.demo;

import io.github.twochoice.map.OneChoiceHashMap;
import io.github.twochoice.map.TwoChoiceHashMap;
import io.github.twochoice.stats.LoadStats;
import io.github.twochoice.stats.Theory;
import java.io.PrintStream;
import java.util.ArrayList;
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

  /** One column of the table: a map, its statistics, and the theory's prediction of its max. */
  private record Column(String name, LoadStats stats, String theory) {}

  /**
   * Runs the demo.
   *
   * @param args ignored
   */
  public static void main(String[] args) {
    PrintStream out = System.out;
    int[] keys = new SplittableRandom(SEED).ints().distinct().limit(N).toArray();
    List<Column> columns = new ArrayList<>();
    columns.add(
        fill(
            "one choice",
            keys,
            n -> OneChoiceHashMap.builder().expectedSize(n).seed(SEED).build(),
            String.format(
                Locale.ROOT, "%.1f | %.1f", Theory.oneChoiceMaxLoad(N), Theory.gonnetMaxLoad(N))));
    for (int d = 2; d <= 3; d++) {
      int choices = d;
      columns.add(
          fill(
              d + " choices",
              keys,
              n -> TwoChoiceHashMap.builder().choices(choices).expectedSize(n).seed(SEED).build(),
              String.format(Locale.ROOT, "%.1f + O(1)", Theory.multipleChoiceMaxLoad(N, d))));
    }
    print(out, columns);
  }

  private static Column fill(
      String name, int[] keys, Function<Integer, Map<Integer, Integer>> factory, String theory) {
    Map<Integer, Integer> map = factory.apply(keys.length);
    for (int key : keys) {
      map.put(key, key);
    }
    LoadStats stats =
        map instanceof OneChoiceHashMap<Integer, Integer> one
            ? one.loadStats()
            : ((TwoChoiceHashMap<Integer, Integer>) map).loadStats();
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
    row(out, "max chain, measured", columns, c -> Integer.toString(c.stats().maxLoad()));
    row(out, "max chain, theory", columns, Column::theory);
    row(out, "mean probes, hit", columns, c -> format(c.stats().meanProbesHit()));
    row(out, "mean probes, miss", columns, c -> format(c.stats().meanProbesMiss()));
    int maxLoad = columns.stream().mapToInt(c -> c.stats().maxLoad()).max().orElse(0);
    out.println();
    out.println("buckets holding exactly k keys (fraction holding at least k)");
    for (int k = 0; k <= maxLoad; k++) {
      int load = k;
      row(
          out,
          "k = " + k,
          columns,
          c -> {
            long[] h = c.stats().histogram();
            long count = load < h.length ? h[load] : 0;
            return String.format(Locale.ROOT, "%,d (%.2e)", count, c.stats().fractionAtLeast(load));
          });
    }
    out.println();
    out.println(
        "theory: one choice ln n / ln ln n | Gonnet's expected maximum Γ⁻¹(n) − 3/2;"
            + " d choices ln ln n / ln d");
  }

  private static String format(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  private static void row(
      PrintStream out, String label, List<Column> columns, Function<Column, String> cell) {
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-22s", label));
    for (Column c : columns) {
      line.append(String.format(Locale.ROOT, "%24s", cell.apply(c)));
    }
    out.println(line.toString().stripTrailing());
  }
}
