/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The write path hashes a key once and searches for it once: every method that may add a key calls
 * its {@code hashCode()} exactly once when the key is absent and the table has room, and a lookup
 * of a key whose first bucket is the home of no overflow entry does not consult the overflow area
 * (which would hash the key again).
 */
class WritePathTest {
  /**
   * A key that counts the calls of its {@code hashCode()} and remembers the keys its {@code equals}
   * was asked about.
   */
  private static final class CountingKey {
    private final int value;
    private final int hash;
    int hashCodeCalls;
    final List<Object> comparedWith = new ArrayList<>();

    CountingKey(int value, int hash) {
      this.value = value;
      this.hash = hash;
    }

    @Override
    public int hashCode() {
      hashCodeCalls++;
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      comparedWith.add(o);
      return o instanceof CountingKey other && other.value == value;
    }
  }

  static Stream<Supplier<Map<Object, Object>>> maps() {
    return Stream.of(
        () -> OneChoiceHashMap.builder().expectedSize(10_000).seed(1).build(),
        () -> TwoChoiceHashMap.builder().expectedSize(10_000).seed(2).build(),
        () -> DLeftHashMap.builder().expectedSize(10_000).seed(3).build(),
        () -> CuckooHashMap.builder().expectedSize(10_000).seed(4).build());
  }

  static Stream<BiConsumer<Map<Object, Object>, Object>> writes() {
    return Stream.of(
        (map, key) -> map.put(key, "v"),
        (map, key) -> map.putIfAbsent(key, "v"),
        (map, key) -> map.computeIfAbsent(key, k -> "v"),
        (map, key) -> map.compute(key, (k, v) -> "v"),
        (map, key) -> map.merge(key, "v", (a, b) -> a));
  }

  static Stream<Arguments> mapsAndWrites() {
    return maps().flatMap(m -> writes().map(w -> Arguments.of(m, w)));
  }

  /** 100 keys first (so the key's buckets may be occupied), then each write of a new key. */
  @ParameterizedTest
  @MethodSource("mapsAndWrites")
  void addingAnAbsentKeyHashesItOnce(
      Supplier<Map<Object, Object>> factory, BiConsumer<Map<Object, Object>, Object> write) {
    Map<Object, Object> map = factory.get();
    for (int i = 0; i < 100; i++) {
      map.put(new CountingKey(i, i * 0x9E3779B9), i);
    }
    for (int i = 100; i < 200; i++) {
      CountingKey key = new CountingKey(i, i * 0x9E3779B9);
      write.accept(map, key);
      assertEquals(1, key.hashCodeCalls, "hashCode() calls adding key " + i);
      assertEquals("v", map.get(key));
    }
  }

  /**
   * 64 keys with one hash code fill their buckets and reach the overflow area. A lookup of another
   * key consults the overflow area, and so hashes the key a second time, only if its first bucket
   * is the home of the 64: about {@code 200 / buckets} of 200 lookups (at most 0.3 here), where
   * every lookup would without the per-home counts.
   */
  @ParameterizedTest
  @MethodSource("maps")
  void overflowIsConsultedOnlyForKeysThatMayBeThere(Supplier<Map<Object, Object>> factory) {
    Map<Object, Object> map = factory.get();
    for (int i = 0; i < 64; i++) {
      map.put(new CountingKey(-1 - i, 42), i);
    }
    int hashedTwice = 0;
    for (int i = 0; i < 200; i++) {
      CountingKey key = new CountingKey(i, i * 0x9E3779B9 + 1);
      assertNull(map.get(key));
      map.put(key, i);
      CountingKey copy = new CountingKey(i, i * 0x9E3779B9 + 1);
      assertEquals(i, map.get(copy));
      assertEquals(1, copy.hashCodeCalls, "a key in a bucket is found before the overflow area");
      hashedTwice += key.hashCodeCalls > 2 ? 1 : 0; // get, then put, each hashing once
    }
    assertTrue(hashedTwice <= 3, hashedTwice + " of 200 missing keys consulted the overflow area");
  }

  /**
   * An entry reads and writes its value where it last saw its key, without hashing the key again,
   * while the key stays there; the entry at index 0 too.
   */
  @ParameterizedTest
  @MethodSource("maps")
  void anEntryUsesItsValueWithoutHashingItsKeyAgain(Supplier<Map<Object, Object>> factory) {
    AbstractFlatMap<Object, Object> map = (AbstractFlatMap<Object, Object>) factory.get();
    for (int i = 0; map.nextLive(0) != 0; i++) {
      map.put(new CountingKey(i, i * 0x9E3779B9 + 1), i);
    }
    for (Map.Entry<Object, Object> entry : map.entrySet()) {
      CountingKey key = (CountingKey) entry.getKey();
      int calls = key.hashCodeCalls;
      entry.setValue(entry.getValue() + "!");
      assertTrue(entry.getValue().toString().endsWith("!"));
      assertEquals(calls, key.hashCodeCalls, "hashCode() calls of " + key.value);
    }
  }

  /**
   * A lookup compares its key only with keys it may hold: keys with a bucket among its d choices
   * (each stored key lives in one of its own). Had a chained map's search read one chain more, 2000
   * misses at one key per bucket would compare with about 15 keys of that chain (one key on
   * average, with a tag in common 1 time in 128).
   */
  @ParameterizedTest
  @MethodSource("maps")
  void aLookupComparesItsKeyOnlyWithKeysOfItsBuckets(Supplier<Map<Object, Object>> factory) {
    AbstractFlatMap<Object, Object> map = (AbstractFlatMap<Object, Object>) factory.get();
    for (int i = 0; i < 10_000; i++) {
      map.put(new CountingKey(i, i * 0x9E3779B9 + 1), i);
    }
    int compared = 0;
    for (int i = 10_000; i < 12_000; i++) {
      CountingKey key = new CountingKey(i, i * 0x9E3779B9 + 1);
      assertNull(map.get(key));
      Set<List<Object>> buckets = choiceBuckets(map, key);
      for (Object stored : key.comparedWith) {
        Set<List<Object>> shared = new HashSet<>(choiceBuckets(map, stored));
        shared.retainAll(buckets);
        assertFalse(shared.isEmpty(), "a miss compared with a key of no bucket of its own");
        compared++;
      }
    }
    assertTrue(compared > 0, "some tags matched");
  }

  /** The buckets of a key's d choices, each with its segment, by the map's rule. */
  private static Set<List<Object>> choiceBuckets(AbstractFlatMap<Object, Object> map, Object key) {
    long hash = map.hash(key);
    Set<List<Object>> buckets = new HashSet<>();
    for (int c = 0; c < map.choices(); c++) {
      if (map instanceof AbstractBucketMap<?, ?> bucketMap) {
        BucketTable segment = bucketMap.segmentOf(hash);
        buckets.add(List.of(segment, segment.bucketOf(hash, c)));
      } else {
        ChainTable segment = ((ChainedHashMap<?, ?>) map).segmentOf(hash);
        buckets.add(List.of(segment, segment.bucketOf(hash, c)));
      }
    }
    return buckets;
  }
}
