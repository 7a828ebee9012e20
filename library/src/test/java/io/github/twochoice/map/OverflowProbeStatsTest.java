/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.github.twochoice.hash.ChoiceHasher;
import io.github.twochoice.stats.LoadStats;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The probe counts of {@code loadStats()} while the overflow area is in use, computed by hand from
 * each map's documented definition: keys with one hash code fill their d buckets (or chains), in a
 * known order, and the rest wait in the overflow area.
 */
class OverflowProbeStatsTest {
  private static final double EPS = 1e-12;

  private static List<Key> colliding(int count) {
    List<Key> keys = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      keys.add(new Key(i, 0));
    }
    return keys;
  }

  private static void putAll(AbstractFlatMap<Key, Integer> map, List<Key> keys) {
    for (Key key : keys) {
      map.put(key, key.id());
    }
  }

  /** The distinct buckets of the first {@code d} choices of hash code 0 among {@code buckets}. */
  private static int distinctChainedBuckets(long seed, int d, int buckets) {
    long hash = ChoiceHasher.seeded(seed).hashOf(0);
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < d; i++) {
      seen.add(ChoiceHasher.bucket(ChoiceHasher.choice(hash, i), buckets));
    }
    return seen.size();
  }

  @Test
  void oneChoiceCountsTheFullChainAndOneProbeForTheOverflowArea() {
    OneChoiceHashMap<Key, Integer> map =
        OneChoiceHashMap.builder().expectedSize(1000).seed(1).build();
    assertEquals(0.0, map.loadStats().meanProbesHit(), "an empty map");
    putAll(map, colliding(40));
    LoadStats stats = map.loadStats();
    assertEquals(1000, stats.buckets());
    assertEquals(24, stats.overflow());
    assertEquals(16, stats.maxLoad());
    assertEquals(999, stats.histogram()[0]);
    assertEquals(1, stats.histogram()[16]);
    assertArrayEquals(new long[] {16}, stats.entriesPerChoice());
    // the chain's keys: positions 1..16; each overflow key: the chain of 16, then the area
    assertEquals((136 + 24 * 17) / 40.0, stats.meanProbesHit(), EPS);
    assertEquals(16 / 1000.0 + 1, stats.meanProbesMiss(), EPS);
  }

  @Test
  void twoChoicesCountBothChainsBeforeTheOverflowArea() {
    long seed = 2;
    assertEquals(2, distinctChainedBuckets(seed, 2, 64), "the test needs two buckets");
    // 64 buckets: too few for a removal to shrink the table, enough to hold 40 keys
    TwoChoiceHashMap<Key, Integer> map =
        TwoChoiceHashMap.builder().expectedSize(64).seed(seed).build();
    putAll(map, colliding(40));
    LoadStats stats = map.loadStats();
    assertEquals(8, stats.overflow());
    assertArrayEquals(new long[] {16, 16}, stats.entriesPerChoice());
    // first chain: 1..16; second: 16 + (1..16); overflow: 16 + 16 + 1 each
    assertEquals((136 + 16 * 16 + 136 + 8 * 33) / 40.0, stats.meanProbesHit(), EPS);
    assertEquals(2 * 32 / 64.0 + 1, stats.meanProbesMiss(), EPS);

    // emptying the overflow area drops its probe
    for (Key key : colliding(40).subList(32, 40)) {
      map.remove(key);
    }
    LoadStats after = map.loadStats();
    assertEquals(0, after.overflow());
    assertEquals((136 + 16 * 16 + 136) / 32.0, after.meanProbesHit(), EPS);
    assertEquals(2 * 32 / 64.0, after.meanProbesMiss(), EPS);
  }

  /**
   * As above, with one more key alone in the bucket that a third choice of hash code 0 would give:
   * an overflow key's probes count its own d chains, not that one.
   */
  @Test
  void anOverflowKeyCountsOnlyItsOwnChains() {
    long seed = 2;
    TwoChoiceHashMap<Key, Integer> map =
        TwoChoiceHashMap.builder().expectedSize(64).seed(seed).build();
    long hash = ChoiceHasher.seeded(seed).hashOf(0);
    int beyond = ChoiceHasher.bucket(ChoiceHasher.choice(hash, 2), 64);
    assertEquals(3, distinctChainedBuckets(seed, 3, 64), "the test needs a third bucket");
    int other = 1;
    while (ChoiceHasher.bucket(ChoiceHasher.choice(map.hash(new Key(-1, other)), 0), 64)
        != beyond) {
      other++;
    }
    map.put(new Key(-1, other), -1);
    putAll(map, colliding(40));
    LoadStats stats = map.loadStats();
    assertEquals(8, stats.overflow());
    assertArrayEquals(new long[] {17, 16}, stats.entriesPerChoice());
    // the other key: 1 probe; the chains and the overflow keys as in the test above
    assertEquals((1 + 136 + 16 * 16 + 136 + 8 * 33) / 41.0, stats.meanProbesHit(), EPS);
  }

  @Test
  void threeChoicesAndAnotherKeyInTheFirstChain() {
    long seed = 3;
    assertEquals(3, distinctChainedBuckets(seed, 3, 1000), "the test needs three buckets");
    TwoChoiceHashMap<Key, Integer> map =
        TwoChoiceHashMap.builder().choices(3).expectedSize(1000).seed(seed).build();
    putAll(map, colliding(50));
    LoadStats stats = map.loadStats();
    assertEquals(2, stats.overflow());
    assertArrayEquals(new long[] {16, 16, 16}, stats.entriesPerChoice());
    long chains = 136 + (16 * 16 + 136) + (32 * 16 + 136);
    assertEquals((chains + 2 * 49) / 50.0, stats.meanProbesHit(), EPS);
    assertEquals(3 * 48 / 1000.0 + 1, stats.meanProbesMiss(), EPS);
  }

  @Test
  void dLeftCountsASubtablePerProbeAndDPlusOneForTheOverflowArea() {
    DLeftHashMap<Key, Integer> map =
        DLeftHashMap.builder().slotsPerBucket(1).expectedSize(1000).seed(4).build();
    assertEquals(0.0, map.loadStats().meanProbesHit(), "an empty map");
    assertEquals(2.0, map.loadStats().meanProbesMiss());
    putAll(map, colliding(40));
    LoadStats stats = map.loadStats();
    assertEquals(38, stats.overflow());
    assertArrayEquals(new long[] {1, 1}, stats.entriesPerChoice());
    assertEquals((1 + 2 + 38 * 3) / 40.0, stats.meanProbesHit(), EPS);
    assertEquals(3.0, stats.meanProbesMiss(), EPS);

    DLeftHashMap<Key, Integer> four =
        DLeftHashMap.builder().choices(4).slotsPerBucket(2).expectedSize(1000).seed(5).build();
    putAll(four, colliding(20));
    LoadStats s4 = four.loadStats();
    assertEquals(12, s4.overflow());
    assertArrayEquals(new long[] {2, 2, 2, 2}, s4.entriesPerChoice());
    assertEquals((2 * (1 + 2 + 3 + 4) + 12 * 5) / 20.0, s4.meanProbesHit(), EPS);
    assertEquals(5.0, s4.meanProbesMiss(), EPS);
    for (Key key : colliding(20)) {
      four.remove(key);
    }
    assertEquals(4.0, four.loadStats().meanProbesMiss(), EPS);
  }

  @Test
  void cuckooCountsAProbePerChoiceAndDPlusOneForTheStash() {
    CuckooHashMap<Key, Integer> map =
        CuckooHashMap.builder().slotsPerBucket(1).expectedSize(1000).seed(6).build();
    long hash = map.hash(new Key(0, 0));
    assertNotEquals(map.segmentOf(hash).bucketOf(hash, 0), map.segmentOf(hash).bucketOf(hash, 1));
    assertEquals(0.0, map.loadStats().meanProbesHit(), "an empty map");
    putAll(map, colliding(40));
    LoadStats stats = map.loadStats();
    assertEquals(38, stats.overflow());
    assertArrayEquals(new long[] {1, 1}, stats.entriesPerChoice());
    assertEquals((1 + 2 + 38 * 3) / 40.0, stats.meanProbesHit(), EPS);
    assertEquals(3.0, stats.meanProbesMiss(), EPS);
    assertEquals(38, map.cuckooStats().stashSize());

    CuckooHashMap<Key, Integer> three =
        CuckooHashMap.builder().choices(3).slotsPerBucket(2).expectedSize(1000).seed(7).build();
    long h3 = three.hash(new Key(0, 0));
    Set<Integer> buckets = new HashSet<>();
    for (int i = 0; i < 3; i++) {
      buckets.add(three.segmentOf(h3).bucketOf(h3, i));
    }
    assertEquals(3, buckets.size(), "the test needs three buckets");
    putAll(three, colliding(40));
    LoadStats s3 = three.loadStats();
    assertEquals(34, s3.overflow());
    assertArrayEquals(new long[] {2, 2, 2}, s3.entriesPerChoice());
    assertEquals((2 * (1 + 2 + 3) + 34 * 4) / 40.0, s3.meanProbesHit(), EPS);
    assertEquals(4.0, s3.meanProbesMiss(), EPS);
    for (Key key : colliding(40)) {
      three.remove(key);
    }
    assertEquals(3.0, three.loadStats().meanProbesMiss(), EPS);
  }
}
