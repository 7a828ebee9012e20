/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.stats.CuckooStats;
import io.github.twochoice.stats.LoadStats;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Growth on failure, the statistics, and the settings of {@link CuckooHashMap}. */
class CuckooHashMapTest {
  @Test
  void classicLayoutPastItsThresholdGrowsOnFailureAndKeepsEveryKey() {
    CuckooHashMap<Integer, Integer> map =
        CuckooHashMap.builder().choices(2).slotsPerBucket(1).loadFactor(1.0).seed(8).build();
    SplittableRandom random = new SplittableRandom(8);
    int[] keys = random.ints().distinct().limit(20_000).toArray();
    for (int key : keys) {
      map.put(key, -key);
    }
    for (int key : keys) {
      assertEquals(-key, map.get(key));
    }
    assertEquals(keys.length, map.size());
    CuckooStats stats = map.cuckooStats();
    assertTrue(stats.rehashesForFailedInsert() > 0, stats::toString);
    assertTrue(stats.evictionPaths().length > 2, stats::toString);
    long inserts = 0;
    for (long count : stats.evictionPaths()) {
      inserts += count;
    }
    assertEquals(keys.length - stats.stashInsertions(), inserts);
    assertTrue(map.loadStats().meanLoad() <= 1.0);
  }

  @Test
  void defaultLayoutFillsToItsMaximumLoadWithMostKeysInTheirFirstBucket() {
    CuckooHashMap<Integer, Integer> map =
        CuckooHashMap.builder().seed(9).expectedSize(100_000).build();
    new SplittableRandom(9).ints().distinct().limit(100_000).forEach(k -> map.put(k, k));
    LoadStats load = map.loadStats();
    CuckooStats cuckoo = map.cuckooStats();
    assertEquals(0, cuckoo.rehashesForLoad() + cuckoo.rehashesForFailedInsert(), cuckoo::toString);
    assertTrue(load.meanLoad() > 0.9 * 4, load::toString); // above 90 % of the slots in use
    long[] perChoice = load.entriesPerChoice();
    assertEquals(100_000, perChoice[0] + perChoice[1]);
    assertTrue(perChoice[0] > perChoice[1], load::toString);
    assertTrue(load.meanProbesHit() > 1 && load.meanProbesHit() < 1.5, load::toString);
    assertEquals(2.0, load.meanProbesMiss());
    assertEquals(0, load.overflow());
  }

  /**
   * Doubling splits buckets instead of inserting again: every key of a table filled to 97 % (d = 2,
   * b = 4; and d = 3, b = 1 at 88 %) is found in the doubled table in the same choice, which is
   * bucket 2k or 2k + 1 for a key that was in bucket k.
   */
  @Test
  void doublingKeepsEveryKeyInItsChoice() {
    int[][] layouts = {{2, 4, 97}, {3, 1, 88}};
    for (int[] layout : layouts) {
      CuckooTable table = CuckooTable.withCells(layout[0], layout[1], 1 << 12, 5);
      int[] keys =
          new SplittableRandom(5).ints().distinct().limit(4096 * layout[2] / 100).toArray();
      for (int key : keys) {
        assertTrue(table.add(key));
      }
      CuckooTable doubled = table.doubled();
      assertEquals(2 * table.buckets(), doubled.buckets());
      assertEquals(table.size(), doubled.size());
      for (int slot = 0; slot < table.cells(); slot++) {
        if (table.isLive(slot)) {
          int bucket = slot / table.slotsPerBucket();
          int moved = doubled.find(table.tagAt(slot), table.keyAt(slot));
          int movedBucket = moved / doubled.slotsPerBucket();
          assertEquals(table.choiceAt(slot), doubled.choiceAt(moved));
          assertEquals(bucket, movedBucket / 2);
        }
      }
    }
  }

  @Test
  void settingsAreCheckedAndKept() {
    assertThrows(
        IllegalArgumentException.class, () -> CuckooHashMap.builder().loadFactor(1.5).build());
    assertThrows(IllegalArgumentException.class, () -> CuckooHashMap.builder().choices(1));
    assertThrows(IllegalArgumentException.class, () -> CuckooHashMap.builder().slotsPerBucket(0));
    assertThrows(IllegalArgumentException.class, () -> new CuckooHashMap<>(-1));
    CuckooHashMap<String, String> map =
        CuckooHashMap.builder().choices(3).slotsPerBucket(2).loadFactor(0.8).seed(4).build();
    assertEquals(3, map.choices());
    assertEquals(2, map.slotsPerBucket());
    assertEquals(0.8, map.maxLoad());
    assertEquals(4, map.seed());
  }

  @Test
  void fixedTableRejectsBadSizes() {
    assertThrows(IllegalArgumentException.class, () -> CuckooTable.withCells(2, 4, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> CuckooTable.withCells(1, 4, 16, 1));
    CuckooTable table = CuckooTable.withCells(2, 4, 10, 1);
    assertEquals(12, table.cells());
    assertTrue(table.add("a"));
    assertTrue(table.add("a"));
    assertEquals(1, table.size());
    assertEquals(1.0 / 12, table.load());
  }
}
