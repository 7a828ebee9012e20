/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sizing rules at their exact boundaries: the smallest table, the quarter-full shrinking
 * threshold and its floor, and the switch from doubling to growing by the map's factor at {@link
 * Growth#DOUBLING_LIMIT} slots.
 */
class SizingBoundsTest {
  private static long buckets(AbstractFlatMap<?, ?> map) {
    return map.loadStats().buckets();
  }

  /** Puts keys 0, 1, ... until the table is full, then one more; returns the buckets before. */
  private static long fillAndGrowOnce(AbstractFlatMap<Integer, Integer> map) {
    int key = 0;
    while (!map.isFull()) {
      map.put(key, key);
      key++;
    }
    long before = buckets(map);
    map.put(-1, -1);
    return before;
  }

  @Test
  void aChainedTableHasAtLeastSixteenBuckets() {
    assertEquals(16, buckets(new TwoChoiceHashMap<>()));
    assertEquals(16, buckets(new OneChoiceHashMap<>(15)));
    assertEquals(17, buckets(new TwoChoiceHashMap<>(17)));
    assertEquals(40, buckets(new TwoChoiceHashMap<>(20, 0.5f)));
  }

  @Test
  void aRemovalShrinksTheTableBelowAQuarterOfItsThreshold() {
    TwoChoiceHashMap<Integer, Integer> map =
        TwoChoiceHashMap.builder().expectedSize(100).seed(1).build();
    for (int i = 0; i < 100; i++) {
      map.put(i, i);
    }
    assertEquals(100, buckets(map));
    assertEquals(100, map.threshold());
    int key = 0;
    while (map.size() > 25) {
      map.remove(key++);
    }
    assertEquals(100, buckets(map), "25 entries: a quarter, not below it");
    map.remove(key);
    assertEquals(48, buckets(map), "24 entries: rebuilt for twice as many");
    for (int i = key + 1; i < 100; i++) {
      assertEquals(i, map.get(i));
    }
  }

  @Test
  void tablesWithAThresholdOfSixtyFourNeverShrink() {
    TwoChoiceHashMap<Integer, Integer> floor =
        TwoChoiceHashMap.builder().expectedSize(64).seed(2).build();
    TwoChoiceHashMap<Integer, Integer> above =
        TwoChoiceHashMap.builder().expectedSize(65).seed(3).build();
    for (int i = 0; i < 64; i++) {
      floor.put(i, i);
      above.put(i, i);
    }
    for (int i = 0; i < 63; i++) {
      floor.remove(i);
      above.remove(i);
    }
    assertEquals(64, buckets(floor));
    assertEquals(30, buckets(above), "rebuilt once, at 15 entries, for 30");
  }

  @Test
  void chainedTablesDoubleBelowTheLimitAndGrowByHalfFromIt() {
    TwoChoiceHashMap<Integer, Integer> below =
        TwoChoiceHashMap.builder().expectedSize(32_767).seed(4).build();
    assertEquals(32_767, fillAndGrowOnce(below));
    assertEquals(65_534, buckets(below));
    TwoChoiceHashMap<Integer, Integer> at =
        TwoChoiceHashMap.builder().expectedSize(32_768).seed(5).build();
    assertEquals(32_768, fillAndGrowOnce(at));
    assertEquals(49_152, buckets(at));
  }

  @Test
  void dLeftTablesGrowByFourThirdsFromTheLimit() {
    // 2 x 2048 buckets of 8 slots: exactly 32768 slots
    DLeftHashMap<Integer, Integer> at = DLeftHashMap.builder().expectedSize(27_852).seed(6).build();
    assertEquals(4096, fillAndGrowOnce(at));
    assertEquals(2 * 2731, buckets(at));
    // 2 x 2047 buckets: doubles
    DLeftHashMap<Integer, Integer> below =
        DLeftHashMap.builder().expectedSize(27_838).seed(7).build();
    assertEquals(4094, fillAndGrowOnce(below));
    assertEquals(2 * 4094, buckets(below));
  }

  @Test
  void cuckooTablesGrowByHalfFromTheLimit() {
    // 4096 buckets of 8 slots: exactly 32768 slots
    CuckooHashMap<Integer, Integer> at =
        CuckooHashMap.builder().expectedSize(29_491).seed(8).build();
    assertEquals(4096, fillAndGrowOnce(at));
    assertEquals(6144, buckets(at));
    CuckooHashMap<Integer, Integer> below =
        CuckooHashMap.builder().expectedSize(29_480).seed(9).build();
    assertEquals(4095, fillAndGrowOnce(below));
    assertEquals(8190, buckets(below));
  }

  /**
   * {@code putAll} grows the table only if the new keys would pass the threshold, not if they reach
   * it exactly. Grown step by step past {@link Growth#DOUBLING_LIMIT}, a table's size is not the
   * one a presized table for its threshold would have, so a rebuild at the threshold would change
   * it.
   */
  @Test
  void putAllUpToTheThresholdExactlyLeavesTheTableAsItIs() {
    List<AbstractFlatMap<Integer, Integer>> maps =
        List.of(
            new OneChoiceHashMap<>(),
            new TwoChoiceHashMap<>(),
            new DLeftHashMap<>(),
            new CuckooHashMap<>());
    for (AbstractFlatMap<Integer, Integer> map : maps) {
      for (int key = 0; key < 50_000; key++) {
        map.put(key, key);
      }
      long before = buckets(map);
      int room = (int) (map.threshold() - map.size());
      Map<Integer, Integer> more = new HashMap<>();
      for (int key = -1; more.size() < room; key--) {
        more.put(key, key);
      }
      map.putAll(more);
      assertEquals(map.threshold(), map.size(), map.getClass().getSimpleName());
      assertEquals(before, buckets(map), map.getClass().getSimpleName() + ": not rebuilt");
    }
  }
}
