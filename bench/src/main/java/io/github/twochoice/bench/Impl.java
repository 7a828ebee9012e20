/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.bench;

import io.github.twochoice.map.CuckooHashMap;
import io.github.twochoice.map.DLeftHashMap;
import io.github.twochoice.map.OneChoiceHashMap;
import io.github.twochoice.map.TwoChoiceHashMap;
import it.unimi.dsi.fastutil.objects.Object2ObjectOpenHashMap;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * The map implementations under test: the factory every benchmark and the memory tool use. Adding a
 * map to all of them is one constant here; an {@code @Param} on an {@code Impl} field without
 * values runs every constant.
 *
 * <p>Constant names are the {@code impl} parameter values printed in results, hence not in upper
 * case.
 */
@SuppressWarnings("JavaCaseFormat") // the names are the printed parameter values
public enum Impl {
  HashMap(HashMap::new, n -> new HashMap<>(hashMapCapacity(n))),
  fastutil(Object2ObjectOpenHashMap::new, Object2ObjectOpenHashMap::new),
  OneChoice(OneChoiceHashMap::new, OneChoiceHashMap::new),
  TwoChoice(TwoChoiceHashMap::new, TwoChoiceHashMap::new),
  DLeft(DLeftHashMap::new, DLeftHashMap::new),
  Cuckoo(CuckooHashMap::new, CuckooHashMap::new);

  private final Supplier<Map<Object, Object>> empty;
  private final IntFunction<Map<Object, Object>> presized;

  Impl(Supplier<Map<Object, Object>> empty, IntFunction<Map<Object, Object>> presized) {
    this.empty = empty;
    this.presized = presized;
  }

  /** Returns a new map made by the default constructor. */
  public Map<Object, Object> newMap() {
    return empty.get();
  }

  /** Returns a new map sized to hold {@code expectedSize} entries without growing. */
  public Map<Object, Object> newMap(int expectedSize) {
    return presized.apply(expectedSize);
  }

  /** HashMap's constructor takes a capacity, not a size: the table grows at 3/4 of it. */
  private static int hashMapCapacity(int expectedSize) {
    return (int) Math.ceil(expectedSize / 0.75);
  }
}
