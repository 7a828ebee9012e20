/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import java.util.Arrays;

/**
 * What the inserts of a {@link ConcurrentCuckooHashMap} cost: how many moved k keys, and how many
 * growths each cause started, counted under this object's monitor. Writers count rarely (an insert
 * that moved keys, a growth), so one lock is cheaper than a counter per path length; a reader gets
 * a copy.
 */
final class InsertCounts {
  /** Inserts that moved k ≥ 1 keys, at index k. */
  private long[] paths = new long[4];

  private long rehashesForLoad;
  private long rehashesForFailedInsert;

  synchronized void countPath(int moves) {
    if (moves >= paths.length) {
      paths = Arrays.copyOf(paths, Math.max(2 * paths.length, moves + 1));
    }
    paths[moves]++;
  }

  synchronized void countRehash(boolean forLoad) {
    if (forLoad) {
      rehashesForLoad++;
    } else {
      rehashesForFailedInsert++;
    }
  }

  synchronized long[] paths() {
    return paths.clone();
  }

  synchronized long rehashesForLoad() {
    return rehashesForLoad;
  }

  synchronized long rehashesForFailedInsert() {
    return rehashesForFailedInsert;
  }
}
