/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.ladder;

/**
 * A run of lookups in one map, the unit that {@code LadderBenchmark} times for each contender. The
 * interface is loaded once, by the application's class loader, so that every contender's copy of
 * {@link MapLoop} (each in a loader of its own) is one.
 */
public interface BatchLookup {
  /**
   * Looks up {@code keys[from, to)}.
   *
   * @param keys the keys to look up
   * @param from the first index, inclusive
   * @param to the last index, exclusive
   * @return how many of them the map holds
   */
  int countFound(Object[] keys, int from, int to);
}
