/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.ladder;

/**
 * A build of one map by {@code put}, the unit that {@code BuildBenchmark} times for each contender.
 * Loaded once, by the application's class loader, so that every contender's copy of {@link
 * MapBuild} is one.
 */
public interface BatchBuild {
  /**
   * Builds a map of {@code keys[0, count)}, each its own value, from a new empty map.
   *
   * @param keys the keys to put
   * @param count how many of them
   * @param presized whether the map is made for {@code count} keys (by its expected-size
   *     constructor) or by its default constructor, so that it grows
   * @return the size of the map built
   */
  int build(Object[] keys, int count, boolean presized);
}
