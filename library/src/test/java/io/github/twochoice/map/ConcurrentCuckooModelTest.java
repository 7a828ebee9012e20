/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Random sequences of every {@link ConcurrentMap} operation, run on one thread on a {@link
 * ConcurrentCuckooHashMap} and on {@link ConcurrentHashMap}, which must agree on every result and,
 * every {@value #FULL_CHECK_EVERY} operations, on the whole contents, the size and the statistics'
 * entry count. Each configuration starts from one bucket and runs {@value #OPERATIONS} operations
 * (times {@code -Dtwochoice.modelEffort}) over {@value #KEY_RANGE} keys, one in 16 of them with one
 * shared hash code, so the sequences go through growth, cuckoo moves and the overflow area.
 */
class ConcurrentCuckooModelTest {
  private static final int OPERATIONS = 40_000 * Integer.getInteger("twochoice.modelEffort", 1);
  private static final int KEY_RANGE = 3000;
  private static final int FULL_CHECK_EVERY = 500;

  @TestFactory
  Stream<DynamicTest> agreesWithConcurrentHashMap() {
    return Stream.of(
        check("defaults", 1, ConcurrentCuckooHashMap::new),
        check(
            "d=2 b=1 load 0.45",
            2,
            () -> ConcurrentCuckooHashMap.builder().slotsPerBucket(1).loadFactor(0.45).build()),
        check(
            "d=2 b=2 load 0.9, two stripes",
            3,
            () ->
                ConcurrentCuckooHashMap.builder()
                    .slotsPerBucket(2)
                    .loadFactor(0.9)
                    .lockStripes(2)
                    .build()),
        check(
            "segments split at room for 16 keys",
            5,
            () -> ConcurrentCuckooHashMap.builder().splitKeys(16).build()),
        check(
            "d=3 b=4 load 1",
            4,
            () ->
                ConcurrentCuckooHashMap.builder()
                    .choices(3)
                    .slotsPerBucket(4)
                    .loadFactor(1)
                    .build()));
  }

  private static DynamicTest check(
      String name, long seed, Supplier<ConcurrentMap<Key, Integer>> factory) {
    return DynamicTest.dynamicTest(name, () -> run(seed, factory.get()));
  }

  private static Key key(int i) {
    return i % 16 == 0 ? new Key(i, 42) : Key.spread(i);
  }

  /** The function of the compute operations: v if absent, removal if equal to v, else a sum. */
  private static Integer remap(Integer old, int v) {
    if (old == null) {
      return v;
    }
    return old == v ? null : old + v;
  }

  private static void run(long seed, ConcurrentMap<Key, Integer> map) {
    ConcurrentMap<Key, Integer> model = new ConcurrentHashMap<>();
    SplittableRandom random = new SplittableRandom(seed);
    for (int op = 1; op <= OPERATIONS; op++) {
      // Grow the key range in waves, then shrink it, so that the maps fill up and empty out.
      int wave = (op / 4000) % 4;
      int range = 1 + KEY_RANGE * Math.min(wave + 1, 4 - wave) / 3;
      Key k = key(random.nextInt(Math.min(range, KEY_RANGE)));
      int v = random.nextInt(4);
      Object expected;
      Object actual;
      switch (random.nextInt(13)) {
        case 0, 1 -> {
          expected = model.put(k, v);
          actual = map.put(k, v);
        }
        case 2 -> {
          expected = model.putIfAbsent(k, v);
          actual = map.putIfAbsent(k, v);
        }
        case 3, 4 -> {
          expected = model.remove(k);
          actual = map.remove(k);
        }
        case 5 -> {
          expected = model.remove(k, v);
          actual = map.remove(k, v);
        }
        case 6 -> {
          expected = model.replace(k, v);
          actual = map.replace(k, v);
        }
        case 7 -> {
          int w = random.nextInt(4);
          expected = model.replace(k, v, w);
          actual = map.replace(k, v, w);
        }
        case 8 -> {
          expected = model.compute(k, (key, old) -> remap(old, v));
          actual = map.compute(k, (key, old) -> remap(old, v));
        }
        case 9 -> {
          expected = model.computeIfAbsent(k, key -> v == 0 ? null : Integer.valueOf(v));
          actual = map.computeIfAbsent(k, key -> v == 0 ? null : Integer.valueOf(v));
        }
        case 10 -> {
          expected = model.computeIfPresent(k, (key, old) -> old > 2 ? null : old + 1);
          actual = map.computeIfPresent(k, (key, old) -> old > 2 ? null : old + 1);
        }
        case 11 -> {
          expected = model.merge(k, v, (a, b) -> a + b > 5 ? null : a + b);
          actual = map.merge(k, v, (a, b) -> a + b > 5 ? null : a + b);
        }
        default -> {
          expected = model.get(k) + "/" + model.containsKey(k);
          actual = map.get(k) + "/" + map.containsKey(k);
        }
      }
      assertEquals(expected, actual, "operation " + op + " on " + k);
      if (op % FULL_CHECK_EVERY == 0) {
        assertEquals(model.size(), map.size(), "size after operation " + op);
        assertEquals(model, map, "contents after operation " + op);
        assertEquals(new HashMap<>(model), new HashMap<>(map));
        if (map instanceof ConcurrentCuckooHashMap<Key, Integer> cuckoo) {
          assertEquals(model.size(), cuckoo.loadStats().size(), "statistics' entry count");
        }
      }
    }
  }

  @Test
  void nullsAreRejectedAsByConcurrentHashMap() {
    ConcurrentCuckooHashMap<String, String> map = new ConcurrentCuckooHashMap<>();
    assertThrows(NullPointerException.class, () -> map.put(null, "v"));
    assertThrows(NullPointerException.class, () -> map.put("k", null));
    assertThrows(NullPointerException.class, () -> map.get(null));
    assertThrows(NullPointerException.class, () -> map.computeIfAbsent("k", null));
    assertThrows(NullPointerException.class, () -> map.merge("k", null, (a, b) -> a));
  }

  @Test
  void aKeySetOfAnExpectedSizeHoldsItWithoutGrowing() {
    ConcurrentCuckooHashMap.KeySetView<Integer, Boolean> set =
        ConcurrentCuckooHashMap.newKeySet(10_000);
    long buckets = set.getMap().loadStats().buckets();
    for (int i = 0; i < 10_000; i++) {
      assertTrue(set.add(i));
    }
    assertEquals(10_000, set.size());
    assertEquals(buckets, set.getMap().loadStats().buckets());
    assertTrue(set.getMappedValue());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ConcurrentCuckooHashMap.newKeySet(-1));
    assertTrue(e.getMessage().contains("expectedSize"), e.getMessage());
  }

  @Test
  void recursiveComputeIfAbsentOfTheSameKeyThrows() {
    ConcurrentCuckooHashMap<String, String> map = new ConcurrentCuckooHashMap<>();
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> map.computeIfAbsent("a", k -> map.computeIfAbsent("a", j -> "inner")));
    assertTrue(e.getMessage().contains("computeIfAbsent"));
    assertEquals(Map.of(), map);
  }

  @Test
  void callbacksMayWriteOtherKeysOfTheMap() {
    ConcurrentCuckooHashMap<Integer, Integer> map =
        ConcurrentCuckooHashMap.builder().slotsPerBucket(1).lockStripes(1).build();
    // With one stripe every key shares the lock: a callback run under it would deadlock here.
    for (int i = 0; i < 100; i++) {
      int key = i;
      map.computeIfAbsent(key, k -> map.computeIfAbsent(k + 1000, j -> j) - 1000);
      map.compute(key, (k, v) -> map.merge(k + 2000, 1, Integer::sum) + v);
      map.merge(key, 1, (a, b) -> map.put(key + 3000, a) == null ? a + b : a);
    }
    assertEquals(400, map.size());
    assertEquals(2, map.get(0));
  }

  @Test
  void aMapReportsTheSettingsItWasBuiltWith() {
    ConcurrentCuckooHashMap<String, String> map =
        ConcurrentCuckooHashMap.builder()
            .choices(3)
            .slotsPerBucket(2)
            .loadFactor(0.8)
            .seed(42)
            .lockStripes(8)
            .build();
    assertEquals(3, map.choices());
    assertEquals(2, map.slotsPerBucket());
    assertEquals(0.8, map.loadFactor());
    assertEquals(42, map.seed());
    assertEquals(8, map.lockStripes());
    ConcurrentCuckooHashMap<String, String> defaults = new ConcurrentCuckooHashMap<>();
    assertEquals(ConcurrentCuckooHashMap.DEFAULT_CHOICES, defaults.choices());
    assertEquals(ConcurrentCuckooHashMap.DEFAULT_SLOTS_PER_BUCKET, defaults.slotsPerBucket());
    assertEquals(ConcurrentCuckooHashMap.DEFAULT_LOAD_FACTOR, defaults.loadFactor());
    assertSame(map, map.keySet().getMap());
    assertNull(map.keySet().getMappedValue());
    assertEquals("v", map.keySet("v").getMappedValue());
  }

  @Test
  void aMapCopiesTheMappingsItIsGiven() {
    Map<String, Integer> source = new HashMap<>();
    for (int i = 0; i < 1000; i++) {
      source.put("k" + i, i);
    }
    ConcurrentCuckooHashMap<String, Integer> copy = new ConcurrentCuckooHashMap<>(source);
    assertEquals(source, copy);
    assertEquals(source.size(), copy.size());
    assertEquals(0, copy.cuckooStats().rehashesForLoad(), "sized for the mappings");
  }

  @Test
  void builderRejectsBadLockStripes() {
    for (int bad : new int[] {0, 3, 128, -1}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> ConcurrentCuckooHashMap.builder().lockStripes(bad));
      assertTrue(e.getMessage().contains("lockStripes"), e.getMessage());
    }
  }

  @Test
  void equalHashCodeFloodGoesToTheOverflowAreaWithoutGrowing() {
    ConcurrentCuckooHashMap<Key, Integer> map = new ConcurrentCuckooHashMap<>();
    for (int i = 0; i < 5000; i++) {
      map.put(new Key(i, 99), i);
    }
    for (int i = 0; i < 5000; i++) {
      assertEquals(i, map.get(new Key(i, 99)));
    }
    // At most d·b = 16 of them fit in the buckets; the rest overflow once the table is sparse
    // (less than half as full as its load factor), which it is after a few doublings.
    assertTrue(map.cuckooStats().stashSize() >= 5000 - 16, map.cuckooStats().toString());
    assertTrue(map.loadStats().buckets() <= 8, "the flood grew the table: " + map.loadStats());
    assertEquals(5000, map.loadStats().size());
  }
}
