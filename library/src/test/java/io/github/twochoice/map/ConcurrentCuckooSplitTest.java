/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.stats.LoadStats;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The segments of {@link ConcurrentCuckooHashMap}, on one thread: a segment that would have room
 * for more keys than its map's split threshold splits in two, every key stays reachable through the
 * directory, a presized map holds its expected size without growing, {@code clear} keeps the
 * segments, and a growth that fails half way loses and duplicates nothing.
 */
class ConcurrentCuckooSplitTest {
  private static final int SPLIT_KEYS = 16;

  private static ConcurrentCuckooHashMap<Key, Integer> smallSegments(long seed) {
    return ConcurrentCuckooHashMap.builder().seed(seed).splitKeys(SPLIT_KEYS).build();
  }

  @Test
  void segmentsSplitAndEveryKeyStaysReachable() {
    ConcurrentCuckooHashMap<Key, Integer> map = smallSegments(1);
    int n = 5_000;
    for (int i = 0; i < n; i++) {
      assertEquals(null, map.put(Key.spread(i), i));
    }
    // a segment never holds more than its room (at most SPLIT_KEYS keys) outside the overflow
    LoadStats stats = map.loadStats();
    assertTrue(
        map.segmentCount() >= (n - stats.overflow()) / SPLIT_KEYS,
        map.segmentCount() + " segments for " + n + " keys");
    assertEquals(n, map.size());
    assertEquals(n, stats.size());
    for (int i = 0; i < n; i++) {
      assertEquals(i, map.get(Key.spread(i)));
    }
    assertEquals(null, map.get(Key.spread(n)));
    // the first segment doubles from 1 bucket (room for 7.2 keys) to 2 (14.4); from then on every
    // growth would leave room for more than 16 keys and splits, adding one segment
    assertEquals(
        1 + map.segmentCount() - 1,
        map.cuckooStats().rehashesForLoad() + map.cuckooStats().rehashesForFailedInsert(),
        "every growth is counted");
  }

  @Test
  void removalsAndReinsertionsAcrossSplitSegmentsAgreeWithHashMap() {
    ConcurrentCuckooHashMap<Key, Integer> map = smallSegments(2);
    Map<Key, Integer> model = new HashMap<>();
    java.util.SplittableRandom random = new java.util.SplittableRandom(2);
    for (int step = 0; step < 40_000; step++) {
      Key key = Key.spread(random.nextInt(3_000));
      if (random.nextInt(3) == 0) {
        assertEquals(model.remove(key), map.remove(key));
      } else {
        assertEquals(model.put(key, step), map.put(key, step));
      }
    }
    assertEquals(model, map);
    assertEquals(model.size(), map.loadStats().size());
  }

  @ParameterizedTest
  @ValueSource(ints = {1_000, 10_000, 100_000})
  void aPresizedMapHoldsItsExpectedSizeWithoutGrowing(int n) {
    for (long seed = 1; seed <= 3; seed++) {
      ConcurrentCuckooHashMap<Key, Integer> map =
          ConcurrentCuckooHashMap.builder().expectedSize(n).seed(seed).build();
      int segments = map.segmentCount();
      long buckets = map.loadStats().buckets();
      for (int i = 0; i < n; i++) {
        map.put(Key.spread(i), i);
      }
      assertEquals(segments, map.segmentCount(), "segments, seed " + seed);
      assertEquals(buckets, map.loadStats().buckets(), "buckets, seed " + seed);
      assertEquals(0, map.cuckooStats().rehashesForLoad(), "growths, seed " + seed);
      assertEquals(n, map.size());
    }
  }

  @Test
  void aPresizedMapGrowsOncePastItsExpectedSize() {
    int n = 10_000;
    ConcurrentCuckooHashMap<Key, Integer> map =
        ConcurrentCuckooHashMap.builder().expectedSize(n).seed(4).build();
    for (int i = 0; i < 3 * n; i++) {
      map.put(Key.spread(i), i);
    }
    assertTrue(map.cuckooStats().rehashesForLoad() > 0);
    assertTrue(map.loadStats().overflow() < n / 100, "overflow " + map.loadStats().overflow());
    assertEquals(3 * n, map.size());
  }

  @Test
  void clearKeepsTheSegmentsAndEmptiesThem() {
    ConcurrentCuckooHashMap<Key, Integer> map = smallSegments(5);
    for (int i = 0; i < 2_000; i++) {
      map.put(Key.spread(i), i);
    }
    int segments = map.segmentCount();
    long buckets = map.loadStats().buckets();
    map.clear();
    assertEquals(0, map.size());
    assertEquals(segments, map.segmentCount());
    assertEquals(buckets, map.loadStats().buckets());
    assertEquals(null, map.get(Key.spread(7)));
    map.put(Key.spread(7), 7);
    assertEquals(7, map.get(Key.spread(7)));
    assertEquals(1, map.size());
  }

  /**
   * A growth or a cuckoo path search that meets a throwing {@code hashCode()} leaves the map as it
   * was, but for the key of the put that threw, which is either stored (the map grows after an
   * insert that reached the load factor) or absent (a path search hashes other keys before the
   * insert), never anything else; the put succeeds once the keys behave.
   */
  @Test
  void aGrowthThatFailsLosesAndDuplicatesNothing() {
    ConcurrentCuckooHashMap<Object, Object> map =
        ConcurrentCuckooHashMap.builder().seed(6).splitKeys(SPLIT_KEYS).build();
    Map<Object, Object> model = new HashMap<>();
    int failures = 0;
    try {
      for (int i = 0; i < 3_000; i++) {
        FragileKey key = new FragileKey(i, i % 5 == 0);
        FragileKey.failing = !key.fragile;
        model.put(key, i);
        try {
          map.put(key, i);
        } catch (IllegalStateException expected) {
          failures++;
          FragileKey.failing = false;
          Object stored = map.get(key);
          assertTrue(stored == null || stored.equals(i), "the key of a failed put: " + stored);
          assertEquals(model.size() - (stored == null ? 1 : 0), map.size());
          map.put(key, i);
        }
        FragileKey.failing = false;
        assertEquals(model.size(), map.size());
      }
    } finally {
      FragileKey.failing = false;
    }
    assertTrue(failures > 0, "no growth met a throwing hashCode");
    assertEquals(model, map);
    assertEquals(model.size(), map.loadStats().size());
    assertThrows(NullPointerException.class, () -> map.put(null, 1));
  }
}
