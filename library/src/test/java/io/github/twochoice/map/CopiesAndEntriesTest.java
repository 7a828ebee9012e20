/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.stats.CuckooStats;
import java.util.AbstractMap.SimpleEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Copies that are used afterwards: clones grown, shrunk and emptied independently of their original
 * (overflow areas included), the {@code (Map)} copy constructor of every map, and entries of the
 * entry-set view kept across removals and resizes of their map.
 */
class CopiesAndEntriesTest {

  static Stream<Supplier<AbstractFlatMap<Key, Integer>>> maps() {
    return Stream.of(
        () -> OneChoiceHashMap.builder().seed(11).build(),
        () -> TwoChoiceHashMap.builder().choices(3).seed(12).build(),
        () -> DLeftHashMap.builder().seed(13).build(),
        () -> DLeftHashMap.builder().choices(3).slotsPerBucket(1).seed(14).build(),
        () -> CuckooHashMap.builder().seed(15).build(),
        () -> CuckooHashMap.builder().slotsPerBucket(1).loadFactor(0.45).seed(16).build());
  }

  /** 200 keys of distinct hash codes and 60 of hash code 0, for chains full enough to overflow. */
  private static List<Key> keys() {
    List<Key> keys = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      keys.add(Key.spread(i));
    }
    for (int i = 200; i < 260; i++) {
      keys.add(new Key(i, 0));
    }
    return keys;
  }

  private static Map<Key, Integer> fill(Map<Key, Integer> map, List<Key> keys) {
    for (Key key : keys) {
      map.put(key, key.id());
    }
    return map;
  }

  private static void assertHolds(Map<Key, Integer> expected, Map<Key, Integer> map) {
    assertEquals(expected.size(), map.size());
    for (Entry<Key, Integer> e : expected.entrySet()) {
      assertEquals(e.getValue(), map.get(e.getKey()), "key " + e.getKey());
    }
    assertEquals(expected, map);
    assertEquals(expected.hashCode(), map.hashCode());
    assertEquals(expected.keySet(), map.keySet());
    List<Integer> values = new ArrayList<>(map.values());
    List<Integer> expectedValues = new ArrayList<>(expected.values());
    values.sort(Comparator.nullsFirst(Comparator.naturalOrder()));
    expectedValues.sort(Comparator.nullsFirst(Comparator.naturalOrder()));
    assertEquals(expectedValues, values);
  }

  @ParameterizedTest
  @MethodSource("maps")
  void aCloneGrowsShrinksAndClearsWithoutTouchingItsOriginal(
      Supplier<AbstractFlatMap<Key, Integer>> factory) {
    List<Key> keys = keys();
    AbstractFlatMap<Key, Integer> original = factory.get();
    fill(original, keys);
    assertTrue(original.loadStats().overflow() > 0, "the test needs an overflow area in use");
    Map<Key, Integer> expectedOriginal = new HashMap<>(original);

    AbstractFlatMap<Key, Integer> copy = original.clone();
    assertNotSame(original, copy);
    assertSame(original.getClass(), copy.getClass());
    assertEquals(original.seed(), copy.seed());
    assertEquals(original.loadStats().toString(), copy.loadStats().toString());

    // grow the copy well past its table and its overflow area, and change values in place
    Map<Key, Integer> expectedCopy = new HashMap<>(expectedOriginal);
    for (int i = 1000; i < 6000; i++) {
      Key key = new Key(i, i % 10 == 0 ? 0 : i * 0x61C88647);
      copy.put(key, i);
      expectedCopy.put(key, i);
    }
    for (Key key : keys) {
      copy.put(key, -key.id());
      expectedCopy.put(key, -key.id());
    }
    assertHolds(expectedCopy, copy);
    assertHolds(expectedOriginal, original);

    // the original changes too: removals from its chains and its overflow area
    for (int i = 0; i < 260; i += 3) {
      original.remove(keys.get(i));
      expectedOriginal.remove(keys.get(i));
    }
    assertHolds(expectedOriginal, original);
    assertHolds(expectedCopy, copy);

    // the copy's views are its own
    copy.keySet().removeIf(k -> k.id() >= 1000);
    expectedCopy.keySet().removeIf(k -> k.id() >= 1000);
    assertHolds(expectedCopy, copy);
    assertHolds(expectedOriginal, original);
    copy.clear();
    assertTrue(copy.isEmpty());
    assertHolds(expectedOriginal, original);

    // a clone of a clone, after the original's removals
    AbstractFlatMap<Key, Integer> again = original.clone();
    again.putAll(expectedCopy);
    original.put(new Key(-1, 0), -1);
    assertFalse(again.containsKey(new Key(-1, 0)));
    assertEquals(expectedOriginal.size() + 1, original.size());
  }

  @ParameterizedTest
  @MethodSource("maps")
  void aCloneIteratesWithItsOwnModificationCount(Supplier<AbstractFlatMap<Key, Integer>> factory) {
    AbstractFlatMap<Key, Integer> original = factory.get();
    fill(original, keys());
    Iterator<Key> keys = original.keySet().iterator();
    keys.next();
    AbstractFlatMap<Key, Integer> copy = original.clone();
    copy.put(new Key(-1, 5), 5);
    keys.next(); // the original did not change
    Iterator<Key> copyKeys = copy.keySet().iterator();
    copyKeys.next();
    original.remove(new Key(0, 1));
    copyKeys.next(); // nor did the copy
    assertEquals(copy.size(), copy.keySet().size());
    assertNotEquals(original.size(), copy.size());
  }

  @Test
  void aClonedCuckooMapCountsItsOwnEvictions() {
    CuckooHashMap<Integer, Integer> original =
        CuckooHashMap.builder().slotsPerBucket(1).loadFactor(0.45).seed(3).build();
    for (int i = 0; i < 1000; i++) {
      original.put(i, i);
    }
    CuckooStats before = original.cuckooStats();
    CuckooHashMap<Integer, Integer> copy = original.clone();
    assertEquals(before.toString(), copy.cuckooStats().toString());
    for (int i = 1000; i < 20_000; i++) {
      copy.put(i, i);
    }
    assertEquals(before.toString(), original.cuckooStats().toString());
    assertNotEquals(before.toString(), copy.cuckooStats().toString());
    for (int i = 0; i < 20_000; i++) {
      assertEquals(i, copy.get(i));
    }
  }

  @Test
  void clonedSetsAreIndependent() {
    List<Set<Key>> sets =
        List.of(
            TwoChoiceHashSet.builder().seed(1).<Key>build(),
            DLeftHashSet.builder().seed(2).<Key>build(),
            CuckooHashSet.builder().seed(3).<Key>build());
    for (Set<Key> set : sets) {
      set.addAll(keys());
      Set<Key> copy = ((AbstractFlatSet<Key, ?>) set).clone();
      assertNotSame(set, copy);
      assertEquals(set, copy);
      for (int i = 1000; i < 3000; i++) {
        copy.add(new Key(i, i % 7 == 0 ? 0 : i));
      }
      set.remove(new Key(0, 1));
      assertEquals(259, set.size());
      assertEquals(2260, copy.size());
      assertTrue(copy.contains(new Key(0, 1)));
      assertFalse(set.contains(new Key(1000, 0)));
    }
  }

  static Stream<Function<Map<Key, Integer>, AbstractFlatMap<Key, Integer>>> copyConstructors() {
    return Stream.of(
        OneChoiceHashMap::new, TwoChoiceHashMap::new, DLeftHashMap::new, CuckooHashMap::new);
  }

  @ParameterizedTest
  @MethodSource("copyConstructors")
  void theCopyConstructorCopiesEveryMappingWithANewSeedAndTheDefaults(
      Function<Map<Key, Integer>, AbstractFlatMap<Key, Integer>> copyConstructor) {
    Map<Key, Integer> source = fill(new HashMap<>(), keys());
    source.put(null, null);
    AbstractFlatMap<Key, Integer> copy = copyConstructor.apply(source);
    assertHolds(source, copy);
    assertTrue(copy.containsKey(null));

    // copying a twochoice map with other settings: the copy has the defaults and its own seed
    TwoChoiceHashMap<Key, Integer> seeded =
        TwoChoiceHashMap.builder().choices(5).loadFactor(3).seed(7).build();
    seeded.putAll(source);
    AbstractFlatMap<Key, Integer> second = copyConstructor.apply(seeded);
    assertHolds(source, second);
    assertNotEquals(7, second.seed());
    assertNotEquals(copy.seed(), second.seed());
    assertEquals(copyConstructor.apply(Map.of()).choices(), second.choices());
    assertEquals(copyConstructor.apply(Map.of()).loadFactor(), second.loadFactor());

    // and it is independent of its source
    second.remove(null);
    assertTrue(seeded.containsKey(null));
  }

  @ParameterizedTest
  @MethodSource("maps")
  void anEntryKeptAcrossRemovalsAndResizesReadsAndWritesItsKey(
      Supplier<AbstractFlatMap<Key, Integer>> factory) {
    List<Key> keys = keys();
    AbstractFlatMap<Key, Integer> map = factory.get();
    fill(map, keys);
    List<Entry<Key, Integer>> entries = new ArrayList<>(map.entrySet());
    assertEquals(keys.size(), entries.size());

    // removals move other entries (a chain's successor into its head, the last overflow entry)
    for (int i = 0; i < keys.size(); i += 2) {
      assertEquals(i, map.remove(keys.get(i)));
    }
    for (Entry<Key, Integer> e : entries) {
      int id = e.getKey().id();
      if (id % 2 == 0) {
        assertNull(e.getValue(), "removed " + e.getKey());
        assertFalse(map.entrySet().contains(e));
      } else {
        assertEquals(id, e.getValue(), "kept " + e.getKey());
        assertTrue(map.entrySet().contains(e));
        assertTrue(e.equals(new SimpleEntry<>(e.getKey(), id)));
        assertFalse(e.equals(new SimpleEntry<>(e.getKey(), -id)));
        assertEquals(new SimpleEntry<>(e.getKey(), id).hashCode(), e.hashCode());
        assertEquals(e.getKey() + "=" + id, e.toString());
      }
    }

    // growth moves every entry
    for (int i = 1000; i < 5000; i++) {
      map.put(new Key(i, i * 0x61C88647), i);
    }
    for (Entry<Key, Integer> e : entries) {
      int id = e.getKey().id();
      if (id % 2 != 0) {
        assertEquals(id, e.setValue(-id), "setValue of " + e.getKey());
        assertEquals(-id, e.getValue());
        assertEquals(-id, map.get(e.getKey()));
      }
    }

    // shrinking moves every entry again
    for (int i = 1000; i < 5000; i++) {
      map.remove(new Key(i, i * 0x61C88647));
    }
    for (Entry<Key, Integer> e : entries) {
      int id = e.getKey().id();
      assertEquals(id % 2 == 0 ? null : (Integer) (-id), e.getValue(), "after shrink " + e);
    }

    // an entry whose key was removed puts its key back
    Entry<Key, Integer> gone =
        entries.stream().filter(e -> e.getKey().id() == 0).findFirst().orElseThrow();
    assertNull(gone.setValue(42));
    assertEquals(42, map.get(gone.getKey()));
    assertEquals(42, gone.getValue());
    assertFalse(gone.equals(gone.getKey()));
  }

  /** Once failed with ArrayIndexOutOfBoundsException: the second read after the key's removal. */
  @ParameterizedTest
  @MethodSource("maps")
  void anEntryOfARemovedKeyReadsNullUntilTheKeyComesBack(
      Supplier<AbstractFlatMap<Key, Integer>> factory) {
    AbstractFlatMap<Key, Integer> map = factory.get();
    Key key = new Key(1, 1);
    map.put(key, 1);
    Entry<Key, Integer> entry = map.entrySet().iterator().next();
    map.remove(key);
    assertNull(entry.getValue());
    assertNull(entry.getValue());
    assertEquals(key.hashCode(), entry.hashCode());
    assertEquals(key + "=null", entry.toString());
    map.put(new Key(2, 2), 2);
    map.put(key, 3);
    assertEquals(3, entry.getValue());
    assertEquals(3, entry.setValue(4));
    assertEquals(4, map.get(key));
  }

  /**
   * The null key hashes like hash code 0, so after the 60 keys of hash code 0 it is the last entry
   * of the overflow area (or of a full bucket): once removed, its entry must not mistake the empty
   * place (an empty slot, the index just past the overflow area) for its key, whose stored form is
   * null too.
   */
  @ParameterizedTest
  @MethodSource("maps")
  void anEntryOfTheRemovedNullKeyPutsItBack(Supplier<AbstractFlatMap<Key, Integer>> factory) {
    AbstractFlatMap<Key, Integer> map = factory.get();
    fill(map, keys());
    map.put(null, -1);
    Entry<Key, Integer> entry =
        map.entrySet().stream().filter(e -> e.getKey() == null).findFirst().orElseThrow();
    int size = map.size();
    assertEquals(-1, map.remove(null));
    assertNull(entry.getValue());
    assertNull(entry.setValue(7), "the key was absent");
    assertTrue(map.containsKey(null));
    assertEquals(7, map.get(null));
    assertEquals(size, map.size());
  }

  /**
   * The same with the null key in a slot of its own: once it is removed, the empty slot must not
   * pass for the key's place (an empty slot's stored key is null too), or {@code setValue} would
   * write into a slot no lookup reads.
   */
  @ParameterizedTest
  @MethodSource("maps")
  void anEntryOfTheRemovedNullKeyInASlotPutsItBack(
      Supplier<AbstractFlatMap<Key, Integer>> factory) {
    AbstractFlatMap<Key, Integer> map = factory.get();
    map.put(null, -1);
    map.put(new Key(1, 1), 1);
    Entry<Key, Integer> entry =
        map.entrySet().stream().filter(e -> e.getKey() == null).findFirst().orElseThrow();
    assertEquals(-1, map.remove(null));
    assertNull(entry.getValue());
    assertNull(entry.setValue(7), "the key was absent");
    assertEquals(7, map.get(null));
    assertEquals(2, map.size());
    assertEquals(1, map.get(new Key(1, 1)));
    assertTrue(map.containsKey(null) && map.keySet().contains(null));
  }

  @ParameterizedTest
  @MethodSource("maps")
  void entrySetRemovesOnlyAnEntryWithTheSameValue(Supplier<AbstractFlatMap<Key, Integer>> factory) {
    AbstractFlatMap<Key, Integer> map = factory.get();
    fill(map, keys());
    Key key = new Key(201, 0); // in the overflow area or a full bucket
    assertFalse(map.entrySet().remove(new SimpleEntry<>(key, 0)));
    Set<?> entries = map.entrySet(); // a caller may pass any object
    assertFalse(entries.remove(key));
    assertFalse(entries.contains(key));
    assertFalse(map.entrySet().remove(new SimpleEntry<>(new Key(-3, 0), 201)));
    assertTrue(map.containsKey(key));
    assertTrue(map.entrySet().remove(new SimpleEntry<>(key, 201)));
    assertFalse(map.containsKey(key));
    assertEquals(259, map.size());
    assertFalse(map.remove(new Key(202, 0), 0));
    assertTrue(map.remove(new Key(202, 0), 202));
    assertEquals(258, map.size());
  }
}
