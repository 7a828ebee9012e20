/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.stats;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * What a cuckoo table's inserts have cost so far: how many keys each insert moved, how often the
 * table was rebuilt and why, and how much the stash was used. Immutable.
 *
 * <p>The maps and sets return it ({@code cuckooStats()}); its constructor is a supported API for
 * experiments that count the same figures for a table of their own.
 *
 * @since 0.1.0
 */
public final class CuckooStats {
  private final long[] evictionPaths;
  private final long rehashesForLoad;
  private final long rehashesForFailedInsert;
  private final long stashInsertions;
  private final long stashSize;

  /**
   * Creates a snapshot.
   *
   * @param evictionPaths index k holds the number of inserts that moved k resident keys (0: the key
   *     found a free slot in its own buckets); copied
   * @param rehashesForLoad table rebuilds because the maximum load was reached
   * @param rehashesForFailedInsert table rebuilds because a key could not be placed at all
   * @param stashInsertions keys that went to the stash because no placement existed
   * @param stashSize keys in the stash now
   * @throws NullPointerException if {@code evictionPaths} is null
   * @throws IllegalArgumentException if a count is negative
   */
  public CuckooStats(
      long[] evictionPaths,
      long rehashesForLoad,
      long rehashesForFailedInsert,
      long stashInsertions,
      long stashSize) {
    this.evictionPaths = Objects.requireNonNull(evictionPaths, "evictionPaths").clone();
    for (long count : this.evictionPaths) {
      requireCount("evictionPaths", count);
    }
    requireCount("rehashesForLoad", rehashesForLoad);
    requireCount("rehashesForFailedInsert", rehashesForFailedInsert);
    requireCount("stashInsertions", stashInsertions);
    requireCount("stashSize", stashSize);
    this.rehashesForLoad = rehashesForLoad;
    this.rehashesForFailedInsert = rehashesForFailedInsert;
    this.stashInsertions = stashInsertions;
    this.stashSize = stashSize;
  }

  private static void requireCount(String name, long count) {
    if (count < 0) {
      throw new IllegalArgumentException(name + " must be >= 0: " + count);
    }
  }

  /**
   * Returns the eviction-path histogram.
   *
   * @return a fresh array; index k is the number of inserts that moved k keys
   */
  public long[] evictionPaths() {
    return evictionPaths.clone();
  }

  /**
   * Returns the number of table rebuilds caused by reaching the maximum load.
   *
   * @return the count
   */
  public long rehashesForLoad() {
    return rehashesForLoad;
  }

  /**
   * Returns the number of table rebuilds caused by a key that could not be placed.
   *
   * @return the count
   */
  public long rehashesForFailedInsert() {
    return rehashesForFailedInsert;
  }

  /**
   * Returns the number of keys sent to the stash because no placement existed.
   *
   * @return the count
   */
  public long stashInsertions() {
    return stashInsertions;
  }

  /**
   * Returns the number of keys in the stash now.
   *
   * @return the count
   */
  public long stashSize() {
    return stashSize;
  }

  /**
   * Returns the mean number of keys moved per insert.
   *
   * @return the mean eviction-path length, 0 before any insert
   */
  public double meanEvictionPath() {
    long inserts = 0;
    long moves = 0;
    for (int k = 0; k < evictionPaths.length; k++) {
      inserts += evictionPaths[k];
      moves += k * evictionPaths[k];
    }
    return inserts == 0 ? 0 : (double) moves / inserts;
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "CuckooStats: eviction paths %s (mean %.3f), rehashes: %d for load, %d for a failed"
            + " insert; stash: %d insertions, %d now",
        Arrays.toString(evictionPaths),
        meanEvictionPath(),
        rehashesForLoad,
        rehashesForFailedInsert,
        stashInsertions,
        stashSize);
  }
}
