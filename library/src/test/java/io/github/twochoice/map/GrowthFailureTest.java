/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A growth that fails half way, here because a key's {@code hashCode()} throws when the growth
 * hashes the keys again (in batches, before they move), leaves the map as it was: no entry lost,
 * none duplicated, and the map keeps working once the keys behave.
 */
class GrowthFailureTest {
  static Stream<Supplier<Map<Object, Object>>> maps() {
    return Stream.of(
        TwoChoiceHashMap::new,
        () -> new DLeftHashMap<>(),
        () -> new CuckooHashMap<>(),
        () -> new OneChoiceHashMap<>());
  }

  @ParameterizedTest
  @MethodSource("maps")
  void aGrowthThatFailsLosesAndDuplicatesNothing(Supplier<Map<Object, Object>> maps) {
    Map<Object, Object> map = maps.get();
    Map<Object, Object> model = new HashMap<>();
    int failures = 0;
    try {
      for (int i = 0; i < 3_000; i++) {
        // every fifth key is fragile; every sturdy key is put first while fragile keys fail, so
        // each growth, whenever the map's (randomly seeded) placement calls for it, meets a
        // throwing hashCode() when it rehashes the stored keys, and is then tried again
        FragileKey key = new FragileKey(i, i % 5 == 0);
        FragileKey.failing = !key.fragile;
        int before = map.size();
        try {
          map.put(key, i);
        } catch (IllegalStateException expected) {
          failures++;
          FragileKey.failing = false;
          assertEquals(before, map.size(), "size after a failed growth");
          assertEquals(null, map.get(key), "the key of a failed put");
          map.put(key, i);
        }
        FragileKey.failing = false;
        model.put(key, i);
        assertEquals(model.size(), map.size(), "size after the put of key " + i);
      }
    } finally {
      FragileKey.failing = false;
    }
    assertEquals(model, map);
    assertEquals(model.size(), map.keySet().stream().distinct().count(), "distinct keys");
    // every growth after the first key (a fragile one) fails once before it succeeds, and each
    // table starts at most a few hundred slots, so it grows at least three times on the way to
    // 3,000 keys
    assertTrue(failures >= 3, failures + " failed growths");
  }
}
