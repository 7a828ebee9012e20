/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A map's lookup of an absent key names where the key goes, and every write that adds a key stores
 * it exactly there, without searching again: for a bucket map the less loaded of its two buckets
 * (the first on ties) when that bucket has room ({@link BucketTable#leastLoadedBucket}), for a
 * chained map the choice with the shortest chain (the first on ties, {@link
 * ChainedHashMap#shortestChoice}). Checked key by key against the rule applied to the table just
 * before the write, through every method that may add a key, while the tables fill from empty to
 * their load factor and grow.
 */
class SearchOncePlacementTest {
  /** The writes that may add a key, each adding {@code key} as its own value, by name. */
  private static final Map<String, BiConsumer<Map<Object, Object>, Object>> WRITES =
      Map.of(
          "put", (map, key) -> map.put(key, key),
          "putIfAbsent", (map, key) -> map.putIfAbsent(key, key),
          "computeIfAbsent", (map, key) -> map.computeIfAbsent(key, k -> k),
          "compute", (map, key) -> map.compute(key, (k, v) -> k),
          "merge", (map, key) -> map.merge(key, key, (x, y) -> x));

  static Stream<Arguments> mapsAndWrites() {
    Supplier<AbstractBucketMap<Object, Object>> dLeft =
        () -> DLeftHashMap.builder().seed(7).<Object, Object>build();
    Supplier<AbstractBucketMap<Object, Object>> dLeftPairs =
        () -> DLeftHashMap.builder().seed(7).slotsPerBucket(2).<Object, Object>build();
    Supplier<AbstractBucketMap<Object, Object>> cuckoo =
        () -> CuckooHashMap.builder().seed(7).<Object, Object>build();
    Supplier<AbstractBucketMap<Object, Object>> cuckooSingles =
        () ->
            CuckooHashMap.builder()
                .seed(7)
                .slotsPerBucket(1)
                .loadFactor(0.45)
                .<Object, Object>build();
    return withEveryWrite(Stream.of(dLeft, dLeftPairs, cuckoo, cuckooSingles));
  }

  /** Each of {@code maps} paired with the name of each write, in a fixed order. */
  private static Stream<Arguments> withEveryWrite(Stream<?> maps) {
    return maps.flatMap(
        map -> WRITES.keySet().stream().sorted().map(write -> Arguments.of(map, write)));
  }

  @ParameterizedTest
  @MethodSource("mapsAndWrites")
  void anAbsentKeyGoesToTheBucketItsSearchNamed(
      Supplier<AbstractBucketMap<Object, Object>> maps, String write) {
    AbstractBucketMap<Object, Object> map = maps.get();
    SplittableRandom random = new SplittableRandom(11);
    int named = 0;
    int namedBesideOverflow = 0;
    for (int i = 0; i < 5_000; i++) {
      Integer key = random.nextInt();
      long hash = map.hash(key);
      BucketTable before = map.segmentOf(hash);
      int answer = before.findToInsert(hash, key);
      if (answer >= 0) {
        continue; // a repeated random key
      }
      int rule = before.leastLoadedBucket(hash);
      assertEquals(rule >= 0 ? -2 - rule : -1, answer, "the search's answer");
      assertEquals(-1, before.find(hash, key), "a read's answer");
      WRITES.get(write).accept(map, key);
      assertTrue(map.find(hash, key) >= 0, "the key was added");
      BucketTable after = map.segmentOf(hash);
      int slot = after.find(hash, key);
      if (after == before && rule >= 0) {
        assertEquals(rule, slot / after.slotsPerBucket(), "the key's bucket");
        named++;
        if (map.overflow().size() > 0) {
          namedBesideOverflow++;
        }
      }
    }
    // every insert was checked but the few that grew the table and those that met two full
    // buckets: with one slot per bucket filled to at most half, at most a quarter of the inserts
    // find both of their buckets full even at the end of a fill, and fewer on average
    assertTrue(named > 3_500, named + " inserts checked");
    // the d-left rule never moves a key, so a few keys wait in the overflow area while the table
    // fills (192 of the checked inserts with 8-slot buckets, 4,570 with 2-slot buckets): the search
    // names the bucket beside a non-empty overflow area too, which the cuckoo maps never have
    if (map instanceof DLeftHashMap) {
      assertTrue(namedBesideOverflow > 0, "no insert checked beside a non-empty overflow area");
    }
  }

  static Stream<Arguments> chainedMapsAndWrites() {
    Supplier<ChainedHashMap<Object, Object>> twoChoice =
        () -> TwoChoiceHashMap.builder().seed(7).<Object, Object>build();
    Supplier<ChainedHashMap<Object, Object>> threeChoices =
        () -> TwoChoiceHashMap.builder().choices(3).seed(7).<Object, Object>build();
    Supplier<ChainedHashMap<Object, Object>> oneChoice =
        () -> OneChoiceHashMap.builder().seed(7).<Object, Object>build();
    return withEveryWrite(Stream.of(twoChoice, threeChoices, oneChoice));
  }

  @ParameterizedTest
  @MethodSource("chainedMapsAndWrites")
  void anAbsentKeyJoinsTheChainItsSearchNamed(
      Supplier<ChainedHashMap<Object, Object>> maps, String write) {
    ChainedHashMap<Object, Object> map = maps.get();
    SplittableRandom random = new SplittableRandom(13);
    int named = 0;
    for (int i = 0; i < 1_500; i++) {
      Integer key = random.nextInt();
      long hash = map.hash(key);
      int answer = map.findToInsert(hash, key);
      if (answer >= 0) {
        continue; // a repeated random key
      }
      int rule = map.segmentOf(hash).shortestChoice(hash);
      assertTrue(rule >= 0, "random keys never fill a chain to its limit");
      assertEquals(-2 - rule, answer, "the search's answer");
      assertEquals(-1, map.find(hash, key), "a read's answer");
      long threshold = map.threshold();
      long[] perChoice = map.loadStats().entriesPerChoice();
      WRITES.get(write).accept(map, key);
      assertTrue(map.find(hash, key) >= 0, "the key was added");
      if (map.threshold() == threshold) {
        perChoice[rule]++;
        assertArrayEquals(perChoice, map.loadStats().entriesPerChoice(), "the key's choice");
        named++;
      }
    }
    // every insert but the few that grew the table (about ten growths from 16 buckets)
    assertTrue(named > 1_450, named + " inserts checked");
  }
}
