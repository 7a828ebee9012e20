/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Spliterator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every method that calls back into user code detects a callback that changes the map structurally
 * ({@link ConcurrentModificationException}), stops calling it once it has, and leaves what the
 * callback did in place; and the views' iterators and spliterators fail fast the same way.
 */
class FailFastTest {
  private static final int SIZE = 50;

  static Stream<Supplier<AbstractFlatMap<Integer, Integer>>> maps() {
    return Stream.of(
        () -> OneChoiceHashMap.builder().seed(1).build(),
        () -> TwoChoiceHashMap.builder().seed(2).build(),
        () -> DLeftHashMap.builder().seed(3).build(),
        () -> CuckooHashMap.builder().seed(4).build());
  }

  private static AbstractFlatMap<Integer, Integer> filled(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = factory.get();
    for (int i = 0; i < SIZE; i++) {
      map.put(i, i);
    }
    return map;
  }

  @ParameterizedTest
  @MethodSource("maps")
  void computeIfPresentWhoseFunctionAddsAKeyThrows(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            map.computeIfPresent(
                7,
                (k, v) -> {
                  map.put(1000, 1000);
                  return v + 1;
                }));
    assertEquals(7, map.get(7), "the computed value must not be stored");
    assertEquals(1000, map.get(1000));
    assertEquals(SIZE + 1, map.size());
  }

  @ParameterizedTest
  @MethodSource("maps")
  void computeIfPresentWhoseFunctionRemovesAKeyThrows(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            map.computeIfPresent(
                7,
                (k, v) -> {
                  map.remove(8);
                  return null;
                }));
    assertTrue(map.containsKey(7), "a null from a failed function must not remove the key");
    assertEquals(SIZE - 1, map.size());
  }

  @ParameterizedTest
  @MethodSource("maps")
  void computeIfPresentWhoseFunctionOnlyReplacesAValueSucceeds(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    assertEquals(
        -7,
        map.computeIfPresent(
            7,
            (k, v) -> {
              map.put(8, 80); // a value change is not structural
              return -v;
            }));
    assertEquals(-7, map.get(7));
    assertEquals(80, map.get(8));
  }

  @ParameterizedTest
  @MethodSource("maps")
  void mergeWhoseFunctionAddsAKeyThrows(Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            map.merge(
                7,
                1,
                (a, b) -> {
                  map.put(1000, 1000);
                  return a + b;
                }));
    assertEquals(7, map.get(7));
  }

  @ParameterizedTest
  @MethodSource("maps")
  void computeIfAbsentAndComputeWhoseFunctionsChangeTheMapThrow(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            map.computeIfAbsent(
                -1,
                k -> {
                  map.remove(3);
                  return 1;
                }));
    assertFalse(map.containsKey(-1));
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            map.compute(
                4,
                (k, v) -> {
                  map.put(-2, -2);
                  return null;
                }));
    assertEquals(4, map.get(4));
  }

  @ParameterizedTest
  @MethodSource("maps")
  void replaceAllStopsAndThrowsWhenItsFunctionAddsAKey(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    AtomicInteger calls = new AtomicInteger();
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            map.replaceAll(
                (k, v) -> {
                  if (calls.getAndIncrement() == 0) {
                    map.put(1000, 1000);
                  }
                  return v + 1;
                }));
    assertEquals(1, calls.get(), "replaceAll must stop at the first change");
  }

  @ParameterizedTest
  @MethodSource("maps")
  void replaceAllWithoutChangesReplacesEveryValue(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    map.replaceAll((k, v) -> -v - 1);
    for (int i = 0; i < SIZE; i++) {
      assertEquals(-i - 1, map.get(i));
    }
  }

  @ParameterizedTest
  @MethodSource("maps")
  void forEachStopsAndThrowsWhenItsActionRemovesAKey(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    AtomicInteger calls = new AtomicInteger();
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            map.forEach(
                (k, v) -> {
                  if (calls.getAndIncrement() == 0) {
                    map.remove(k);
                  }
                }));
    assertEquals(1, calls.get(), "forEach must stop at the first change");
  }

  /** The three views' spliterators, bound to {@code map} by their first traversal. */
  private static List<Spliterator<?>> spliterators(Map<Integer, Integer> map) {
    return List.of(
        map.keySet().spliterator(), map.values().spliterator(), map.entrySet().spliterator());
  }

  @ParameterizedTest
  @MethodSource("maps")
  void spliteratorForEachRemainingThrowsWhenItsActionChangesTheMap(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    AtomicInteger next = new AtomicInteger(1000);
    for (Spliterator<?> spliterator : spliterators(map)) {
      List<Object> seen = new ArrayList<>();
      assertThrows(
          ConcurrentModificationException.class,
          () ->
              spliterator.forEachRemaining(
                  x -> {
                    if (seen.isEmpty()) {
                      int key = next.getAndIncrement();
                      map.put(key, key);
                    }
                    seen.add(x);
                  }));
      assertFalse(seen.isEmpty());
    }
  }

  @ParameterizedTest
  @MethodSource("maps")
  void spliteratorTryAdvanceThrowsWhenItsActionChangesTheMap(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    for (Spliterator<?> spliterator : spliterators(map)) {
      Integer some = map.keySet().iterator().next();
      assertThrows(
          ConcurrentModificationException.class,
          () -> spliterator.tryAdvance(x -> map.remove(some)));
    }
  }

  @ParameterizedTest
  @MethodSource("maps")
  void aSpliteratorBoundBeforeAChangeFailsAfterIt(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    Spliterator<Integer> keys = map.keySet().spliterator();
    assertTrue(keys.tryAdvance(k -> {})); // binds the spliterator
    map.put(-5, -5);
    assertThrows(ConcurrentModificationException.class, () -> keys.forEachRemaining(k -> {}));
    // a split half inherits the expected modification count of its parent
    Spliterator<Integer> whole = map.keySet().spliterator();
    Spliterator<Integer> half = whole.trySplit();
    map.remove(-5);
    assertThrows(ConcurrentModificationException.class, () -> half.forEachRemaining(k -> {}));
  }

  /** Changes that cancel out in size still count: a put, then its removal or a clear. */
  @ParameterizedTest
  @MethodSource("maps")
  void aPutUndoneByARemovalOrAClearStillFailsAnIterator(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    Iterator<Integer> keys = map.keySet().iterator();
    map.put(-1, -1);
    map.remove(-1);
    assertThrows(ConcurrentModificationException.class, keys::next);
    Iterator<Integer> values = map.values().iterator();
    map.put(-2, -2);
    map.clear();
    assertThrows(ConcurrentModificationException.class, values::next);
  }

  @ParameterizedTest
  @MethodSource("maps")
  void spliteratorsWithoutChangesSeeEveryEntryOnce(
      Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    Spliterator<Integer> first = map.keySet().spliterator();
    assertEquals(SIZE, first.estimateSize());
    assertTrue(first.hasCharacteristics(Spliterator.SIZED));
    assertTrue(first.hasCharacteristics(Spliterator.DISTINCT));
    assertFalse(map.values().spliterator().hasCharacteristics(Spliterator.DISTINCT));
    Spliterator<Integer> second = first.trySplit();
    assertFalse(first.hasCharacteristics(Spliterator.SIZED), "a split half is only estimated");
    List<Integer> seen = new ArrayList<>();
    if (second != null) {
      assertFalse(second.hasCharacteristics(Spliterator.SIZED));
      assertTrue(second.estimateSize() <= SIZE / 2);
      while (second.tryAdvance(seen::add)) {
        // one at a time
      }
    }
    long before = first.estimateSize();
    assertTrue(before > 0 && first.tryAdvance(seen::add));
    assertEquals(before - 1, first.estimateSize(), "each element taken lowers the estimate");
    first.forEachRemaining(seen::add);
    assertEquals(0, first.estimateSize());
    assertFalse(first.tryAdvance(seen::add));
    seen.sort(null);
    List<Integer> expected = new ArrayList<>();
    for (int i = 0; i < SIZE; i++) {
      expected.add(i);
    }
    assertEquals(expected, seen);
  }

  @ParameterizedTest
  @MethodSource("maps")
  void iteratorsFailAfterAChangeThroughTheMap(Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    Iterator<Map.Entry<Integer, Integer>> entries = map.entrySet().iterator();
    entries.next();
    map.remove(entries.next().getKey());
    assertThrows(ConcurrentModificationException.class, entries::next);
    assertThrows(ConcurrentModificationException.class, entries::remove);

    Iterator<Integer> keys = map.keySet().iterator();
    List<Integer> seen = new ArrayList<>();
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            keys.forEachRemaining(
                k -> {
                  seen.add(k);
                  map.put(-k - 100, 0);
                }));
    assertEquals(1, seen.size());
  }

  @ParameterizedTest
  @MethodSource("maps")
  void iteratorRemoveKeepsTheIteratorValid(Supplier<AbstractFlatMap<Integer, Integer>> factory) {
    AbstractFlatMap<Integer, Integer> map = filled(factory);
    Iterator<Integer> keys = map.keySet().iterator();
    assertThrows(IllegalStateException.class, keys::remove);
    int removed = 0;
    int seen = 0;
    while (keys.hasNext()) {
      int key = keys.next();
      seen++;
      if (key % 2 == 0) {
        keys.remove();
        removed++;
        assertThrows(IllegalStateException.class, keys::remove);
      }
    }
    assertEquals(SIZE, seen);
    assertEquals(SIZE / 2, removed);
    assertEquals(SIZE - removed, map.size());
    for (int i = 0; i < SIZE; i++) {
      assertEquals(i % 2 != 0, map.containsKey(i), "key " + i);
    }
  }
}
