/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Model-based test of the sets: long seeded sequences of random operations (add, remove, contains,
 * removal through the iterator, addAll, clear, trim, clone, serialization) run on a set of the
 * library and on {@link HashSet}, which must agree after every step. Elements come from a small
 * domain with null and with keys of equal hash codes, so that chains, full buckets, the overflow
 * area, growth and shrinking all occur. Each failure message names the seed and the step, which
 * reproduce it. Each sequence has 8,000 steps; {@code -Dtwochoice.modelEffort=5} (set by {@code -P
 * integration}) makes them five times as long.
 */
class SetModelTest {
  private static final long[] SEEDS = {1, 2, 3, 20_261_201};
  private static final int STEPS = 8_000 * Integer.getInteger("twochoice.modelEffort", 1);

  private static final Map<String, Supplier<Set<Key>>> SETS =
      Map.of(
          "TwoChoiceHashSet", () -> TwoChoiceHashSet.builder().seed(1).build(),
          "TwoChoiceHashSet d=3 load=3",
              () -> TwoChoiceHashSet.builder().choices(3).loadFactor(3).seed(2).build(),
          "DLeftHashSet", () -> DLeftHashSet.builder().seed(3).build(),
          "DLeftHashSet d=3 b=1", () -> DLeftHashSet.builder().choices(3).slotsPerBucket(1).build(),
          "CuckooHashSet", () -> CuckooHashSet.builder().seed(5).build(),
          "CuckooHashSet d=2 b=2 load=0.9",
              () -> CuckooHashSet.builder().slotsPerBucket(2).loadFactor(0.9).seed(6).build());

  @TestFactory
  Stream<DynamicTest> everySetAgreesWithHashSet() {
    return SETS.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .flatMap(
            e ->
                java.util.Arrays.stream(SEEDS)
                    .mapToObj(
                        seed ->
                            DynamicTest.dynamicTest(
                                e.getKey() + ", seed " + seed, () -> run(e.getValue(), seed))));
  }

  private static Key element(SplittableRandom random, int domain) {
    int id = random.nextInt(domain);
    return id == 0 ? null : new Key(id, id % 97 == 0 ? 42 : Integer.rotateLeft(id, 7) * 31);
  }

  private static void run(Supplier<Set<Key>> factory, long seed) throws Exception {
    SplittableRandom random = new SplittableRandom(seed);
    Set<Key> set = factory.get();
    Set<Key> model = new HashSet<>();
    int domain = 64;
    for (int step = 0; step < STEPS; step++) {
      String where = "seed " + seed + ", step " + step;
      if (step % 1_000 == 0) {
        domain = 1 << (6 + random.nextInt(9)); // phases of 64 to 16,384 distinct elements
      }
      int op = random.nextInt(100);
      Key k = element(random, domain);
      if (op < 40) {
        assertEquals(model.add(k), set.add(k), where + ": add " + k);
      } else if (op < 70) {
        assertEquals(model.remove(k), set.remove(k), where + ": remove " + k);
      } else if (op < 90) {
        assertEquals(model.contains(k), set.contains(k), where + ": contains " + k);
      } else if (op < 93) {
        int keepOneIn = 1 + random.nextInt(8);
        for (Iterator<Key> it = set.iterator(); it.hasNext(); ) {
          Key e = it.next();
          if (e == null || e.id() % keepOneIn != 0) {
            it.remove();
            model.remove(e);
          }
        }
      } else if (op < 96) {
        List<Key> more = Stream.generate(() -> element(random, 1 << 14)).limit(200).toList();
        assertEquals(model.addAll(more), set.addAll(more), where + ": addAll");
      } else if (op < 97) {
        set.clear();
        model.clear();
      } else if (op < 98) {
        ((AbstractFlatSet<?, ?>) set).trim();
      } else if (op < 99) {
        set = cloneOf(set);
      } else {
        set = roundTrip(set);
      }
      assertEquals(model.size(), set.size(), where + ": size");
    }
    assertEquals(model, set, "seed " + seed + ": final contents");
    assertEquals(model.hashCode(), set.hashCode());
  }

  @SuppressWarnings("unchecked")
  private static Set<Key> cloneOf(Set<Key> set) {
    return (Set<Key>) ((AbstractFlatSet<Key, ?>) set).clone();
  }

  @SuppressWarnings("unchecked")
  private static Set<Key> roundTrip(Set<Key> set) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(set);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (Set<Key>) in.readObject();
    }
  }
}
