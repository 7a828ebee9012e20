/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The serialized form stays readable: a stream of every map and set, written by this version and
 * stored in the test resources ({@value #FOLDER}), is read back with its class, settings, seed and
 * entries, so a change of the internals that breaks stored maps fails the build. The streams name
 * no class of the implementation and none of {@code io.github.twochoice.hash}: only {@link
 * SerialForm}, the public {@link ConcurrentCuckooHashMap.KeySetView}, and the JDK's and this test's
 * classes of keys, values and strategies.
 *
 * <p>The stored streams are written again (on purpose only: it is a change of the form, which
 * breaks every stream users keep) with {@code mvn -pl library test -Dtest=SerialFormTest
 * -Dtwochoice.serialForms=library/src/test/resources/io/github/twochoice/map/serial}.
 */
class SerialFormTest {
  static final String FOLDER = "/io/github/twochoice/map/serial/";

  /** The maps and sets whose streams are stored: every class, non-default settings, seeded. */
  static Stream<Arguments> samples() {
    return Stream.of(
        sample("one-choice.ser", () -> fill(OneChoiceHashMap.builder().loadFactor(2).seed(11))),
        sample(
            "two-choice.ser",
            () ->
                fill(
                    TwoChoiceHashMap.builder()
                        .choices(3)
                        .hashFamily(HashFamily.TABULATION)
                        .seed(12)
                        .build(CaseInsensitive.INSTANCE))),
        sample(
            "d-left.ser",
            () ->
                fill(
                    DLeftHashMap.builder()
                        .choices(4)
                        .slotsPerBucket(4)
                        .loadFactor(0.8)
                        .seed(13)
                        .build())),
        sample(
            "cuckoo.ser",
            () ->
                fill(
                    CuckooHashMap.builder()
                        .slotsPerBucket(1)
                        .loadFactor(0.45)
                        .hashFamily(HashFamily.MULTIPLY_SHIFT)
                        .seed(14)
                        .build())),
        sample(
            "concurrent-cuckoo.ser",
            () -> fill(ConcurrentCuckooHashMap.builder().lockStripes(8).seed(15).build())),
        sample(
            "concurrent-key-set.ser",
            () ->
                fillSet(
                    ConcurrentCuckooHashMap.builder()
                        .seed(16)
                        .<String, Boolean>build()
                        .keySet(Boolean.TRUE))),
        sample("two-choice-set.ser", () -> fillSet(TwoChoiceHashSet.builder().seed(17).build())),
        sample(
            "d-left-set.ser",
            () -> fillSet(DLeftHashSet.builder().choices(3).slotsPerBucket(2).seed(18).build())),
        sample(
            "cuckoo-set.ser",
            () ->
                fillSet(
                    CuckooHashSet.builder()
                        .hashFamily(HashFamily.IDENTITY)
                        .seed(19)
                        .build(CaseInsensitive.INSTANCE))));
  }

  private static Arguments sample(String file, Supplier<Object> make) {
    return Arguments.of(Named.of(file, file), make);
  }

  private static Map<Object, Object> fill(OneChoiceHashMap.Builder builder) {
    Map<Object, Object> map = fill(builder.build());
    map.put(null, "the null key");
    map.put("a null value", null);
    return map;
  }

  /** 300 entries: Strings to Integers, a few of them to lists. */
  @SuppressWarnings("unchecked") // String keys and Object values fit every sample
  private static Map<Object, Object> fill(Map<?, ?> map) {
    Map<Object, Object> m = (Map<Object, Object>) map;
    for (int i = 0; i < 300; i++) {
      m.put("key " + i, i % 50 == 0 ? List.of((long) i, "x") : (Object) i);
    }
    return m;
  }

  @SuppressWarnings("unchecked") // String elements fit every sample
  private static Set<Object> fillSet(Set<?> set) {
    Set<Object> s = (Set<Object>) set;
    for (int i = 0; i < 300; i++) {
      s.add("element " + i);
    }
    return s;
  }

  /** A strategy of the test's own: serializable, as an enum. */
  enum CaseInsensitive implements HashStrategy<String> {
    INSTANCE;

    @Override
    public int hashCode(String key) {
      return key.toLowerCase(Locale.ROOT).hashCode();
    }

    @Override
    public boolean equals(String a, String b) {
      return a.equalsIgnoreCase(b);
    }
  }

  @ParameterizedTest
  @MethodSource("samples")
  void aStoredStreamOfThisVersionIsReadBack(String file, Supplier<Object> make) throws Exception {
    Object expected = make.get();
    String folder = System.getProperty("twochoice.serialForms");
    if (folder != null) {
      Files.write(Path.of(folder, file), serialize(expected));
    }
    byte[] stored;
    try (InputStream in = SerialFormTest.class.getResourceAsStream(FOLDER + file)) {
      assertNotNull(in, "no stored stream " + FOLDER + file);
      stored = in.readAllBytes();
    }
    List<String> classes = new ArrayList<>();
    Object read = deserialize(stored, classes);
    assertSame(expected.getClass(), read.getClass());
    assertEquals(expected, read);
    assertEquals(settings(expected), settings(read));
    for (String name : classes) {
      assertTrue(
          !name.startsWith("io.github.twochoice.")
              || name.equals(SerialForm.class.getName())
              || name.equals(ConcurrentCuckooHashMap.KeySetView.class.getName())
              || name.startsWith(SerialFormTest.class.getName() + "$"),
          file + " names " + name);
    }
    assertTrue(classes.contains(SerialForm.class.getName()), classes.toString());
  }

  @ParameterizedTest
  @MethodSource("samples")
  void aMapReadBackWorksAsTheOriginal(String file, Supplier<Object> make) throws Exception {
    Object original = make.get();
    Object copy = deserialize(serialize(original), new ArrayList<>());
    assertEquals(original, copy);
    assertEquals(original.hashCode(), copy.hashCode());
    if (copy instanceof Map<?, ?> m) {
      @SuppressWarnings("unchecked")
      Map<Object, Object> map = (Map<Object, Object>) m;
      map.put("new", 1);
      assertEquals(1, map.remove("new"));
      assertEquals(1, map.remove("key 1"));
    } else {
      @SuppressWarnings("unchecked")
      Collection<Object> set = (Collection<Object>) copy;
      assertTrue(set.add("new"));
      assertTrue(set.remove("element 1"));
    }
  }

  /** The settings a map or set shows through its public methods, as one string. */
  private static String settings(Object o) {
    Object target = o instanceof ConcurrentCuckooHashMap.KeySetView<?, ?> v ? v.getMap() : o;
    StringBuilder s = new StringBuilder(target.getClass().getSimpleName());
    for (String getter :
        List.of("choices", "slotsPerBucket", "loadFactor", "seed", "lockStripes")) {
      try {
        s.append(' ')
            .append(getter)
            .append('=')
            .append(target.getClass().getMethod(getter).invoke(target));
      } catch (NoSuchMethodException e) {
        // a setting this class does not have
      } catch (ReflectiveOperationException e) {
        throw new LinkageError(e.getMessage(), e);
      }
    }
    return s.toString();
  }

  private static byte[] serialize(Object o) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(o);
    }
    return bytes.toByteArray();
  }

  /** Reads one object, adding the name of every class the stream describes to {@code classes}. */
  private static Object deserialize(byte[] bytes, List<String> classes)
      throws IOException, ClassNotFoundException {
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes)) {
          @Override
          protected Class<?> resolveClass(ObjectStreamClass desc)
              throws IOException, ClassNotFoundException {
            classes.add(desc.getName());
            return super.resolveClass(desc);
          }
        }) {
      return in.readObject();
    }
  }
}
