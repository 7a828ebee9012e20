/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.hash.ChoiceHasher;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Serialized maps and sets that were tampered with: a missing hash function, settings out of range
 * (each bound tried on both sides), entry counts that do not match the entries, a set over a table
 * with values or over none. Each is rejected with {@link InvalidObjectException} or another {@link
 * IOException}; the streams just inside the bounds give working maps.
 */
class CorruptStreamTest {
  static Stream<Supplier<AbstractFlatMap<Object, Object>>> maps() {
    return Stream.of(
        () -> OneChoiceHashMap.builder().seed(1).build(),
        () -> TwoChoiceHashMap.builder().seed(2).build(),
        () -> DLeftHashMap.builder().seed(3).build(),
        () -> CuckooHashMap.builder().seed(4).build());
  }

  /** Serializes {@code o}, writing each object through {@code replace} first. */
  private static byte[] serialize(Object o, UnaryOperator<Object> replace) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out =
        new ObjectOutputStream(bytes) {
          {
            enableReplaceObject(true);
          }

          @Override
          protected Object replaceObject(Object obj) {
            return replace.apply(obj);
          }
        }) {
      out.writeObject(o);
    }
    return bytes.toByteArray();
  }

  private static byte[] serialize(Object o) throws IOException {
    return serialize(o, UnaryOperator.identity());
  }

  private static Object deserialize(byte[] bytes) throws IOException, ClassNotFoundException {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return in.readObject();
    }
  }

  private static void assertInvalid(byte[] bytes, String message) {
    InvalidObjectException e = assertThrows(InvalidObjectException.class, () -> deserialize(bytes));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  /** Sets the (possibly final) field {@code name} of {@code declaring} in {@code target}. */
  private static void setField(Object target, Class<?> declaring, String name, Object value)
      throws ReflectiveOperationException {
    Field field = declaring.getDeclaredField(name);
    field.setAccessible(true);
    field.set(target, value);
  }

  /** The map's settings class: the one that declares and checks its fields. */
  private static Class<?> settingsClass(AbstractFlatMap<?, ?> map) {
    return map instanceof ChainedHashMap<?, ?> ? ChainedHashMap.class : AbstractBucketMap.class;
  }

  /** Returns a copy of {@code map}'s serialized form with {@code field} set to {@code value}. */
  private static byte[] withSetting(AbstractFlatMap<Object, Object> map, String field, Object value)
      throws Exception {
    AbstractFlatMap<Object, Object> copy = map.clone();
    setField(copy, settingsClass(copy), field, value);
    return serialize(copy);
  }

  /** Deserializes a map and checks that it works: grows, finds and removes its keys. */
  private static void assertWorks(byte[] bytes) throws Exception {
    @SuppressWarnings("unchecked")
    Map<Object, Object> map = (Map<Object, Object>) deserialize(bytes);
    int before = map.size();
    for (int i = 0; i < 2000; i++) {
      map.put(-i - 1, i);
    }
    assertEquals(before + 2000, map.size());
    for (int i = 0; i < 2000; i++) {
      assertEquals(i, map.remove(-i - 1));
    }
    assertEquals(before, map.size());
  }

  @ParameterizedTest
  @MethodSource("maps")
  void aMissingHashFunctionIsRejected(Supplier<AbstractFlatMap<Object, Object>> factory)
      throws Exception {
    AbstractFlatMap<Object, Object> map = factory.get();
    map.put("a", 1);
    assertWorks(serialize(map));
    assertInvalid(serialize(map, o -> o instanceof ChoiceHasher ? null : o), "missing hasher");
  }

  @Test
  void chainedMapsCheckTheirChoicesAtTheBounds() throws Exception {
    AbstractFlatMap<Object, Object> two = TwoChoiceHashMap.builder().seed(1).build();
    two.put("x", "y");
    assertInvalid(withSetting(two, "choices", 1), "choices");
    assertWorks(withSetting(two, "choices", 2));
    assertWorks(withSetting(two, "choices", 8));
    assertInvalid(withSetting(two, "choices", 9), "choices");

    AbstractFlatMap<Object, Object> one = OneChoiceHashMap.builder().seed(1).build();
    assertInvalid(withSetting(one, "choices", 0), "choices");
    assertWorks(withSetting(one, "choices", 1));
    assertInvalid(withSetting(one, "choices", 2), "choices");
  }

  @Test
  void chainedMapsCheckTheirLoadFactor() throws Exception {
    AbstractFlatMap<Object, Object> map = TwoChoiceHashMap.builder().seed(1).build();
    map.put(1, 2);
    for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      InvalidObjectException e =
          assertThrows(
              InvalidObjectException.class, () -> deserialize(withSetting(map, "loadFactor", bad)));
      assertInstanceOf(IllegalArgumentException.class, e.getCause());
      assertTrue(e.getMessage().contains("loadFactor"), e.getMessage());
    }
    assertWorks(withSetting(map, "loadFactor", 0.25));
    TwoChoiceHashMap<?, ?> loaded =
        (TwoChoiceHashMap<?, ?>) deserialize(withSetting(map, "loadFactor", 2.5));
    assertEquals(2.5, loaded.loadFactor());
    assertEquals(48, loaded.chainLimit(), "the chain limit follows from the load factor");
  }

  @Test
  void bucketMapsCheckTheirSettingsAtTheBounds() throws Exception {
    for (AbstractFlatMap<Object, Object> map :
        java.util.List.<AbstractFlatMap<Object, Object>>of(
            DLeftHashMap.builder().seed(1).build(), CuckooHashMap.builder().seed(2).build())) {
      map.put("k", "v");
      assertInvalid(withSetting(map, "choices", 1), "choices");
      assertWorks(withSetting(map, "choices", 2));
      assertWorks(withSetting(map, "choices", 8));
      assertInvalid(withSetting(map, "choices", 9), "choices");

      assertInvalid(withSetting(map, "slotsPerBucket", 0), "slots per bucket");
      assertWorks(withSetting(map, "slotsPerBucket", 1));
      assertWorks(withSetting(map, "slotsPerBucket", 2));
      assertInvalid(withSetting(map, "slotsPerBucket", 3), "slots per bucket");
      assertWorks(withSetting(map, "slotsPerBucket", 8));
      assertInvalid(withSetting(map, "slotsPerBucket", 16), "slots per bucket");

      assertInvalid(withSetting(map, "loadFactor", 0.0), "load factor");
      assertInvalid(withSetting(map, "loadFactor", -0.5), "load factor");
      assertInvalid(withSetting(map, "loadFactor", Double.NaN), "load factor");
      assertWorks(withSetting(map, "loadFactor", 0.05));
      assertWorks(withSetting(map, "loadFactor", 1.0));
      assertInvalid(withSetting(map, "loadFactor", Math.nextUp(1.0)), "load factor");
    }
  }

  /** Replaces the only occurrence of {@code from} in {@code bytes} by {@code to}. */
  private static byte[] patch(byte[] bytes, byte[] from, byte[] to) {
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    String f = new String(from, StandardCharsets.ISO_8859_1);
    assertTrue(text.indexOf(f) >= 0, "pattern must occur");
    assertEquals(text.indexOf(f), text.lastIndexOf(f), "pattern must occur once");
    return text.replace(f, new String(to, StandardCharsets.ISO_8859_1))
        .getBytes(StandardCharsets.ISO_8859_1);
  }

  /** The block-data record holding the entry count {@code count}: 0x77, length 4, the int. */
  private static byte[] countRecord(int count) {
    return new byte[] {
      0x77, 4, (byte) (count >>> 24), (byte) (count >>> 16), (byte) (count >>> 8), (byte) count
    };
  }

  static Stream<Supplier<Object>> mapsAndSetsOfTwo() {
    return Stream.of(
        () -> filled(OneChoiceHashMap.builder().seed(1).build()),
        () -> filled(TwoChoiceHashMap.builder().seed(2).build()),
        () -> filled(DLeftHashMap.builder().seed(3).build()),
        () -> filled(CuckooHashMap.builder().seed(4).build()),
        () -> filled(TwoChoiceHashSet.builder().seed(5).build()),
        () -> filled(DLeftHashSet.builder().seed(6).build()),
        () -> filled(CuckooHashSet.builder().seed(7).build()));
  }

  private static Object filled(Map<Object, Object> map) {
    map.put("q", "1");
    map.put("z", "2");
    return map;
  }

  private static Object filled(Set<Object> set) {
    set.add("q");
    set.add("z");
    return set;
  }

  @ParameterizedTest
  @MethodSource("mapsAndSetsOfTwo")
  void entryCountsThatDoNotMatchTheEntriesAreRejected(Supplier<Object> factory) throws Exception {
    Object original = factory.get();
    byte[] bytes = serialize(original);
    assertEquals(original, deserialize(bytes));
    assertInvalid(patch(bytes, countRecord(2), countRecord(-1)), "negative size");
    assertInvalid(patch(bytes, countRecord(2), countRecord(Integer.MIN_VALUE)), "negative size");
    // one entry more than the stream holds: reading it runs into the end of the data
    byte[] tooMany = patch(bytes, countRecord(2), countRecord(3));
    assertThrows(IOException.class, () -> deserialize(tooMany));
    // a repeated key
    byte[] repeated = patch(bytes, new byte[] {0x74, 0, 1, 'z'}, new byte[] {0x74, 0, 1, 'q'});
    assertInvalid(repeated, "duplicate key");
  }

  @Test
  void aSetNeedsATableOfKeysOnly() throws Exception {
    Set<Object> set = TwoChoiceHashSet.builder().seed(1).build();
    set.add("a");
    assertEquals(set, deserialize(serialize(set)));
    assertInvalid(serialize(set, o -> o instanceof AbstractFlatMap ? null : o), "keys only");
    TwoChoiceHashMap<Object, Object> withValues = new TwoChoiceHashMap<>();
    withValues.put("a", null);
    assertInvalid(
        serialize(set, o -> o instanceof AbstractFlatMap && o != withValues ? withValues : o),
        "keys only");

    Set<Object> dLeft = DLeftHashSet.builder().seed(2).build();
    dLeft.add("a");
    DLeftHashMap<Object, Object> dLeftWithValues = new DLeftHashMap<>();
    assertInvalid(
        serialize(
            dLeft, o -> o instanceof AbstractFlatMap && o != dLeftWithValues ? dLeftWithValues : o),
        "keys only");
  }

  @Test
  void aDeserializedCuckooMapStartsItsOwnStatistics() throws Exception {
    CuckooHashMap<Integer, Integer> map =
        CuckooHashMap.builder().slotsPerBucket(1).loadFactor(0.45).seed(9).build();
    for (int i = 0; i < 5000; i++) {
      map.put(i, i);
    }
    @SuppressWarnings("unchecked")
    CuckooHashMap<Integer, Integer> copy =
        (CuckooHashMap<Integer, Integer>) deserialize(serialize(map));
    assertEquals(map, copy);
    for (int i = 5000; i < 10_000; i++) {
      copy.put(i, i);
    }
    assertEquals(10_000, copy.size());
    assertEquals(map.cuckooStats().toString(), map.clone().cuckooStats().toString());
    assertTrue(copy.cuckooStats().evictionPaths()[0] >= 5000, copy.cuckooStats().toString());
  }
}
