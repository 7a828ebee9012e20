/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

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
 * A bucket map's lookup of an absent key names the less loaded of its two buckets (the first on
 * ties) when that bucket has room, and every write that adds a key stores it exactly there, as the
 * maps' rule ({@link BucketTable#leastLoadedBucket}) says, without searching again. Checked key by
 * key against the rule applied to the table just before the write, through every method that may
 * add a key, while the tables fill from empty to their load factor and grow.
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
    return Stream.of(dLeft, dLeftPairs, cuckoo, cuckooSingles)
        .flatMap(map -> WRITES.keySet().stream().sorted().map(write -> Arguments.of(map, write)));
  }

  @ParameterizedTest
  @MethodSource("mapsAndWrites")
  void anAbsentKeyGoesToTheBucketItsSearchNamed(
      Supplier<AbstractBucketMap<Object, Object>> maps, String write) {
    AbstractBucketMap<Object, Object> map = maps.get();
    SplittableRandom random = new SplittableRandom(11);
    int named = 0;
    for (int i = 0; i < 5_000; i++) {
      Integer key = random.nextInt();
      BucketTable before = map.table();
      long hash = map.hash(key);
      int answer = before.findToInsert(hash, key);
      if (answer >= 0) {
        continue; // a repeated random key
      }
      int rule = before.leastLoadedBucket(hash);
      boolean twoBucketsSearched = before.overflow().size() == 0;
      assertEquals(twoBucketsSearched && rule >= 0 ? -2 - rule : -1, answer, "the search's answer");
      assertEquals(-1, before.find(hash, key), "a read's answer");
      WRITES.get(write).accept(map, key);
      BucketTable after = map.table();
      int slot = after.find(hash, key);
      assertTrue(slot >= 0, "the key was added");
      if (after == before && rule >= 0) {
        assertEquals(rule, slot / after.slotsPerBucket(), "the key's bucket");
        named++;
      }
    }
    // every insert was checked but the few that grew the table and those that met two full
    // buckets: with one slot per bucket filled to at most half, at most a quarter of the inserts
    // find both of their buckets full even at the end of a fill, and fewer on average
    assertTrue(named > 3_500, named + " inserts checked");
  }
}
