/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Serialized maps and sets that were tampered with: settings out of range in their {@link
 * SerialForm} (each bound tried on both sides), an unknown class or hash family, entry counts that
 * do not match the entries, a repeated key, a stream that holds a map's own fields instead of its
 * form. Each is rejected with {@link InvalidObjectException} or another {@link IOException}; the
 * streams just inside the bounds give working maps.
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

  /** Sets the (possibly final) field {@code name} of {@code target}'s class in {@code target}. */
  private static void setField(Object target, String name, Object value) {
    try {
      Field field = target.getClass().getDeclaredField(name);
      field.setAccessible(true);
      field.set(target, value);
    } catch (ReflectiveOperationException e) {
      throw new LinkageError(e.getMessage(), e);
    }
  }

  /** Returns {@code o} serialized, its form's setting {@code field} set to {@code value}. */
  private static byte[] withSetting(Object o, String field, Object value) throws IOException {
    return serialize(
        o,
        x -> {
          if (x instanceof SerialForm) {
            setField(x, field, value);
          }
          return x;
        });
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
  void anUnknownClassOrHashFamilyIsRejected(Supplier<AbstractFlatMap<Object, Object>> factory)
      throws Exception {
    AbstractFlatMap<Object, Object> map = factory.get();
    map.put("a", 1);
    assertWorks(serialize(map));
    assertInvalid(withSetting(map, "type", "HashMap"), "not a map or set of twochoice: HashMap");
    assertInvalid(withSetting(map, "type", null), "not a map or set of twochoice");
    assertInvalid(withSetting(map, "hashFamily", "SHA1"), "SHA1");
    assertInvalid(withSetting(map, "hashFamily", null), "null");
    assertWorks(withSetting(map, "hashFamily", "TABULATION"));
  }

  /**
   * A forged stream: the map's or set's own fields where its form should be (the form replaced by
   * the object itself as it is written), which a map must not read, or a stream could set up any
   * layout.
   */
  @Test
  void aStreamOfAMapsOwnFieldsIsRejected() throws Exception {
    for (Object o :
        java.util.List.of(
            new OneChoiceHashMap<>(),
            new TwoChoiceHashMap<>(),
            new DLeftHashMap<>(),
            new CuckooHashMap<>(),
            new TwoChoiceHashSet<>(),
            new CuckooHashSet<>(),
            new ConcurrentCuckooHashMap<>())) {
      byte[] forged = serialize(o, x -> x instanceof SerialForm ? o : x);
      assertInvalid(forged, "read from its SerialForm only");
    }
  }

  @Test
  void chainedMapsCheckTheirChoicesAtTheBounds() throws Exception {
    AbstractFlatMap<Object, Object> two = TwoChoiceHashMap.builder().seed(1).build();
    two.put("x", "y");
    assertInvalid(withSetting(two, "choices", 1), "choices");
    assertWorks(withSetting(two, "choices", 2));
    assertWorks(withSetting(two, "choices", 8));
    assertInvalid(withSetting(two, "choices", 9), "choices");
    assertInvalid(withSetting(two, "slotsPerBucket", 1), "slotsPerBucket must be 0");
    assertInvalid(withSetting(two, "lockStripes", 1), "lockStripes must be 0");

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
    for (Map<Object, Object> map :
        java.util.List.<Map<Object, Object>>of(
            DLeftHashMap.builder().seed(1).build(),
            CuckooHashMap.builder().seed(2).build(),
            ConcurrentCuckooHashMap.builder().seed(3).build())) {
      map.put("k", "v");
      assertInvalid(withSetting(map, "choices", 1), "choices");
      assertWorks(withSetting(map, "choices", 2));
      assertWorks(withSetting(map, "choices", 8));
      assertInvalid(withSetting(map, "choices", 9), "choices");

      assertInvalid(withSetting(map, "slotsPerBucket", 0), "slotsPerBucket");
      assertWorks(withSetting(map, "slotsPerBucket", 1));
      assertWorks(withSetting(map, "slotsPerBucket", 2));
      assertInvalid(withSetting(map, "slotsPerBucket", 3), "slotsPerBucket");
      assertWorks(withSetting(map, "slotsPerBucket", 8));
      assertInvalid(withSetting(map, "slotsPerBucket", 16), "slotsPerBucket");

      assertInvalid(withSetting(map, "loadFactor", 0.0), "loadFactor");
      assertInvalid(withSetting(map, "loadFactor", -0.5), "loadFactor");
      assertInvalid(withSetting(map, "loadFactor", Double.NaN), "loadFactor");
      assertWorks(withSetting(map, "loadFactor", 0.05));
      assertWorks(withSetting(map, "loadFactor", 1.0));
      assertInvalid(withSetting(map, "loadFactor", Math.nextUp(1.0)), "loadFactor");
    }
    ConcurrentCuckooHashMap<Object, Object> concurrent = new ConcurrentCuckooHashMap<>();
    assertInvalid(withSetting(concurrent, "lockStripes", 0), "lockStripes");
    assertInvalid(withSetting(concurrent, "lockStripes", 3), "lockStripes");
    assertWorks(withSetting(concurrent, "lockStripes", 64));
    assertInvalid(withSetting(concurrent, "lockStripes", 128), "lockStripes");
    assertInvalid(withSetting(new CuckooHashMap<>(), "lockStripes", 4), "lockStripes must be 0");
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
        () -> filled(CuckooHashSet.builder().seed(7).build()),
        () -> filled(ConcurrentCuckooHashMap.builder().seed(8).build()));
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
  void aNullKeyOfTheConcurrentMapIsRejected() throws Exception {
    ConcurrentCuckooHashMap<Object, Object> map = new ConcurrentCuckooHashMap<>();
    map.put("k", "v");
    byte[] bytes = serialize(map);
    assertEquals(map, deserialize(bytes));
    byte[] nullKey = patch(bytes, new byte[] {0x74, 0, 1, 'k'}, new byte[] {0x70});
    assertInvalid(nullKey, "a key or value the ConcurrentCuckooHashMap refuses");
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
