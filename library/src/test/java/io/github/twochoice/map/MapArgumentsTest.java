/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ConcurrentModificationException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Settings, bad arguments, copies and corrupt serialized forms. */
class MapArgumentsTest {
  private static void assertRejects(String argument, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(argument), e.getMessage());
  }

  @Test
  void badSettingsNameTheArgument() {
    assertRejects("expectedSize", () -> new TwoChoiceHashMap<>(-1));
    assertRejects("expectedSize", () -> new OneChoiceHashMap<>(-1));
    assertRejects("loadFactor", () -> TwoChoiceHashMap.builder().loadFactor(0));
    assertRejects("loadFactor", () -> OneChoiceHashMap.builder().loadFactor(Double.NaN));
    assertRejects("loadFactor", () -> OneChoiceHashMap.builder().loadFactor(1.0 / 0));
    assertRejects("choices", () -> TwoChoiceHashMap.builder().choices(1));
    assertRejects("choices", () -> TwoChoiceHashMap.builder().choices(9));
    assertThrows(NullPointerException.class, () -> new TwoChoiceHashMap<>(null));
  }

  @Test
  void builderSettingsAreKept() {
    TwoChoiceHashMap<String, String> map =
        TwoChoiceHashMap.builder().choices(3).loadFactor(2.5).seed(17).expectedSize(100).build();
    assertEquals(3, map.choices());
    assertEquals(2.5, map.loadFactor());
    assertEquals(17, map.seed());
    assertEquals(48, map.chainLimit());
    assertEquals(40, map.loadStats().buckets());
    assertEquals(1, new OneChoiceHashMap<>().choices());
  }

  @Test
  void sameSeedGivesSameTable() {
    TwoChoiceHashMap<Integer, Integer> a = TwoChoiceHashMap.builder().seed(5).build();
    TwoChoiceHashMap<Integer, Integer> b = TwoChoiceHashMap.builder().seed(5).build();
    for (int i = 0; i < 10_000; i++) {
      a.put(i * 31, i);
      b.put(i * 31, i);
    }
    assertEquals(a.loadStats().toString(), b.loadStats().toString());
    assertEquals(String.valueOf(a), String.valueOf(b));
  }

  @Test
  void cloneIsIndependent() {
    TwoChoiceHashMap<String, Integer> map = new TwoChoiceHashMap<>(Map.of("a", 1, "b", 2));
    TwoChoiceHashMap<String, Integer> copy = map.clone();
    assertNotSame(map, copy);
    copy.put("c", 3);
    map.remove("a");
    assertEquals(Map.of("b", 2), map);
    assertEquals(Map.of("a", 1, "b", 2, "c", 3), copy);
    assertEquals(map.seed(), copy.seed());
  }

  @Test
  void mappingFunctionThatChangesTheMapIsDetected() {
    TwoChoiceHashMap<Integer, Integer> map = new TwoChoiceHashMap<>();
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            map.computeIfAbsent(
                1,
                k -> {
                  map.put(2, 2);
                  return 1;
                }));
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            map.compute(
                3,
                (k, v) -> {
                  map.remove(2);
                  return 1;
                }));
  }

  private static byte[] serialize(Object o) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.toByteArray();
  }

  private static Object deserialize(byte[] bytes) throws IOException, ClassNotFoundException {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
      return in.readObject();
    }
  }

  /** Replaces the only occurrence of {@code from} in {@code bytes} by {@code to}. */
  private static byte[] patch(byte[] bytes, byte[] from, byte[] to) {
    String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
    String f = new String(from, java.nio.charset.StandardCharsets.ISO_8859_1);
    assertEquals(text.indexOf(f), text.lastIndexOf(f), "pattern must occur once");
    assertTrue(text.indexOf(f) >= 0, "pattern must occur");
    return text.replace(f, new String(to, java.nio.charset.StandardCharsets.ISO_8859_1))
        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  @Test
  void serializedFormKeepsEntriesAndSettings() throws Exception {
    TwoChoiceHashMap<String, Integer> map = TwoChoiceHashMap.builder().choices(4).seed(3).build();
    map.put("x", 1);
    map.put(null, null);
    @SuppressWarnings("unchecked")
    TwoChoiceHashMap<String, Integer> copy =
        (TwoChoiceHashMap<String, Integer>) deserialize(serialize(map));
    assertEquals(map, copy);
    assertEquals(4, copy.choices());
    assertEquals(3, copy.seed());
  }

  @Test
  void negativeSizeInStreamIsRejected() throws Exception {
    byte[] bytes = serialize(new OneChoiceHashMap<String, String>());
    // block data of 4 bytes holding the size 0, then the end of the block data
    byte[] corrupt =
        patch(
            bytes,
            new byte[] {0x77, 4, 0, 0, 0, 0, 0x78},
            new byte[] {0x77, 4, -1, -1, -1, -1, 0x78});
    assertThrows(InvalidObjectException.class, () -> deserialize(corrupt));
  }

  @Test
  void duplicateKeyInStreamIsRejected() throws Exception {
    TwoChoiceHashMap<String, Integer> map = new TwoChoiceHashMap<>();
    map.put("q", 1);
    map.put("z", 2);
    byte[] corrupt =
        patch(serialize(map), new byte[] {0x74, 0, 1, 'z'}, new byte[] {0x74, 0, 1, 'q'});
    InvalidObjectException e =
        assertThrows(InvalidObjectException.class, () -> deserialize(corrupt));
    assertTrue(e.getMessage().contains("duplicate key"), e.getMessage());
  }

  @Test
  void wrongNumberOfChoicesInStreamIsRejected() throws Exception {
    TwoChoiceHashMap<String, Integer> map = TwoChoiceHashMap.builder().choices(7).build();
    // the int field "choices" is written as 4 big-endian bytes 00 00 00 07
    byte[] bytes = serialize(map);
    byte[] corrupt = patch(bytes, new byte[] {0, 0, 0, 7, 0x3f}, new byte[] {0, 0, 0, 1, 0x3f});
    assertThrows(InvalidObjectException.class, () -> deserialize(corrupt));
  }
}
