/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * How tables size themselves: the {@code (expectedSize, loadFactor)} and copy constructors, {@code
 * putAll}/{@code addAll} growing once, removals shrinking a mostly empty table, and {@code trim()}
 * giving memory back; no entry is lost or duplicated on the way.
 */
class SizingTest {
  private static final int N = 20_000;

  private static final Map<String, Supplier<AbstractFlatMap<Integer, Integer>>> MAPS =
      Map.of(
          "OneChoiceHashMap", OneChoiceHashMap::new,
          "TwoChoiceHashMap", TwoChoiceHashMap::new,
          "DLeftHashMap", DLeftHashMap::new,
          "CuckooHashMap", CuckooHashMap::new);

  @TestFactory
  Stream<DynamicTest> removingMostEntriesShrinksTheTable() {
    return MAPS.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> shrinks(e.getValue().get())));
  }

  private static void shrinks(AbstractFlatMap<Integer, Integer> map) {
    for (int i = 0; i < N; i++) {
      map.put(i, i);
    }
    long full = map.loadStats().buckets();
    for (int i = 0; i < N - 100; i++) {
      assertEquals(i, map.remove(i));
    }
    long shrunk = map.loadStats().buckets();
    // 100 keys left: the table shrank at least twice by a factor of 2 on the way down.
    assertTrue(shrunk * 16 < full, "buckets " + full + " -> " + shrunk);
    assertEquals(100, map.size());
    for (int i = N - 100; i < N; i++) {
      assertEquals(i, map.get(i), "key " + i);
    }
    map.trim();
    assertEquals(100, map.size());
    assertTrue(map.loadStats().buckets() <= shrunk);
  }

  @TestFactory
  Stream<DynamicTest> trimAfterIteratorRemovalGivesMemoryBack() {
    return MAPS.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> trims(e.getValue().get())));
  }

  private static void trims(AbstractFlatMap<Integer, Integer> map) {
    for (int i = 0; i < N; i++) {
      map.put(i, -i);
    }
    long full = map.loadStats().buckets();
    // an iterator's removals never rebuild the table under it
    for (Iterator<Integer> it = map.keySet().iterator(); it.hasNext(); ) {
      if (it.next() % 50 != 0) {
        it.remove();
      }
    }
    assertEquals(full, map.loadStats().buckets());
    assertEquals(N / 50, map.size());
    map.trim();
    assertTrue(map.loadStats().buckets() * 10 < full, "trim left " + map.loadStats().buckets());
    Map<Integer, Integer> expected = new HashMap<>();
    for (int i = 0; i < N; i += 50) {
      expected.put(i, -i);
    }
    assertEquals(expected, map);
  }

  @Test
  void putAllGrowsOnceNotStepByStep() {
    Map<Integer, Integer> source = new HashMap<>();
    for (int i = 0; i < N; i++) {
      source.put(i, i);
    }
    CuckooHashMap<Integer, Integer> cuckoo = new CuckooHashMap<>();
    cuckoo.putAll(source);
    assertEquals(source, cuckoo);
    assertEquals(0, cuckoo.cuckooStats().rehashesForLoad(), "grown by putAll's presizing only");

    CuckooHashMap<Integer, Integer> stepByStep = new CuckooHashMap<>();
    source.forEach(stepByStep::put);
    assertTrue(stepByStep.cuckooStats().rehashesForLoad() > 5, "put grows many times");

    TwoChoiceHashMap<Integer, Integer> copy = new TwoChoiceHashMap<>(source);
    assertEquals(source, copy);
    assertEquals(
        TwoChoiceHashMap.builder().expectedSize(N).build().loadStats().buckets(),
        copy.loadStats().buckets(),
        "the copy constructor sizes the table for the source");
  }

  @Test
  void addAllGrowsOnceAndSetsShrink() {
    List<Integer> elements = new java.util.ArrayList<>();
    for (int i = 0; i < N; i++) {
      elements.add(i);
    }
    CuckooHashSet<Integer> cuckoo = new CuckooHashSet<>();
    cuckoo.addAll(elements);
    assertEquals(0, cuckoo.cuckooStats().rehashesForLoad());
    for (Set<Integer> set :
        List.<Set<Integer>>of(
            new TwoChoiceHashSet<>(elements), new DLeftHashSet<>(elements), cuckoo)) {
      assertEquals(new HashSet<>(elements), set);
      long full = ((LoadReporting) set).loadStats().buckets();
      set.removeIf(i -> i >= N / 2); // through the iterator: no shrinking
      assertEquals(full, ((LoadReporting) set).loadStats().buckets());
      for (int i = 100; i < N / 2; i++) {
        set.remove(i); // through remove: shrinks, one part of the table at a time
      }
      assertTrue(((LoadReporting) set).loadStats().buckets() * 16 < full);
      assertEquals(100, set.size());
    }
  }

  @Test
  void trimGivesASetsMemoryBackAfterIteratorRemovals() {
    List<Integer> elements = new java.util.ArrayList<>();
    for (int i = 0; i < N; i++) {
      elements.add(i);
    }
    for (AbstractFlatSet<Integer, ?> set :
        List.<AbstractFlatSet<Integer, ?>>of(
            TwoChoiceHashSet.builder().seed(3).build(),
            DLeftHashSet.builder().seed(4).build(),
            CuckooHashSet.builder().seed(5).build())) {
      set.addAll(elements);
      long full = set.loadStats().buckets();
      set.removeIf(i -> i % 50 != 0);
      assertEquals(full, set.loadStats().buckets(), "iterator removals never rebuild");
      set.trim();
      assertTrue(set.loadStats().buckets() * 10 < full, "trim left " + set.loadStats().buckets());
      assertEquals(N / 50, set.size());
      assertTrue(set.contains(0) && set.contains(N - 50) && !set.contains(1));
    }
    assertEquals(3, TwoChoiceHashSet.builder().seed(3).build().seed());
    assertEquals(4, DLeftHashSet.builder().seed(4).build().seed());
    assertEquals(5, CuckooHashSet.builder().seed(5).build().seed());
  }

  @Test
  void expectedSizeAndLoadFactorConstructors() {
    assertEquals(0.5, new TwoChoiceHashMap<>(100, 0.5f).loadFactor());
    assertEquals(200, new TwoChoiceHashMap<>(100, 0.5f).loadStats().buckets());
    assertEquals(2.0, new OneChoiceHashMap<>(100, 2f).loadFactor());
    assertEquals(0.5, new DLeftHashMap<>(1000, 0.5f).loadFactor());
    assertEquals(0.75, new CuckooHashMap<>(1000, 0.75f).loadFactor());
    assertEquals(0.5, new TwoChoiceHashSet<>(100, 0.5f).loadFactor());
    assertEquals(0.5, new DLeftHashSet<>(100, 0.5f).loadFactor());
    assertEquals(0.75, new CuckooHashSet<>(100, 0.75f).loadFactor());
    assertRejects("loadFactor", () -> new CuckooHashMap<>(10, 1.5f));
    assertRejects("loadFactor", () -> new DLeftHashSet<>(10, 0f));
    assertRejects("loadFactor", () -> new TwoChoiceHashSet<>(10, Float.NaN));
    assertRejects("expectedSize", () -> new CuckooHashSet<>(-1, 0.5f));
    assertThrows(NullPointerException.class, () -> new DLeftHashSet<>(null));
  }

  private static void assertRejects(String argument, Runnable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
    assertTrue(e.getMessage().contains(argument), e.getMessage());
  }
}
