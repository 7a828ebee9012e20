/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Where the writes of {@link ConcurrentCuckooHashMap} run the key's {@code equals} when no other
 * thread writes: before they take the key's stripe, never while they hold it, so that a slow {@code
 * equals} holds up no other writer of the stripe; and, for a write of a present key that needs no
 * read first, once: a compute call stores its result in the slot its reservation found instead of
 * searching again. Each write is tried on a key of a stripe written since its segment was built
 * (its word above 0), on a key of a stripe that no write has touched since a growth built it (its
 * word 0, a stamp as valid as any other), and on the key in a segment's first slot.
 */
class ConcurrentCuckooUnlockedSearchTest {
  private static final long SEED = 0x5EEDL;

  /** The fewest keys filled in: several segments, each past a growth. */
  private static final int MIN_KEYS = 2_000;

  private static final int MAX_KEYS = 100_000;

  /** A write of a present key, and how many times it compares the key with the stored one. */
  enum Write {
    PUT(1, (map, key) -> map.put(key, -1)),
    PUT_IF_ABSENT(1, (map, key) -> map.putIfAbsent(key, -1)),
    REMOVE(1, (map, key) -> map.remove(key)),
    COMPUTE(1, (map, key) -> map.compute(key, (k, v) -> v + 1)),
    MERGE(1, (map, key) -> map.merge(key, 1, Integer::sum)),
    COMPUTE_IF_PRESENT(2, (map, key) -> map.computeIfPresent(key, (k, v) -> v + 1)),
    REPLACE(2, (map, key) -> map.replace(key, -1)),
    REPLACE_IF_EQUAL(2, (map, key) -> map.replace(key, key.value, -1)),
    REMOVE_IF_EQUAL(2, (map, key) -> map.remove(key, key.value));

    /** A read validates first, then the write searches. */
    final int comparisons;

    final BiConsumer<ConcurrentCuckooHashMap<Watched, Integer>, Watched> call;

    Write(int comparisons, BiConsumer<ConcurrentCuckooHashMap<Watched, Integer>, Watched> call) {
      this.comparisons = comparisons;
      this.call = call;
    }
  }

  private final ConcurrentCuckooHashMap<Watched, Integer> map =
      ConcurrentCuckooHashMap.builder().seed(SEED).build();
  private final List<Watched> keys = new ArrayList<>();

  /** Calls of {@code equals} between two equal keys, and those made while the stripe was held. */
  private int comparisons;

  private int comparisonsUnderLock;

  /** A key whose {@code equals} notes whether its stripe is held when it meets an equal key. */
  private final class Watched extends HookedKey {
    Watched(int value) {
      super(value);
    }

    Watched copy() {
      return new Watched(value);
    }

    @Override
    void beforeEquals(Object other) {
      if (other instanceof HookedKey key && key.value == value) {
        comparisons++;
        if (stampOf(this) < 0) {
          comparisonsUnderLock++;
        }
      }
    }
  }

  /**
   * The word of {@code key}'s stripe: -1 while a writer holds it, 0 if none has since its growth.
   */
  private long stampOf(Watched key) {
    ConcurrentCuckooTable t = map.segmentOf(key);
    return t.stamp(ConcurrentCuckooTable.maskOf(t.stripeOf(t.hashOf(key))));
  }

  /**
   * Puts keys until a growth has just built a segment some of whose stripes no write has touched
   * since: one of the halves of a split takes the insert that made it grow, the other nothing.
   */
  @BeforeEach
  void fill() {
    Set<ConcurrentCuckooTable> segments = Collections.newSetFromMap(new IdentityHashMap<>());
    for (int i = 0; i < MAX_KEYS; i++) {
      Watched key = new Watched(i);
      keys.add(key);
      map.put(key, i);
      if (segments.add(map.segmentOf(key))
          && i >= MIN_KEYS
          && keys.stream().anyMatch(k -> stampOf(k) == 0)) {
        return;
      }
    }
    throw new AssertionError("no growth left a stripe untouched");
  }

  @ParameterizedTest
  @EnumSource(Write.class)
  void aKeyOfAStripeWrittenBefore(Write write) {
    assertComparedOnceUnlocked(write, key(stamp -> stamp > 0));
  }

  @ParameterizedTest
  @EnumSource(Write.class)
  void aKeyOfAStripeUntouchedSinceItsGrowth(Write write) {
    assertComparedOnceUnlocked(write, key(stamp -> stamp == 0));
  }

  @ParameterizedTest
  @EnumSource(Write.class)
  void theKeyInASegmentsFirstSlot(Write write) {
    Watched first = null;
    for (Watched key : keys) {
      ConcurrentCuckooTable t = map.segmentOf(key);
      if (t.isOccupied(0) && t.keyAt(0) == key) {
        first = key;
        break;
      }
    }
    assertTrue(first != null, "some segment's first slot holds a key");
    assertComparedOnceUnlocked(write, first);
  }

  /** Returns a stored key whose stripe's word passes {@code test}. */
  private Watched key(LongPredicate test) {
    for (Watched key : keys) {
      if (test.test(stampOf(key))) {
        return key;
      }
    }
    throw new AssertionError("no stored key has such a stripe");
  }

  private void assertComparedOnceUnlocked(Write write, Watched stored) {
    comparisons = 0;
    comparisonsUnderLock = 0;
    write.call.accept(map, stored.copy());
    assertEquals(0, comparisonsUnderLock, "equals calls while the key's stripe was held");
    assertEquals(write.comparisons, comparisons, "equals calls with the stored key");
  }
}
