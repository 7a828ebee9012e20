/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import io.github.twochoice.stats.CuckooStats;
import io.github.twochoice.stats.LoadStats;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Where {@link ConcurrentCuckooHashMap} puts each key, on one thread, slot by slot, against a model
 * of the rule written here from scratch: a key goes to its least loaded bucket with room (the
 * earliest choice on ties); a key whose d buckets are all full moves the fewest keys that free one
 * of them (a breadth-first search over the layout, level by level), each moved key to another of
 * its own buckets, and no other key; the eviction-path count of that length goes up by one. An
 * update, a compute call and a removal move nothing. The bucket loads and choices of {@code
 * loadStats()} are counted from the layout too.
 */
class ConcurrentCuckooPlacementTest {

  @Test
  void eachInsertGoesWhereTheRuleSaysInTheClassicLayout() {
    placeAndCheck(ConcurrentCuckooHashMap.builder().slotsPerBucket(1).loadFactor(0.49), 1, 1, 600);
  }

  @Test
  void eachInsertGoesWhereTheRuleSaysWhileTheMapGrowsAndSplits() {
    placeAndCheck(ConcurrentCuckooHashMap.builder().slotsPerBucket(1).loadFactor(0.49), 1, 4, 0);
  }

  @Test
  void eachInsertGoesWhereTheRuleSaysWithinItsStripe() {
    placeAndCheck(ConcurrentCuckooHashMap.builder().slotsPerBucket(1).loadFactor(0.49), 4, 2, 600);
  }

  @Test
  void eachInsertGoesWhereTheRuleSaysWithThreeChoicesOfTwoSlots() {
    placeAndCheck(
        ConcurrentCuckooHashMap.builder().choices(3).slotsPerBucket(2).loadFactor(0.9), 1, 3, 600);
  }

  /**
   * A growth copies each key into the new segment, which no other thread sees yet, by the same
   * rule: its least loaded bucket, the earliest choice on ties, whichever bucket that is (bucket 0
   * among them).
   */
  @Test
  void aGrowthPlacesEachKeyInItsLeastLoadedBucket() {
    CuckooPath path = new CuckooPath();
    int toBucketZeroAsSecondChoice = 0;
    for (long seed = 1; seed <= 10; seed++) {
      ConcurrentCuckooTable t =
          new ConcurrentCuckooTable(2, 4, 16, 1, 0, 0, false, ChoiceHasher.seeded(seed), null);
      for (int i = 0; i < t.slots() / 2; i++) {
        Integer key = i * 0x9E37_79B9;
        long hash = t.hashOf(key);
        int least = leastLoadedIn(t, layout(t), hash);
        t.placeAlone(hash, key, i, path);
        assertTrue(least >= 0, "half full, key " + key + " has a bucket with room");
        assertEquals(least, t.bucketOfSlot(slotOf(layout(t), key)), "the bucket of key " + key);
        toBucketZeroAsSecondChoice += least == 0 && t.bucketOf(hash, 0) != 0 ? 1 : 0;
      }
    }
    assertTrue(toBucketZeroAsSecondChoice > 0, "some key's least loaded bucket is bucket 0");
  }

  /**
   * Puts 600 keys into a map presized for {@code expectedSize}, checking each insert against the
   * model in the segment it went to (a segment that grew after the insert keeps its frozen layout),
   * then updates, computes and removes keys, checking that none of them moves another key.
   */
  private static void placeAndCheck(
      ConcurrentCuckooHashMap.Builder builder, int lockStripes, long seed, int expectedSize) {
    int n = 600;
    ConcurrentCuckooHashMap<Integer, Integer> map =
        builder.expectedSize(expectedSize).seed(seed).lockStripes(lockStripes).build();
    long[] expectedPaths = new long[64];
    int longest = 0;
    int withoutPath = 0;
    for (int i = 0; i < n; i++) {
      Integer key = i;
      ConcurrentCuckooTable t = map.segmentOf(key);
      Object[] before = layout(t);
      int moves = movesNeeded(t, before, t.hashOf(key));
      CuckooStats was = map.cuckooStats();
      assertNull(map.put(key, -i), "an insert has no old value");
      CuckooStats now = map.cuckooStats();
      if (moves < 0) {
        withoutPath++;
        assertNoPathInsert(map, key, t, before, was, now);
        System.arraycopy(now.evictionPaths(), 0, expectedPaths, 0, now.evictionPaths().length);
        longest = Math.max(longest, now.evictionPaths().length - 1);
        continue;
      }
      boolean grew = map.segmentOf(key) != t;
      assertEquals(
          was.rehashesForLoad() + (grew ? 1 : 0),
          now.rehashesForLoad(),
          "a segment replaced after an insert with a path grew once, for its load");
      if (expectedSize == 0 && lockStripes == 1) {
        // segments not made for an expected size, of one stripe: they grow at their load factor
        assertEquals(
            grew,
            t.keysInBuckets() >= map.loadFactor() * t.slots(),
            "the segment grew iff the insert brought it to its load factor");
      }
      Object[] after = layout(t);
      int slot = slotOf(after, key);
      assertTrue(slot >= 0, "key " + key + " in a bucket of its segment");
      assertTrue(isOwnBucket(t, key, t.bucketOfSlot(slot)), "key " + key + " in its own bucket");
      if (moves == 0) {
        assertEquals(
            leastLoadedIn(t, before, t.hashOf(key)),
            t.bucketOfSlot(slot),
            "key " + key + " in its least loaded bucket, the earliest choice on ties");
      }
      assertEquals(moves, movedKeys(t, before, after), "keys moved by the insert of " + key);
      expectedPaths[moves]++;
      longest = Math.max(longest, moves);
      assertArrayEquals(
          Arrays.copyOf(expectedPaths, longest + 1),
          now.evictionPaths(),
          "eviction paths after the insert of " + key);
    }
    assertTrue(longest >= 2, "paths of two moves and more: " + longest);
    assertEquals(
        withoutPath,
        map.cuckooStats().rehashesForFailedInsert() + map.cuckooStats().stashInsertions());
    assertLoadsMatchTheLayout(map, n, n);

    Map<ConcurrentCuckooTable, Object[]> still = new HashMap<>();
    for (int i = 0; i < n; i++) {
      ConcurrentCuckooTable t = map.segmentOf(i);
      still.put(t, layout(t));
    }
    for (int i = 0; i < n; i += 3) {
      Integer key = i;
      assertEquals(-i, map.put(key, i));
      assertEquals(i, map.compute(key, (k, v) -> v + 1) - 1);
      assertEquals(i + 1, map.merge(key, 1, Integer::sum) - 1);
      assertEquals(i, map.computeIfPresent(key, (k, v) -> v - 2));
      assertEquals(i, map.replace(key, -i));
    }
    for (Map.Entry<ConcurrentCuckooTable, Object[]> segment : still.entrySet()) {
      assertArrayEquals(
          segment.getValue(), layout(segment.getKey()), "updates and compute calls move no key");
    }
    for (int i = 0; i < n; i += 2) {
      Integer key = i;
      ConcurrentCuckooTable t = map.segmentOf(key);
      Object[] before = layout(t);
      int slot = slotOf(before, key);
      long overflow = map.cuckooStats().stashSize();
      assertEquals(-i, map.remove(key));
      if (slot >= 0) {
        before[slot] = null;
      } else {
        assertEquals(overflow - 1, map.cuckooStats().stashSize(), "removed from the overflow");
      }
      assertArrayEquals(before, layout(t), "a removal empties the key's slot and nothing else");
    }
    assertLoadsMatchTheLayout(map, n, n / 2);
  }

  /**
   * An insert for which no path exists: the key goes to the overflow area of its segment, moving
   * nothing, or the segment grows (is replaced) and the key goes into the larger one; either way
   * the key is counted once, and growth moves no key's count.
   */
  private static void assertNoPathInsert(
      ConcurrentCuckooHashMap<Integer, Integer> map,
      Integer key,
      ConcurrentCuckooTable t,
      Object[] before,
      CuckooStats was,
      CuckooStats now) {
    boolean stashed = now.stashInsertions() == was.stashInsertions() + 1;
    boolean grew = now.rehashesForFailedInsert() > was.rehashesForFailedInsert();
    assertTrue(stashed ^ grew, "key " + key + ": stashed " + stashed + ", grew " + grew);
    if (stashed) {
      assertSame(t, map.segmentOf(key));
      assertArrayEquals(before, layout(t), "an overflow insert moves no key");
      assertEquals(was.stashSize() + 1, now.stashSize());
    } else {
      assertNotSame(t, map.segmentOf(key), "the full segment was replaced");
      assertTrue(slotOf(layout(map.segmentOf(key)), key) >= 0 || now.stashSize() > was.stashSize());
    }
    assertEquals(sum(was.evictionPaths()) + (grew ? 1 : 0), sum(now.evictionPaths()));
    assertEquals(-key, map.get(key));
  }

  private static long sum(long[] counts) {
    return Arrays.stream(counts).sum();
  }

  /** The keys of {@code t}, slot by slot: null for an empty slot. */
  private static Object[] layout(ConcurrentCuckooTable t) {
    Object[] keys = new Object[t.slots()];
    for (int slot = 0; slot < keys.length; slot++) {
      keys[slot] = t.isOccupied(slot) ? t.keyAt(slot) : null;
    }
    return keys;
  }

  private static int slotOf(Object[] layout, Object key) {
    int found = -1;
    for (int slot = 0; slot < layout.length; slot++) {
      if (key.equals(layout[slot])) {
        assertEquals(-1, found, "key " + key + " in one slot only");
        found = slot;
      }
    }
    return found;
  }

  private static boolean isOwnBucket(ConcurrentCuckooTable t, Object key, int bucket) {
    long hash = t.hashOf(key);
    for (int i = 0; i < t.choices(); i++) {
      if (t.bucketOf(hash, i) == bucket) {
        return true;
      }
    }
    return false;
  }

  /** Counts the keys of {@code before} that changed slot, each into another of its buckets. */
  private static int movedKeys(ConcurrentCuckooTable t, Object[] before, Object[] after) {
    int moved = 0;
    for (int slot = 0; slot < before.length; slot++) {
      Object key = before[slot];
      if (key != null && after[slot] != key) {
        int now = slotOf(after, key);
        assertTrue(now >= 0, "moved key " + key + " still in the table");
        assertNotEquals(t.bucketOfSlot(slot), t.bucketOfSlot(now), "moved to another bucket");
        assertTrue(isOwnBucket(t, key, t.bucketOfSlot(now)), "moved into one of its buckets");
        moved++;
      }
    }
    return moved;
  }

  /**
   * The fewest moves that free a slot in one of the buckets of a key with {@code hash}, in {@code
   * layout}: 0 if one has room; else the depth, level by level, at which a chain of keys, each sent
   * to another of its buckets, first reaches a bucket with room.
   */
  private static int movesNeeded(ConcurrentCuckooTable t, Object[] layout, long hash) {
    int b = t.slotsPerBucket();
    Set<Integer> level = new HashSet<>();
    for (int i = 0; i < t.choices(); i++) {
      level.add(t.bucketOf(hash, i));
    }
    Set<Integer> seen = new HashSet<>(level);
    for (int depth = 0; !level.isEmpty(); depth++) {
      for (int bucket : level) {
        if (loadIn(layout, bucket, b) < b) {
          return depth;
        }
      }
      Set<Integer> next = new HashSet<>();
      ArrayDeque<Integer> buckets = new ArrayDeque<>(level);
      for (int bucket : buckets) {
        for (int j = 0; j < b; j++) {
          long residentHash = t.hashOf(layout[bucket * b + j]);
          for (int i = 0; i < t.choices(); i++) {
            int other = t.bucketOf(residentHash, i);
            if (seen.add(other)) {
              next.add(other);
            }
          }
        }
      }
      level = next;
    }
    return -1;
  }

  /** The model's choice for a key with {@code hash}: its least loaded bucket, earliest on ties. */
  private static int leastLoadedIn(ConcurrentCuckooTable t, Object[] layout, long hash) {
    int b = t.slotsPerBucket();
    int target = -1;
    int fewest = b;
    for (int i = 0; i < t.choices(); i++) {
      int bucket = t.bucketOf(hash, i);
      if (loadIn(layout, bucket, b) < fewest) {
        target = bucket;
        fewest = loadIn(layout, bucket, b);
      }
    }
    return target;
  }

  private static int loadIn(Object[] layout, int bucket, int b) {
    int load = 0;
    for (int j = 0; j < b; j++) {
      if (layout[bucket * b + j] != null) {
        load++;
      }
    }
    return load;
  }

  /** The histogram of bucket loads and the keys per choice, counted from every segment's layout. */
  private static void assertLoadsMatchTheLayout(
      ConcurrentCuckooHashMap<Integer, ?> map, int keys, int size) {
    int b = map.slotsPerBucket();
    long[] histogram = new long[b + 1];
    long[] perChoice = new long[map.choices()];
    Set<ConcurrentCuckooTable> segments = new HashSet<>();
    for (int i = 0; i < keys; i++) {
      segments.add(map.segmentOf(i));
    }
    for (ConcurrentCuckooTable t : segments) {
      Object[] layout = layout(t);
      for (int bucket = 0; bucket < t.buckets(); bucket++) {
        histogram[loadIn(layout, bucket, b)]++;
        for (int j = 0; j < b; j++) {
          Object key = layout[bucket * b + j];
          if (key != null) {
            long hash = t.hashOf(key);
            int i = 0;
            while (t.bucketOf(hash, i) != bucket) {
              i++;
            }
            perChoice[i]++;
          }
        }
      }
    }
    LoadStats loads = map.loadStats();
    assertEquals(size, loads.size());
    assertEquals(map.segmentCount(), segments.size(), "every segment holds one of the keys");
    assertArrayEquals(histogram, loads.histogram());
    assertArrayEquals(perChoice, loads.entriesPerChoice());
    long overflow = map.cuckooStats().stashSize();
    assertEquals(overflow, loads.overflow());
    double probes = overflow * (map.choices() + 1);
    for (int i = 0; i < perChoice.length; i++) {
      probes += perChoice[i] * (i + 1);
    }
    assertEquals(probes / size, loads.meanProbesHit(), 1e-12, "a key of choice i costs i + 1");
    assertEquals(
        map.choices() + (overflow > 0 ? 1 : 0),
        loads.meanProbesMiss(),
        "a miss reads every bucket, and the overflow area if it holds keys");
  }
}
