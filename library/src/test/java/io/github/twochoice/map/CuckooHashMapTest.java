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
    assertTrue(map.loadStats().meanKeysPerBucket() <= 1.0);
  }

  @Test
  void defaultLayoutFillsToItsLoadFactorWithMostKeysInTheirFirstBucket() {
    CuckooHashMap<Integer, Integer> map =
        CuckooHashMap.builder().seed(9).expectedSize(100_000).build();
    new SplittableRandom(9).ints().distinct().limit(100_000).forEach(k -> map.put(k, k));
    LoadStats load = map.loadStats();
    CuckooStats cuckoo = map.cuckooStats();
    assertEquals(0, cuckoo.rehashesForLoad() + cuckoo.rehashesForFailedInsert(), cuckoo::toString);
    // presized: filled to its load factor without growing
    assertTrue(
        load.meanKeysPerBucket() > 0.99 * map.loadFactor() * map.slotsPerBucket(), load::toString);
    long[] perChoice = load.entriesPerChoice();
    // the keys' shares of the segments vary around their mean (390 keys in 434 slots, standard
    // deviation 20): the few that a segment past the (2,8) threshold cannot hold wait in the
    // stash; the normal tail beyond 0.97 of its slots expects about 130 of them
    assertEquals(100_000, perChoice[0] + perChoice[1] + load.overflow());
    assertTrue(load.overflow() < 200, load::toString);
    assertTrue(perChoice[0] > perChoice[1], load::toString);
    assertTrue(load.meanProbesHit() > 1 && load.meanProbesHit() < 1.5, load::toString);
  }

  /**
   * Growth by half keeps a large table lean at every size, with no power-of-two sawtooth: filled
   * from empty to 10<sup>5</sup> keys, the map never holds fewer than (load factor / 1.5) keys per
   * slot once it has grown past {@link Growth#DOUBLING_LIMIT} slots (below, it doubles), nor more
   * than the load factor, and every key stays findable.
   */
  @Test
  void growthByHalfKeepsTheLoadBetweenTwoThirdsOfTheLoadFactorAndTheLoadFactor() {
    CuckooHashMap<Integer, Integer> map = CuckooHashMap.builder().seed(8).build();
    double loadFactor = map.loadFactor();
    int[] keys = new SplittableRandom(8).ints().distinct().limit(100_000).toArray();
    for (int i = 0; i < keys.length; i++) {
      map.put(keys[i], i);
      if (i >= Growth.DOUBLING_LIMIT * loadFactor && i % 997 == 0) {
        LoadStats stats = map.loadStats();
        double load = (double) map.size() / (stats.buckets() * map.slotsPerBucket());
        assertTrue(load <= loadFactor, "load " + load + " at " + map.size());
        assertTrue(load >= loadFactor / 1.5 - 1e-3, "load " + load + " at " + map.size());
      }
    }
    for (int i = 0; i < keys.length; i++) {
      assertEquals(i, map.get(keys[i]));
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
    assertEquals(0.8, map.loadFactor());
    assertEquals(4, map.seed());
  }
}
