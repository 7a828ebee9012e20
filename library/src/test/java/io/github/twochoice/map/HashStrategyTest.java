/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.collect.testing.Helpers;
import com.google.common.collect.testing.MapTestSuiteBuilder;
import com.google.common.collect.testing.SampleElements;
import com.google.common.collect.testing.TestMapGenerator;
import com.google.common.collect.testing.features.CollectionFeature;
import com.google.common.collect.testing.features.CollectionSize;
import com.google.common.collect.testing.features.MapFeature;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import junit.framework.Test;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Maps and sets whose keys compare by a {@link HashStrategy}: guava-testlib's map suite on {@code
 * byte[]} keys compared by content, for every map; copies of a key finding its entry; a strategy
 * whose hash codes all collide, which sends every key to the overflow area; serialization.
 */
class HashStrategyTest {
  /** Byte arrays equal when their contents are; serializable as an enum constant. */
  enum Content implements HashStrategy<byte[]> {
    INSTANCE;

    @Override
    public int hashCode(byte[] key) {
      return Arrays.hashCode(key);
    }

    @Override
    public boolean equals(byte[] a, byte[] b) {
      return Arrays.equals(a, b);
    }
  }

  /** Byte arrays by content, all with hash code 7: every key shares every choice. */
  enum Colliding implements HashStrategy<byte[]> {
    INSTANCE;

    @Override
    public int hashCode(byte[] key) {
      return 7;
    }

    @Override
    public boolean equals(byte[] a, byte[] b) {
      return Arrays.equals(a, b);
    }
  }

  private static final Map<String, Supplier<Map<byte[], String>>> MAPS =
      Map.of(
          "OneChoiceHashMap", () -> OneChoiceHashMap.builder().seed(1).build(Content.INSTANCE),
          "TwoChoiceHashMap", () -> TwoChoiceHashMap.builder().seed(2).build(Content.INSTANCE),
          "DLeftHashMap", () -> DLeftHashMap.builder().seed(3).build(Content.INSTANCE),
          "CuckooHashMap",
              () ->
                  CuckooHashMap.builder()
                      .choices(2)
                      .slotsPerBucket(1)
                      .loadFactor(0.45)
                      .seed(4)
                      .build(Content.INSTANCE),
          "TwoChoiceHashMap, colliding hash codes",
              () -> TwoChoiceHashMap.builder().seed(5).build(Colliding.INSTANCE),
          "DLeftHashMap, colliding hash codes",
              () -> DLeftHashMap.builder().seed(6).build(Colliding.INSTANCE));

  @TestFactory
  Stream<DynamicTest> byteArrayKeysPassTheFullMapContract() {
    return MAPS.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(
            e ->
                DynamicTest.dynamicTest(
                    e.getKey(),
                    () ->
                        MapConformanceTest.assertPasses(suiteFor(e.getKey(), e.getValue()), 900)));
  }

  @TestFactory
  Stream<DynamicTest> aCopyOfAKeyFindsItsEntry() {
    return MAPS.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> copiesFindEntries(e.getValue().get())));
  }

  private static void copiesFindEntries(Map<byte[], String> map) {
    int n = 1_000; // all in the overflow area with the colliding strategies: O(n) per lookup
    for (int i = 0; i < n; i++) {
      assertNull(map.put(key(i), "v" + i));
    }
    assertNull(map.put(null, "null"));
    assertEquals(n + 1, map.size());
    for (int i = 0; i < n; i++) {
      assertEquals("v" + i, map.get(key(i)), "a copy of key " + i);
      assertEquals("v" + i, map.put(key(i), "w" + i), "a copy replaces the value, adds no key");
    }
    assertEquals(n + 1, map.size());
    for (int i = 0; i < n; i += 2) {
      assertEquals("w" + i, map.remove(key(i)));
    }
    assertEquals(n / 2 + 1, map.size());
    for (int i = 0; i < n; i++) {
      assertEquals(i % 2 == 1, map.containsKey(key(i)), "key " + i);
    }
    assertEquals("null", map.get(null));
  }

  private static byte[] key(int i) {
    return new byte[] {(byte) i, (byte) (i >>> 8), 42};
  }

  @org.junit.jupiter.api.Test
  void setsCompareElementsByTheStrategy() {
    for (Set<byte[]> set :
        List.<Set<byte[]>>of(
            TwoChoiceHashSet.builder().build(Content.INSTANCE),
            DLeftHashSet.builder().build(Content.INSTANCE),
            CuckooHashSet.builder().build(Colliding.INSTANCE))) {
      for (int i = 0; i < 500; i++) {
        assertTrue(set.add(key(i)));
        assertFalse(set.add(key(i)), "a copy is the same element");
      }
      assertEquals(500, set.size());
      assertTrue(set.contains(key(499)));
      assertTrue(set.remove(key(0)));
      assertFalse(set.contains(key(0)));
    }
  }

  @org.junit.jupiter.api.Test
  void serializedMapsAndSetsKeepTheirStrategy() throws Exception {
    TwoChoiceHashMap<byte[], String> map = TwoChoiceHashMap.builder().build(Content.INSTANCE);
    CuckooHashSet<byte[]> set = CuckooHashSet.builder().build(Colliding.INSTANCE);
    for (int i = 0; i < 100; i++) {
      map.put(key(i), "v" + i);
      set.add(key(i));
    }
    @SuppressWarnings("unchecked")
    Map<byte[], String> mapCopy = (Map<byte[], String>) roundTrip(map);
    @SuppressWarnings("unchecked")
    Set<byte[]> setCopy = (Set<byte[]>) roundTrip(set);
    assertEquals(100, mapCopy.size());
    assertEquals(100, setCopy.size());
    for (int i = 0; i < 100; i++) {
      assertEquals("v" + i, mapCopy.get(key(i)));
      assertTrue(setCopy.contains(key(i)));
    }
  }

  @org.junit.jupiter.api.Test
  void aNullStrategyIsRejectedByName() {
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> TwoChoiceHashSet.builder().build(null));
    assertEquals("strategy", e.getMessage());
    assertThrows(NullPointerException.class, () -> DLeftHashMap.builder().build(null));
  }

  private static Object roundTrip(Object o) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return in.readObject();
    }
  }

  private static Test suiteFor(String name, Supplier<Map<byte[], String>> factory) {
    return MapTestSuiteBuilder.using(new ByteArrayMapGenerator(factory))
        .named(name)
        .withFeatures(
            CollectionSize.ANY,
            MapFeature.GENERAL_PURPOSE,
            MapFeature.ALLOWS_NULL_KEYS,
            MapFeature.ALLOWS_NULL_VALUES,
            MapFeature.ALLOWS_ANY_NULL_QUERIES,
            MapFeature.FAILS_FAST_ON_CONCURRENT_MODIFICATION,
            CollectionFeature.SUPPORTS_ITERATOR_REMOVE)
        .createTestSuite();
  }

  /** testlib's samples as byte-array keys with string values. */
  private static final class ByteArrayMapGenerator implements TestMapGenerator<byte[], String> {
    private final Supplier<Map<byte[], String>> factory;

    ByteArrayMapGenerator(Supplier<Map<byte[], String>> factory) {
      this.factory = factory;
    }

    /** The same arrays on every call: testlib compares the samples it gets by identity too. */
    private static final SampleElements<Entry<byte[], String>> SAMPLES =
        new SampleElements<>(
            Helpers.mapEntry(new byte[] {1}, "one"),
            Helpers.mapEntry(new byte[] {2, 2}, "two"),
            Helpers.mapEntry(new byte[] {3, 3, 3}, "three"),
            Helpers.mapEntry(new byte[] {4}, "four"),
            Helpers.mapEntry(new byte[] {5, 0}, "five"));

    @Override
    public SampleElements<Entry<byte[], String>> samples() {
      return SAMPLES;
    }

    @Override
    public Map<byte[], String> create(Object... entries) {
      Map<byte[], String> map = factory.get();
      for (Object o : entries) {
        @SuppressWarnings("unchecked")
        Entry<byte[], String> e = (Entry<byte[], String>) o;
        map.put(e.getKey(), e.getValue());
      }
      return map;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Entry<byte[], String>[] createArray(int length) {
      return (Entry<byte[], String>[]) new Entry<?, ?>[length];
    }

    @Override
    public Iterable<Entry<byte[], String>> order(List<Entry<byte[], String>> insertionOrder) {
      return insertionOrder;
    }

    @Override
    public byte[][] createKeyArray(int length) {
      return new byte[length][];
    }

    @Override
    public String[] createValueArray(int length) {
      return new String[length];
    }
  }
}
