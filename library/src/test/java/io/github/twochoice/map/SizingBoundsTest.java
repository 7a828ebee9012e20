/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Iterator;
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
   * A table is full when its keys in buckets or chains reach the load factor times its slots, not
   * one key later: with load factors that make that product whole, the key that reaches it makes
   * the table full, and the next one grows it.
   */
  @Test
  void aTableIsFullExactlyAtItsThreshold() {
    for (AbstractFlatMap<Integer, Integer> map :
        List.<AbstractFlatMap<Integer, Integer>>of(
            TwoChoiceHashMap.builder().seed(10).build(),
            OneChoiceHashMap.builder().loadFactor(2).seed(11).build(),
            DLeftHashMap.builder().loadFactor(0.5).expectedSize(100).seed(12).build(),
            CuckooHashMap.builder().loadFactor(0.5).expectedSize(100).seed(13).build())) {
      String name = map.getClass().getSimpleName();
      long threshold = map.threshold();
      long buckets = buckets(map);
      for (int key = 0; key < threshold - 1; key++) {
        map.put(key, key);
      }
      assertFalse(map.isFull(), name);
      map.put(-1, -1);
      assertEquals(0, map.loadStats().overflow(), name);
      assertEquals(threshold, map.size(), name);
      assertTrue(map.isFull(), name + " at " + threshold);
      assertEquals(buckets, buckets(map), name);
      map.put(-2, -2);
      assertTrue(buckets(map) > buckets, name + " grew at the next key");
    }
  }

  /**
   * {@code putAll} grows the table only if the new keys would pass the threshold, not if they reach
   * it exactly. A chained table at a load factor below 1 that doubled has more buckets than a table
   * presized for its threshold (32 against 30 at load 0.3, threshold 9), so a rebuild at the
   * threshold would change it; the bucket tables, whose threshold is at least one key per unit of
   * buckets, have no such size, and are checked too.
   */
  @Test
  void putAllUpToTheThresholdExactlyLeavesTheTableAsItIs() {
    for (ChainedHashMap<Integer, Integer> map :
        List.<ChainedHashMap<Integer, Integer>>of(
            TwoChoiceHashMap.builder().loadFactor(0.3).seed(21).build(),
            OneChoiceHashMap.builder().loadFactor(0.3).seed(22).build())) {
      int key = 0;
      while (buckets(map) == 16) {
        map.put(key, key);
        key++;
      }
      assertEquals(32, buckets(map));
      assertEquals(9, map.threshold());
      assertEquals(30, buckets(new TwoChoiceHashMap<>(9, 0.3f)), "presized for 9 keys");
      putAllUpToTheThreshold(map);
    }
    for (AbstractBucketMap<Integer, Integer> map :
        List.<AbstractBucketMap<Integer, Integer>>of(
            DLeftHashMap.builder().seed(23).build(), CuckooHashMap.builder().seed(24).build())) {
      for (int key = 0; key < 50_000; key++) {
        map.put(key, key);
      }
      putAllUpToTheThreshold(map);
    }
  }

  /** Adds new keys up to the threshold exactly with one {@code putAll}: nothing is rebuilt. */
  private static void putAllUpToTheThreshold(AbstractFlatMap<Integer, Integer> map) {
    String name = map.getClass().getSimpleName();
    long buckets = buckets(map);
    Map<Integer, Integer> more = new HashMap<>();
    for (int k = -1; more.size() < map.threshold() - map.size(); k--) {
      more.put(k, k);
    }
    map.putAll(more);
    assertEquals(map.threshold(), map.size(), name);
    assertEquals(buckets, buckets(map), name + ": not rebuilt");
  }

  /**
   * Adding nothing is no change: {@code putAll} of an empty map leaves the table alone even when
   * the map holds more keys than its threshold (a flood of equal hash codes in the overflow area),
   * so an open iterator goes on.
   */
  @Test
  void putAllOfAnEmptyMapChangesNothing() {
    for (AbstractFlatMap<Key, Integer> map :
        List.<AbstractFlatMap<Key, Integer>>of(
            TwoChoiceHashMap.builder().seed(14).build(),
            OneChoiceHashMap.builder().seed(15).build(),
            DLeftHashMap.builder().seed(16).build(),
            CuckooHashMap.builder().seed(17).build())) {
      String name = map.getClass().getSimpleName();
      for (int id = 0; id < 100; id++) {
        map.put(new Key(id, 0), id);
      }
      assertTrue(map.size() > map.threshold(), name + ": more keys than the threshold");
      long buckets = buckets(map);
      Iterator<Key> keys = map.keySet().iterator();
      keys.next();
      map.putAll(Map.of());
      assertEquals(buckets, buckets(map), name);
      keys.next();
    }
  }

  /**
   * A key the rule cannot place grows the table when the table is at least half as full as its load
   * factor allows, and goes to the overflow area below that. Here two buckets of two slots hold
   * four keys of one hash code in a table of 16 slots at load factor 0.5: exactly half of its 8, so
   * the fifth such key grows it once; in the larger table the fifth waits in the overflow area.
   */
  @Test
  void aKeyThatCannotBePlacedAtExactlyHalfTheThresholdGrowsTheTable() {
    for (AbstractBucketMap<Key, Integer> map :
        List.<AbstractBucketMap<Key, Integer>>of(
            DLeftHashMap.builder()
                .slotsPerBucket(2)
                .loadFactor(0.5)
                .expectedSize(8)
                .seed(19)
                .build(),
            CuckooHashMap.builder()
                .slotsPerBucket(2)
                .loadFactor(0.5)
                .expectedSize(8)
                .seed(20)
                .build())) {
      String name = map.getClass().getSimpleName();
      assertEquals(16, map.table().slots(), name);
      long hash = map.hash(new Key(0, 0));
      assertNotEquals(map.table().bucketOf(hash, 0), map.table().bucketOf(hash, 1), name);
      for (int id = 0; id < 4; id++) {
        map.put(new Key(id, 0), id);
      }
      assertEquals(0, map.rehashesForFailedInsert(), name);
      map.put(new Key(4, 0), 4);
      assertEquals(1, map.rehashesForFailedInsert(), name);
      assertEquals(32, map.table().slots(), name);
      assertEquals(1, map.loadStats().overflow(), name);
    }
  }

  /**
   * A d-left table at least half full lets a thirty-second of its keys in buckets wait in the
   * overflow area before a key that finds its buckets full grows it.
   */
  @Test
  void dLeftToleratesAThirtySecondOfItsKeysInTheOverflowArea() {
    DLeftHashMap<Key, Integer> map = DLeftHashMap.builder().expectedSize(1000).seed(18).build();
    for (int id = 0; id < 800; id++) {
      map.put(Key.spread(id), id);
    }
    for (int id = 800; map.rehashesForFailedInsert() == 0; id++) {
      assertTrue(id < 900, "the table grows within 100 keys of one hash code");
      long waiting = map.loadStats().overflow();
      long inBuckets = map.size() - waiting;
      map.put(new Key(id, 0), id);
      if (map.rehashesForFailedInsert() > 0) {
        assertEquals(inBuckets / 32, waiting, "overflow entries when the table grew");
      }
    }
  }
}
