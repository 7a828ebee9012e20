/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.stats.CuckooStats;
import io.github.twochoice.stats.LoadStats;
import org.junit.jupiter.api.Test;

/**
 * The statistics of {@link ConcurrentCuckooHashMap}, on one thread, with exact counts: one
 * eviction-path count per insert (carried across growths, splits and {@code clear}), growths
 * counted by their cause, keys that went to the overflow area, and bucket loads and choices that
 * add up to the map's keys.
 */
class ConcurrentCuckooCountersTest {

  @Test
  void anEmptyMapHasOneZeroCount() {
    CuckooStats stats = new ConcurrentCuckooHashMap<>().cuckooStats();
    assertArrayEquals(new long[] {0}, stats.evictionPaths());
    assertEquals(0, stats.rehashesForLoad());
    assertEquals(0, stats.rehashesForFailedInsert());
    assertEquals(0, stats.stashInsertions());
    assertEquals(0, stats.stashSize());
    LoadStats loads = new ConcurrentCuckooHashMap<>().loadStats();
    assertEquals(0, loads.size());
    assertEquals(0, loads.maxLoad());
  }

  @Test
  void eachInsertCountsItsPathOnce() {
    ConcurrentCuckooHashMap<Integer, Integer> map =
        ConcurrentCuckooHashMap.builder().expectedSize(1000).seed(1).build();
    for (int i = 0; i < 10; i++) {
      map.put(i, i);
    }
    map.put(3, 30); // an update is no insert
    map.putIfAbsent(4, 40); // nor is a putIfAbsent of a present key
    assertArrayEquals(new long[] {10}, map.cuckooStats().evictionPaths());
    assertEquals(0, map.cuckooStats().rehashesForLoad());

    // the classic layout at its load factor moves keys along long paths, and grows and splits
    ConcurrentCuckooHashMap<Integer, Integer> classic =
        ConcurrentCuckooHashMap.builder().slotsPerBucket(1).loadFactor(0.49).seed(2).build();
    for (int i = 0; i < 50_000; i++) {
      assertNull(classic.put(i, i), "an insert has no old value");
    }
    long[] paths = classic.cuckooStats().evictionPaths();
    long stashed = classic.cuckooStats().stashInsertions();
    assertEquals(
        50_000, sum(paths) + stashed, "one count per insert, none per key moved by a growth");
    assertTrue(paths.length > 5, "paths of 5 moves and more: " + paths.length);
    assertNotEquals(0, paths[paths.length - 1], "trailing zeros are trimmed");
    // every split adds one segment, and is counted as a growth for the load or a failed insert
    CuckooStats grown = classic.cuckooStats();
    assertTrue(
        grown.rehashesForLoad() + grown.rehashesForFailedInsert() >= classic.segmentCount() - 1,
        grown + " for " + classic.segmentCount() + " segments");
    classic.clear();
    assertEquals(
        50_000 - stashed, sum(classic.cuckooStats().evictionPaths()), "clear keeps the counts");
    assertEquals(0, classic.cuckooStats().stashSize());
    classic.put(-1, -1);
    assertEquals(50_001 - stashed, sum(classic.cuckooStats().evictionPaths()));
  }

  private static long sum(long[] counts) {
    long sum = 0;
    for (long count : counts) {
      sum += count;
    }
    return sum;
  }

  @Test
  void keysThatShareEveryBucketGoToTheOverflowArea() {
    ConcurrentCuckooHashMap<Key, Integer> map =
        ConcurrentCuckooHashMap.builder().slotsPerBucket(2).expectedSize(1000).seed(3).build();
    for (int i = 0; i < 20; i++) {
      map.put(new Key(i, 7), i);
    }
    CuckooStats stats = map.cuckooStats();
    assertEquals(16, stats.stashInsertions());
    assertEquals(16, stats.stashSize());
    assertArrayEquals(new long[] {4}, stats.evictionPaths());
    assertEquals(0, stats.rehashesForFailedInsert());
    assertEquals(0, stats.rehashesForLoad());
    LoadStats loads = map.loadStats();
    assertEquals(16, loads.overflow());
    assertEquals(20, loads.size());
    assertEquals(2, loads.maxLoad(), "the keys' two buckets, full");
    // two keys in each of their two buckets (1 and 2 probes), sixteen in the area (d + 1 = 3)
    assertArrayEquals(new long[] {2, 2}, loads.entriesPerChoice());
    assertEquals((2 * 1 + 2 * 2 + 16 * 3) / 20.0, loads.meanProbesHit(), 1e-12);
    map.remove(new Key(19, 7));
    assertEquals(15, map.cuckooStats().stashSize());
    assertEquals(16, map.cuckooStats().stashInsertions());
    for (int i = 0; i < 20; i++) {
      assertEquals(i == 19 ? null : Integer.valueOf(i), map.get(new Key(i, 7)));
    }
  }

  @Test
  void bucketLoadsAndChoicesAddUpToTheKeys() {
    for (int choices = 2; choices <= 4; choices++) {
      ConcurrentCuckooHashMap<Key, Integer> map =
          ConcurrentCuckooHashMap.builder().choices(choices).seed(4).build();
      int n = 20_000;
      for (int i = 0; i < n; i++) {
        map.put(Key.spread(i), i);
      }
      LoadStats loads = map.loadStats();
      assertEquals(n, loads.size());
      long[] histogram = loads.histogram();
      assertEquals(map.slotsPerBucket() + 1, histogram.length);
      long buckets = 0;
      long keys = 0;
      for (int k = 0; k < histogram.length; k++) {
        buckets += histogram[k];
        keys += k * histogram[k];
      }
      assertEquals(loads.buckets(), buckets);
      assertEquals(n - loads.overflow(), keys);
      long[] perChoice = loads.entriesPerChoice();
      assertEquals(choices, perChoice.length);
      assertEquals(n - loads.overflow(), sum(perChoice));
      for (long count : perChoice) {
        assertTrue(count > 0, "every choice holds keys: " + java.util.Arrays.toString(perChoice));
      }
      double probes = 0;
      for (int i = 0; i < choices; i++) {
        probes += (i + 1) * perChoice[i];
      }
      probes += (choices + 1) * loads.overflow();
      assertEquals(probes / n, loads.meanProbesHit(), 1e-12);
      assertTrue(loads.meanKeysPerBucket() <= map.loadFactor() * map.slotsPerBucket());
    }
  }
}
