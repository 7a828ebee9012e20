/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.stats.CuckooStats;
import org.junit.jupiter.api.Test;

/**
 * The counters behind {@code cuckooStats()}: one eviction-path count per insert by the rule (not
 * per key moved by a growth), trailing zeros trimmed to at least one entry, growths counted by
 * their cause, keys that went to the stash.
 */
class CuckooCountersTest {

  @Test
  void anEmptyMapHasOneZeroCount() {
    CuckooStats stats = new CuckooHashMap<>().cuckooStats();
    assertArrayEquals(new long[] {0}, stats.evictionPaths());
    assertEquals(0, stats.rehashesForLoad());
    assertEquals(0, stats.rehashesForFailedInsert());
    assertEquals(0, stats.stashInsertions());
    assertEquals(0, stats.stashSize());
  }

  @Test
  void eachInsertCountsItsPathOnce() {
    CuckooHashMap<Integer, Integer> map =
        CuckooHashMap.builder().expectedSize(1000).seed(1).build();
    for (int i = 0; i < 10; i++) {
      map.put(i, i);
    }
    map.put(3, 30); // an update is no insert
    assertArrayEquals(new long[] {10}, map.cuckooStats().evictionPaths());
    assertEquals(0, map.cuckooStats().rehashesForLoad());

    // the classic layout at its load factor moves keys along long paths
    CuckooHashMap<Integer, Integer> classic =
        CuckooHashMap.builder().slotsPerBucket(1).loadFactor(0.49).seed(2).build();
    for (int i = 0; i < 50_000; i++) {
      classic.put(i, i);
    }
    long[] paths = classic.cuckooStats().evictionPaths();
    long inserts = 0;
    for (long count : paths) {
      inserts += count;
    }
    assertEquals(50_000, inserts, "one count per insert, none per key moved by a growth");
    assertTrue(paths.length > 5, "paths of 5 moves and more: " + paths.length);
    assertNotEquals(0, paths[paths.length - 1], "trailing zeros are trimmed");
    assertTrue(classic.cuckooStats().rehashesForLoad() > 5);
  }

  @Test
  void keysThatShareEveryBucketGoToTheStash() {
    CuckooHashMap<Key, Integer> map =
        CuckooHashMap.builder().slotsPerBucket(2).expectedSize(1000).seed(3).build();
    for (int i = 0; i < 20; i++) {
      map.put(new Key(i, 7), i);
    }
    CuckooStats stats = map.cuckooStats();
    assertEquals(16, stats.stashInsertions());
    assertEquals(16, stats.stashSize());
    assertArrayEquals(new long[] {4}, stats.evictionPaths());
    assertEquals(0, stats.rehashesForFailedInsert());
    map.remove(new Key(19, 7));
    assertEquals(15, map.cuckooStats().stashSize());
    assertEquals(16, map.cuckooStats().stashInsertions());
  }
}
