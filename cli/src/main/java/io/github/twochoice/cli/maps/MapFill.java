/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.maps;

import io.github.twochoice.cli.balls.MaxLoads;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.map.HashFamily;
import io.github.twochoice.map.LoadReporting;
import io.github.twochoice.stats.LoadStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * One map filled with n keys under one hash family, and the fluid limit's layer fractions at its
 * load (solved once), where they apply.
 */
public final class MapFill {
  private final MapKind kind;
  private final HashFamily family;
  private final KeyOrder keys;
  private final LoadStats stats;
  private final double[] theory; // null for the cuckoo map

  MapFill(MapKind kind, HashFamily family, KeyOrder keys, LoadStats stats) {
    this.kind = kind;
    this.family = family;
    this.keys = keys;
    this.stats = stats;
    // The fluid limit describes the keys the rule placed, not those in the overflow area:
    // counting these would ask for it at a load far beyond any the table runs at.
    this.theory = kind.theory(stats.meanKeysPerBucket());
  }

  MapKind kind() {
    return kind;
  }

  HashFamily family() {
    return family;
  }

  KeyOrder keys() {
    return keys;
  }

  LoadStats stats() {
    return stats;
  }

  /** The fluid limit's predicted maximum at this map's load, or -1 where it does not apply. */
  int predictedMaxLoad() {
    return theory == null ? -1 : MaxLoads.predictedMaxLoad(theory, (double) stats.buckets());
  }

  /** The fluid limit's fraction of buckets with at least i entries, or NaN. */
  double predictedFractionAtLeast(int i) {
    return theory == null ? Double.NaN : theory[i];
  }

  /**
   * Fills one map of each kind with the same n keys under each hash family.
   *
   * @param n the number of keys
   * @param kinds the kinds of map
   * @param families the hash families
   * @param order random or sequential keys
   * @param seed the seed of the keys and the maps
   * @param progress told of each map filled
   * @return one fill per family and kind, in that order
   */
  public static List<MapFill> fill(
      int n,
      List<MapKind> kinds,
      List<HashFamily> families,
      KeyOrder order,
      long seed,
      Progress progress) {
    int[] keys = keys(n, order, seed);
    List<MapFill> rows = new ArrayList<>();
    for (HashFamily family : families) {
      for (MapKind kind : kinds) {
        Map<Integer, Integer> map = kind.create(family, seed);
        for (int key : keys) {
          map.put(key, key);
        }
        rows.add(new MapFill(kind, family, order, ((LoadReporting) map).loadStats()));
        progress.step();
      }
    }
    return rows;
  }

  static int[] keys(int n, KeyOrder order, long seed) {
    if (order == KeyOrder.SEQUENTIAL) {
      int[] keys = new int[n];
      Arrays.setAll(keys, i -> i);
      return keys;
    }
    SplittableRandom random = new SplittableRandom(seed);
    Set<Integer> seen = new HashSet<>();
    int[] keys = new int[n];
    for (int i = 0; i < n; ) {
      int key = random.nextInt();
      if (seen.add(key)) {
        keys[i++] = key;
      }
    }
    return keys;
  }
}
