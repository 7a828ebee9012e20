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
import java.util.SplittableRandom;
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
    assertEquals(32, buckets(above), "rebuilt once, at 16 entries (below 65 / 4), for 32");
  }

  /**
   * Puts keys {@code next[0]}, {@code next[0] - 1}, ... until a put finds its segment full; returns
   * that segment as it was before the put, which grew it, and leaves in {@code next[0]} the next
   * key to put.
   */
  private static Segment fillUntilASegmentGrows(
      AbstractSegmentedMap<Integer, Integer, ?> map, int[] next) {
    for (int key = next[0]; ; key--) {
      long hash = map.hash(key);
      Segment segment = map.segmentOf(hash);
      boolean full = map.isFullFor(hash);
      map.put(key, key);
      if (full) {
        next[0] = key - 1;
        return segment;
      }
    }
  }

  /**
   * A map grows one segment at a time: while the map has fewer than {@link Growth#DOUBLING_LIMIT}
   * places (slots of buckets, buckets of chains) a segment doubles, from there it grows by the
   * map's factor (4/3 for d-left, 3/2 for cuckoo and chains), and a segment that would pass {@link
   * AbstractSegmentedMap#SPLIT_KEYS} keys splits in two by one more bit of the hash, each half with
   * half of the grown size; no other segment changes.
   */
  @Test
  void segmentsDoubleBelowTheLimitGrowByTheMapsFactorFromItAndSplitPastTheSplitSize() {
    for (AbstractSegmentedMap<Integer, Integer, ?> map :
        List.<AbstractSegmentedMap<Integer, Integer, ?>>of(
            DLeftHashMap.builder().seed(6).build(),
            CuckooHashMap.builder().seed(8).build(),
            TwoChoiceHashMap.builder().seed(9).build())) {
      String name = map.getClass().getSimpleName();
      double factor = map instanceof DLeftHashMap ? 4.0 / 3 : 1.5;
      int splits = 0;
      int growthsFromTheLimit = 0;
      for (int key = 0; key < 200_000; key++) {
        map.put(key, key);
      }
      int[] next = {-1};
      while (splits < 3 || growthsFromTheLimit < 3) {
        int segments = map.segmentCount();
        long capacityBefore = map.capacity();
        Segment[] others = new Segment[segments];
        for (int i = 0; i < segments; i++) {
          others[i] = map.segment(i);
        }
        Segment grown = fillUntilASegmentGrows(map, next);
        int n = grown.units();
        int expected = (int) Math.ceil(n * (capacityBefore < Growth.DOUBLING_LIMIT ? 2 : factor));
        long expectedCapacity = (long) expected * (grown.capacity() / n);
        boolean splitsNow = expectedCapacity * map.loadFactor() > AbstractSegmentedMap.SPLIT_KEYS;
        if (splitsNow) {
          assertEquals(segments + 1, map.segmentCount(), name + ": split");
          assertEquals((expected + 1) / 2, map.segment(map.segmentCount() - 1).units());
          splits++;
        } else {
          assertEquals(segments, map.segmentCount(), name);
          growthsFromTheLimit++;
        }
        int changed = 0;
        for (int i = 0; i < segments; i++) {
          if (map.segment(i) != others[i]) {
            changed++;
            int grownTo = map.segment(i).units();
            assertEquals(splitsNow ? (expected + 1) / 2 : expected, grownTo, name);
          }
        }
        assertEquals(1, changed, name + ": one segment rebuilt");
      }
    }
  }

  /**
   * A small map is one segment that doubles from 16 places; at {@link
   * AbstractSegmentedMap#SPLIT_KEYS} places (room for 435 and 512 keys) it splits, and the
   * directory doubles with it.
   */
  @Test
  void aSmallMapIsOneSegmentThatDoublesThenSplits() {
    for (AbstractSegmentedMap<Integer, Integer, ?> map :
        List.<AbstractSegmentedMap<Integer, Integer, ?>>of(
            DLeftHashMap.builder().seed(7).build(), TwoChoiceHashMap.builder().seed(7).build())) {
      String name = map.getClass().getSimpleName();
      assertEquals(1, map.segmentCount(), name);
      assertEquals(1, map.directorySize(), name);
      assertEquals(16, map.segment(0).capacity(), name);
      int key = 0;
      for (int places = 16; places < AbstractSegmentedMap.SPLIT_KEYS; places *= 2) {
        assertEquals(places, map.segment(0).capacity(), name);
        while (map.segment(0).capacity() == places) {
          map.put(key, key);
          key++;
        }
        assertEquals(1, map.segmentCount(), name);
      }
      assertEquals(AbstractSegmentedMap.SPLIT_KEYS, map.segment(0).capacity(), name);
      while (map.segmentCount() == 1) {
        map.put(key, key);
        key++;
      }
      assertEquals(2, map.segmentCount(), name);
      assertEquals(2, map.directorySize(), name);
      assertEquals(AbstractSegmentedMap.SPLIT_KEYS, map.segment(0).capacity(), name);
      assertEquals(AbstractSegmentedMap.SPLIT_KEYS, map.segment(1).capacity(), name);
      for (int k = 0; k < key; k++) {
        assertEquals(k, map.get(k), name);
      }
    }
  }

  /**
   * Removing keys through a map merges its segments back, buddy by buddy, and halves the directory
   * when no segment is as deep as it, so a map that was large gives its memory back a segment at a
   * time; every key stays findable on the way.
   */
  @Test
  void removalsMergeSegmentsAndHalveTheDirectory() {
    for (AbstractSegmentedMap<Integer, Integer, ?> map :
        List.<AbstractSegmentedMap<Integer, Integer, ?>>of(
            DLeftHashMap.builder().seed(25).build(),
            CuckooHashMap.builder().seed(26).build(),
            TwoChoiceHashMap.builder().seed(28).build())) {
      String name = map.getClass().getSimpleName();
      List<Integer> keys = new java.util.ArrayList<>();
      for (int key = 0; key < 100_000; key++) {
        map.put(key, key);
        keys.add(key);
      }
      int segments = map.segmentCount();
      assertTrue(segments >= 16 && map.directorySize() >= 16, name + ": " + segments);
      java.util.Collections.shuffle(keys, new java.util.Random(27));
      for (int i = 0; i < keys.size(); i++) {
        assertEquals(keys.get(i), map.remove(keys.get(i)), name);
        if (i % 9973 == 0) {
          for (int j = i + 1; j < keys.size(); j += 101) {
            assertEquals(keys.get(j), map.get(keys.get(j)), name);
          }
        }
      }
      assertEquals(0, map.size(), name);
      assertEquals(1, map.segmentCount(), name);
      assertEquals(1, map.directorySize(), name);
      assertTrue(map.capacity() <= 64, name + ": " + map.capacity());
    }
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
      assertFalse(map.isFullFor(0), name);
      map.put(-1, -1);
      assertEquals(0, map.loadStats().overflow(), name);
      assertEquals(threshold, map.size(), name);
      assertTrue(map.isFullFor(0), name + " at " + threshold);
      assertEquals(buckets, buckets(map), name);
      map.put(-2, -2);
      assertTrue(buckets(map) > buckets, name + " grew at the next key");
    }
  }

  /**
   * {@code putAll} grows the table only if the new keys would pass the threshold, not if they reach
   * it exactly. A chained table at a load factor below 1 that doubled has more buckets than a table
   * presized for its threshold (32 against 30 at load 0.3, threshold 9), so a rebuild at the
   * threshold would change it. (The bucket maps grow a segment whenever it fills, so their
   * threshold is a sum, not a promise.)
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
      assertEquals(16, map.segment(0).slots(), name);
      long hash = map.hash(new Key(0, 0));
      assertNotEquals(map.segment(0).bucketOf(hash, 0), map.segment(0).bucketOf(hash, 1), name);
      for (int id = 0; id < 4; id++) {
        map.put(new Key(id, 0), id);
      }
      assertEquals(0, map.rehashesForFailedInsert(), name);
      map.put(new Key(4, 0), 4);
      assertEquals(1, map.rehashesForFailedInsert(), name);
      assertEquals(32, map.segment(0).slots(), name);
      assertEquals(1, map.loadStats().overflow(), name);
    }
  }

  /**
   * A d-left table at least half full lets a thirty-second of its keys wait in the overflow area
   * before a key that finds its buckets full grows its segment.
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
        assertEquals((inBuckets + waiting) / 32, waiting, "overflow entries when it grew");
      }
    }
  }

  /**
   * A growing d-left segment takes back the keys it left in the overflow area: afterwards every key
   * still there finds all its buckets in the new segment full, and the map holds the same mappings.
   */
  @Test
  void aGrowingDLeftSegmentTakesBackTheKeysItLeftInTheOverflowArea() {
    DLeftHashMap<Integer, Integer> map =
        DLeftHashMap.builder().slotsPerBucket(1).expectedSize(400).seed(35).build();
    SplittableRandom random = new SplittableRandom(36);
    while (map.overflow().size() < 8) {
      int key = random.nextInt();
      map.put(key, key);
    }
    assertEquals(1, map.segmentCount(), "one segment");
    Map<Integer, Integer> before = new HashMap<>(map);
    map.growFor(0);
    assertEquals(before, map);
    assertTrue(map.overflow().size() < 8, "some keys came back: " + map.overflow().size());
    for (int i = 0; i < map.overflow().size(); i++) {
      long hash = map.overflow().hashAt(i);
      BucketTable segment = map.segmentOf(hash);
      for (int c = 0; c < map.choices(); c++) {
        assertFalse(segment.hasRoom(segment.bucketOf(hash, c)), "a key the rule can place");
      }
    }
  }
}
