/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.Spliterator;
import org.junit.jupiter.api.Test;

/**
 * The views' spliterators as a parallel stream uses them: {@code ConcurrentHashMap}'s
 * characteristics, a size estimate before the first use, and splits into halves that together visit
 * each entry once, each key with its own value.
 */
class ConcurrentCuckooSpliteratorTest {
  private static final int KEYS = 1000;

  private static ConcurrentCuckooHashMap<Integer, Integer> filled() {
    ConcurrentCuckooHashMap<Integer, Integer> map = new ConcurrentCuckooHashMap<>();
    for (int k = 0; k < KEYS; k++) {
      map.put(k, -k);
    }
    return map;
  }

  @Test
  void characteristicsAreConcurrentHashMaps() {
    ConcurrentCuckooHashMap<Integer, Integer> map = filled();
    int distinct = Spliterator.CONCURRENT | Spliterator.NONNULL | Spliterator.DISTINCT;
    assertEquals(distinct, map.keySet().spliterator().characteristics());
    assertEquals(distinct, map.entrySet().spliterator().characteristics());
    assertEquals(
        Spliterator.CONCURRENT | Spliterator.NONNULL, map.values().spliterator().characteristics());
  }

  @Test
  void theEstimateIsTheSizeBeforeUseAndHalvesOnASplit() {
    Spliterator<Map.Entry<Integer, Integer>> whole = filled().entrySet().spliterator();
    assertEquals(KEYS, whole.estimateSize());
    Spliterator<Map.Entry<Integer, Integer>> prefix = whole.trySplit();
    assertNotNull(prefix, "a thousand entries split");
    assertEquals(KEYS / 2, prefix.estimateSize());
    assertEquals(KEYS / 2, whole.estimateSize());
    assertEquals(Spliterator.DISTINCT, prefix.characteristics() & Spliterator.DISTINCT);
  }

  @Test
  void splitsVisitEveryEntryOnceWithItsOwnValue() {
    Spliterator<Map.Entry<Integer, Integer>> rest = filled().entrySet().spliterator();
    Set<Integer> seen = new HashSet<>();
    Spliterator<Map.Entry<Integer, Integer>> part;
    while ((part = rest.trySplit()) != null) {
      part.forEachRemaining(
          e -> {
            assertEquals(-e.getKey(), e.getValue(), "key and value stay paired");
            assertTrue(seen.add(e.getKey()), "once: " + e.getKey());
          });
    }
    rest.forEachRemaining(e -> assertTrue(seen.add(e.getKey()), "once: " + e.getKey()));
    assertEquals(KEYS, seen.size());
  }

  @Test
  void oneEntryDoesNotSplit() {
    ConcurrentCuckooHashMap<Integer, Integer> map = new ConcurrentCuckooHashMap<>();
    map.put(7, 8);
    Spliterator<Integer> keys = map.keySet().spliterator();
    assertNull(keys.trySplit());
    assertTrue(keys.tryAdvance(k -> assertEquals(7, k)));
  }
}
