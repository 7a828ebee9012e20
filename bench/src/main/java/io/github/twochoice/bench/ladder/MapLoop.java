/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.ladder;

import java.util.Map;

/**
 * The lookup loop of one contender. {@link IsolatingLoader} defines a copy of this class per
 * contender, so that the {@code get} call below sees one map class in its profile and the JIT
 * inlines that class's lookup, as in a benchmark that runs one map per JVM; with one shared copy
 * the call would see every contender and dispatch through the interface.
 */
public final class MapLoop implements BatchLookup {
  private final Map<Object, Object> map;

  /**
   * Creates the loop over {@code map}.
   *
   * @param map the map to look keys up in
   */
  public MapLoop(Map<Object, Object> map) {
    this.map = map;
  }

  @Override
  public int countFound(Object[] keys, int from, int to) {
    Map<Object, Object> m = map;
    int found = 0;
    for (int i = from; i < to; i++) {
      if (m.get(keys[i]) != null) {
        found++;
      }
    }
    return found;
  }
}
