/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.testing.GcFinalization;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A map forgets what it no longer holds, as {@link java.util.HashMap} does: after {@code clear()}
 * or {@code remove}, no slot of the table, of a chain's extra region or of the overflow area (nor
 * the overflow area's index) keeps a key or value reachable, so the garbage collector can take
 * them. Each map holds keys of distinct hash codes and a flood of one hash code that reaches its
 * overflow area. {@link GcFinalization#awaitClear} runs the collector until a weak reference is
 * cleared and fails after a timeout if it never is (so these tests need {@code System.gc()} to
 * collect, which {@code -XX:+DisableExplicitGC} would prevent).
 */
class ReleasedReferencesTest {

  /** A value no other object shares (boxed small integers are cached, so never collected). */
  record Value(int id) {}

  static Stream<Supplier<AbstractFlatMap<Key, Value>>> maps() {
    return Stream.of(
        () -> OneChoiceHashMap.builder().seed(1).build(),
        () -> TwoChoiceHashMap.builder().seed(2).build(),
        () -> DLeftHashMap.builder().seed(3).build(),
        () -> CuckooHashMap.builder().seed(4).build());
  }

  static Stream<Supplier<AbstractFlatSet<Key, ?>>> sets() {
    return Stream.of(
        () -> TwoChoiceHashSet.builder().seed(5).build(),
        () -> DLeftHashSet.builder().seed(6).build(),
        () -> CuckooHashSet.builder().seed(7).build());
  }

  /** 100 keys of distinct hash codes, then 50 of hash code 0: more than any chains or buckets. */
  private static List<Key> keys() {
    List<Key> keys = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      keys.add(i < 100 ? Key.spread(i) : new Key(i, 0));
    }
    return keys;
  }

  /**
   * Gives every key of {@link #keys()} and a value of its own to {@code add}, and returns weak
   * references to all of them.
   */
  private static List<WeakReference<Object>> fill(BiConsumer<Key, Value> add) {
    List<WeakReference<Object>> refs = new ArrayList<>();
    for (Key key : keys()) {
      Value value = new Value(key.id());
      add.accept(key, value);
      refs.add(new WeakReference<>(key));
      refs.add(new WeakReference<>(value));
    }
    return refs;
  }

  private static void awaitAllCleared(List<WeakReference<Object>> refs) {
    for (WeakReference<Object> ref : refs) {
      GcFinalization.awaitClear(ref);
    }
  }

  @ParameterizedTest
  @MethodSource("maps")
  void clearLetsEveryKeyAndValueBeCollected(Supplier<AbstractFlatMap<Key, Value>> factory) {
    AbstractFlatMap<Key, Value> map = factory.get();
    List<WeakReference<Object>> refs = fill(map::put);
    assertTrue(map.loadStats().overflow() > 0, "the flood reaches the overflow area");
    map.clear();
    awaitAllCleared(refs);
    assertEquals(0, map.size());
    map.put(new Key(0, 0), new Value(0));
    assertEquals(new Value(0), map.get(new Key(0, 0)));
  }

  @ParameterizedTest
  @MethodSource("maps")
  void removedKeysAndValuesCanBeCollected(Supplier<AbstractFlatMap<Key, Value>> factory) {
    AbstractFlatMap<Key, Value> map = factory.get();
    List<WeakReference<Object>> refs = fill(map::put);
    assertTrue(map.loadStats().overflow() > 0, "the flood reaches the overflow area");
    for (Key key : keys()) {
      map.remove(key);
    }
    awaitAllCleared(refs);
    assertEquals(0, map.size());
  }

  @ParameterizedTest
  @MethodSource("sets")
  void aClearedSetLetsEveryElementBeCollected(Supplier<AbstractFlatSet<Key, ?>> factory) {
    AbstractFlatSet<Key, ?> set = factory.get();
    List<WeakReference<Object>> refs = fill((key, unused) -> set.add(key));
    assertTrue(set.loadStats().overflow() > 0, "the flood reaches the overflow area");
    set.clear();
    awaitAllCleared(refs);
    assertTrue(set.isEmpty());
  }

  @Test
  void aConcurrentMapLetsRemovedAndClearedKeysAndValuesBeCollected() {
    ConcurrentCuckooHashMap<Key, Value> map =
        ConcurrentCuckooHashMap.builder().slotsPerBucket(1).loadFactor(0.49).seed(8).build();
    List<WeakReference<Object>> refs = fill(map::put);
    assertTrue(map.cuckooStats().evictionPaths().length > 2, "keys moved: " + map.cuckooStats());
    assertTrue(map.loadStats().overflow() > 0, "the flood reaches the overflow area");
    List<Key> keys = keys();
    for (Key key : keys.subList(0, 75)) {
      map.remove(key);
    }
    awaitAllCleared(refs.subList(0, 150));
    map.clear();
    awaitAllCleared(refs);
    assertEquals(0, map.size());
  }
}
