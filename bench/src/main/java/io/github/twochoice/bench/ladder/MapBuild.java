/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.ladder;

import java.util.Map;
import java.util.function.IntFunction;

/**
 * The build loop of one contender. {@link IsolatingLoader} defines a copy of this class per
 * contender, so that its {@code put} call site sees one map class, as in a benchmark that runs one
 * map per JVM.
 */
public final class MapBuild implements BatchBuild {
  private final IntFunction<Map<Object, Object>> factory;

  /**
   * Creates the loop over maps that {@code factory} makes.
   *
   * @param factory makes a map for an expected number of keys, or by the default constructor when
   *     given -1
   */
  public MapBuild(IntFunction<Map<Object, Object>> factory) {
    this.factory = factory;
  }

  @Override
  public int build(Object[] keys, int count, boolean presized) {
    Map<Object, Object> map = factory.apply(presized ? count : -1);
    for (int i = 0; i < count; i++) {
      Object key = keys[i];
      map.put(key, key);
    }
    return map.size();
  }
}
