/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench.ladder;

import io.github.twochoice.map.CuckooHashMap;
import io.github.twochoice.map.DLeftHashMap;
import io.github.twochoice.map.TwoChoiceHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Makes the library's maps and the ladder's bare map. {@link IsolatingLoader} copies this class
 * into each loader that copies the library, so that the maps it makes are of that loader's copy of
 * the library (or of {@link LadderMap}).
 */
public final class LibraryMaps {
  private LibraryMaps() {}

  /**
   * Returns the factory of map {@code name}: given an expected size it makes a presized map, given
   * -1 an empty map by the default constructor.
   *
   * @param name {@code TwoChoice}, {@code DLeft}, {@code Cuckoo} or {@code Ladder}
   * @return the factory
   */
  public static IntFunction<Map<Object, Object>> factory(String name) {
    return switch (name) {
      case "TwoChoice" -> n -> n < 0 ? new TwoChoiceHashMap<>() : new TwoChoiceHashMap<>(n);
      case "DLeft" ->
          n ->
              n < 0
                  ? DLeftHashMap.builder().build()
                  : DLeftHashMap.builder().expectedSize(n).build();
      case "Cuckoo" ->
          n ->
              n < 0
                  ? CuckooHashMap.builder().build()
                  : CuckooHashMap.builder().expectedSize(n).build();
      case "Ladder" -> n -> n < 0 ? new LadderMap() : new LadderMap(n);
      default -> throw new IllegalArgumentException("no such map: " + name);
    };
  }
}
