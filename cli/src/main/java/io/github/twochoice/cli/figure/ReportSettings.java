/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.figure;

import java.util.List;

/** How big the report's experiments are: every size, count and seed its figures use. */
public record ReportSettings(
    List<Integer> ns,
    int trials,
    int layerBins,
    int maxLayer,
    int cells,
    int cuckooTrials,
    int histogramKeys,
    List<Integer> hashKeys,
    int seedsPerPoint,
    int queueRequests,
    long seed) {
  /**
   * The full report: n up to 10^6, as in the docs.
   *
   * @param seed the seed of every experiment
   * @return the settings
   */
  public static ReportSettings full(long seed) {
    return new ReportSettings(
        List.of(10, 100, 1000, 10_000, 100_000, 1_000_000),
        20,
        1_000_000,
        6,
        1 << 15,
        21,
        1_000_000,
        List.of(1000, 10_000, 100_000),
        5,
        200_000,
        seed);
  }

  /**
   * A small report for tests: the same charts in a second or two.
   *
   * @param seed the seed of every experiment
   * @return the settings
   */
  public static ReportSettings quick(long seed) {
    return new ReportSettings(
        List.of(10, 100, 1000, 10_000),
        5,
        10_000,
        5,
        1 << 10,
        5,
        10_000,
        List.of(100, 1000, 10_000),
        3,
        20_000,
        seed);
  }

  /**
   * Every setting, named as the report's header shows it.
   *
   * @return pairs {name, value}
   */
  public List<String[]> describe() {
    return List.of(
        new String[] {"seed", Long.toString(seed)},
        new String[] {"n of the maximum-load chart (balls = bins)", join(ns)},
        new String[] {"runs per n and scheme", Integer.toString(trials)},
        new String[] {"bins of the layer profile", Integer.toString(layerBins)},
        new String[] {"highest layer", Integer.toString(maxLayer)},
        new String[] {"slots per cuckoo table", Integer.toString(cells)},
        new String[] {"cuckoo tables per layout", Integer.toString(cuckooTrials)},
        new String[] {
          "keys per map (bucket loads, d-left subtables)", Integer.toString(histogramKeys)
        },
        new String[] {"n of the hash-family chart (sequential keys)", join(hashKeys)},
        new String[] {
          "seeds per point of the layer, hash-family, subtable and queue-tail charts",
          Integer.toString(seedsPerPoint)
        },
        new String[] {"requests per load-balancing run", Integer.toString(queueRequests)});
  }

  private static String join(List<Integer> values) {
    return values.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "));
  }
}
