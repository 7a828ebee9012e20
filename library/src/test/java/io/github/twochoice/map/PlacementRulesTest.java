/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import io.github.twochoice.stats.LoadStats;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * The placement rules in situations built key by key from the maps' own hash functions, where a
 * random fill would leave the outcome to chance: ties between chains, the first chain entry outside
 * the inline heads, a growth that keeps every key's choice, and overflow entries whose homes
 * differ.
 */
class PlacementRulesTest {

  /** The first hash code from 1 on whose key satisfies {@code wanted}. */
  private static int firstHashCode(IntPredicate wanted) {
    int h = 1;
    while (!wanted.test(h)) {
      h++;
    }
    return h;
  }

  /** Bucket of choice {@code c} of hash code {@code h} in a chained map of {@code buckets}. */
  private static int chainBucket(ChainedHashMap<Key, Integer> map, int h, int c, int buckets) {
    return ChoiceHasher.bucket(ChoiceHasher.choice(map.hash(new Key(0, h)), c), buckets);
  }

  /**
   * A two-choice map of 16 buckets holding a key alone in bucket x, one alone in bucket y, and a
   * third key whose choices are x and then y: both chains have one entry.
   */
  private static TwoChoiceHashMap<Key, Integer> aTieBetweenTwoChains(List<Key> keys) {
    TwoChoiceHashMap<Key, Integer> map = TwoChoiceHashMap.builder().seed(31).build();
    assertEquals(16, map.threshold(), "one key per bucket, 16 buckets");
    int third = firstHashCode(h -> chainBucket(map, h, 0, 16) != chainBucket(map, h, 1, 16));
    int x = chainBucket(map, third, 0, 16);
    int y = chainBucket(map, third, 1, 16);
    Key inX = new Key(1, firstHashCode(h -> chainBucket(map, h, 0, 16) == x));
    Key inY = new Key(2, firstHashCode(h -> chainBucket(map, h, 0, 16) == y));
    Key tied = new Key(3, third);
    keys.addAll(List.of(inX, inY, tied));
    for (Key key : keys) {
      map.put(key, key.id());
    }
    return map;
  }

  @Test
  void aTieBetweenChainsGoesToTheEarlierChoice() {
    TwoChoiceHashMap<Key, Integer> map = aTieBetweenTwoChains(new ArrayList<>());
    LoadStats stats = map.loadStats();
    assertArrayEquals(new long[] {3, 0}, stats.entriesPerChoice(), "the third key joins x");
    assertArrayEquals(new long[] {14, 1, 1}, stats.histogram());
  }

  /**
   * The tied key is the first chain entry beyond the inline heads, so it sits at the first index of
   * the extra region, just past the buckets; removed, it must be unlinked from its chain like any
   * other.
   */
  @Test
  void removingTheFirstEntryOfTheExtraRegionShortensItsChain() {
    List<Key> keys = new ArrayList<>();
    TwoChoiceHashMap<Key, Integer> map = aTieBetweenTwoChains(keys);
    assertEquals(3, map.remove(keys.get(2)));
    LoadStats stats = map.loadStats();
    assertArrayEquals(new long[] {14, 2}, stats.histogram());
    assertEquals(1.0, stats.meanProbesHit(), 1e-12, "both keys are heads of their chains");
    assertEquals(List.of(1, 2), map.values().stream().sorted().toList());
  }

  /**
   * Doubling maps bucket k of every range to bucket 2k or 2k + 1 of the larger one, so no bucket
   * receives the keys of two old buckets and every key stays in the same choice.
   */
  @Test
  void aDoublingKeepsEveryKeyInItsChoice() {
    for (AbstractBucketMap<Integer, Integer> map :
        List.<AbstractBucketMap<Integer, Integer>>of(
            DLeftHashMap.builder().choices(3).expectedSize(200).seed(32).build(),
            CuckooHashMap.builder().choices(3).expectedSize(200).seed(33).build())) {
      for (int key = 0; key < 140; key++) {
        map.put(key, key);
      }
      LoadStats before = map.loadStats();
      assertEquals(0, before.overflow());
      assertTrue(before.entriesPerChoice()[2] > 0, "some keys live in their third choice");
      int bucketsPerRange = map.segment(0).bucketsPerRange();
      map.growFor(0); // the one segment
      assertEquals(1, map.segmentCount());
      assertEquals(2 * bucketsPerRange, map.segment(0).bucketsPerRange());
      assertArrayEquals(before.entriesPerChoice(), map.loadStats().entriesPerChoice());
    }
  }

  /**
   * Removing an overflow entry updates the count of its own home, not of another: here the first
   * entry of the area is removed, and the second, whose home is that of the 64-bit hash 0, must
   * still be found.
   */
  @Test
  void removingAnOverflowEntryKeepsTheOthersFindable() {
    DLeftHashMap<Key, Integer> map =
        DLeftHashMap.builder().slotsPerBucket(1).expectedSize(1000).seed(34).build();
    BucketTable table = map.segment(0);
    OverflowArea area = new OverflowArea(null); // as many homes as the map's holding two keys
    int homeOfZero = area.homeOf(0L);
    int first = firstHashCode(h -> area.homeOf(map.hash(new Key(0, h))) != homeOfZero);
    long firstHash = map.hash(new Key(0, first));
    int second =
        firstHashCode(
            h -> {
              long hash = map.hash(new Key(0, h));
              return area.homeOf(hash) == homeOfZero
                  && table.bucketOf(hash, 0) != table.bucketOf(firstHash, 0)
                  && table.bucketOf(hash, 1) != table.bucketOf(firstHash, 1);
            });
    for (int id = 0; id < 3; id++) {
      map.put(new Key(id, first), id); // two fill the buckets, the third overflows
    }
    for (int id = 3; id < 6; id++) {
      map.put(new Key(id, second), id);
    }
    assertEquals(2, map.loadStats().overflow());
    assertSame(table, map.segment(0), "no growth");
    Key firstInOverflow = (Key) map.overflow().keyAt(0);
    assertEquals(first, firstInOverflow.hash());
    // through an iterator, which never rebuilds the table (a rebuild would recount the homes)
    Iterator<Key> keys = map.keySet().iterator();
    while (!keys.next().equals(firstInOverflow)) {
      // on to it
    }
    keys.remove();
    assertSame(table, map.segment(0), "no rebuild");
    for (int id = 0; id < 6; id++) {
      Key key = new Key(id, id < 3 ? first : second);
      assertEquals(key.equals(firstInOverflow) ? null : (Integer) id, map.get(key), "" + key);
    }
  }
}
