/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * A key whose {@code equals} throws inside a write of {@link ConcurrentCuckooHashMap}, at the last
 * call the write makes, which it makes while it holds the key's stripe: the write fails with the
 * exception, the map keeps exactly the mappings it had, and the stripe and the key are free for the
 * next write. The keys share one hash code, so that four of them fill their two buckets of two
 * slots and the rest wait in the overflow area, where {@code equals} runs under the lock. A dry run
 * on an identical map counts the calls the write makes.
 */
class ConcurrentCuckooThrowingKeyTest {
  private static final Duration PATIENCE = Duration.ofSeconds(20);
  private static final int FLOOD = 20;
  private static final int HASH = 7;

  /**
   * A key equal to the keys of the same id; its {@code equals} counts its calls. Comparable, so
   * that the overflow area's tree of equal hash codes has the same shape, and a write the same
   * calls, in every run (without, its order falls back on identity hash codes).
   */
  static final class CountingKey implements Comparable<CountingKey> {
    final int id;
    int calls;
    int failAt = -1;

    CountingKey(int id) {
      this.id = id;
    }

    @Override
    public boolean equals(Object o) {
      if (++calls == failAt) {
        throw new IllegalStateException("equals failed");
      }
      return o instanceof CountingKey other && other.id == id;
    }

    @Override
    public int hashCode() {
      return HASH;
    }

    @Override
    public int compareTo(CountingKey other) {
      return Integer.compare(id, other.id);
    }

    @Override
    public String toString() {
      return "key " + id;
    }
  }

  /** A sparse map with {@link #FLOOD} keys of one hash code: 4 in buckets, 16 in the overflow. */
  private static ConcurrentCuckooHashMap<CountingKey, Integer> flooded() {
    ConcurrentCuckooHashMap<CountingKey, Integer> map =
        ConcurrentCuckooHashMap.builder()
            .slotsPerBucket(2)
            .expectedSize(1000)
            .lockStripes(1)
            .seed(5)
            .build();
    for (int i = 0; i < FLOOD; i++) {
      map.put(new CountingKey(i), i);
    }
    assertEquals(FLOOD - 4, map.loadStats().overflow());
    return map;
  }

  @Test
  void aPutOfAKeyInTheOverflowArea() {
    failsAtItsLastEquals(FLOOD - 1, (map, key) -> map.put(key, -1));
  }

  @Test
  void aRemovalOfAKeyInTheOverflowArea() {
    failsAtItsLastEquals(FLOOD - 1, Map::remove);
  }

  @Test
  void aComputeCallOnAKeyInTheOverflowArea() {
    failsAtItsLastEquals(FLOOD - 1, (map, key) -> map.compute(key, (k, v) -> v + 1));
  }

  @Test
  void anInsertIntoTheOverflowArea() {
    failsAtItsLastEquals(FLOOD, (map, key) -> map.put(key, -1));
  }

  @Test
  void aComputeIfAbsentThatInsertsIntoTheOverflowArea() {
    failsAtItsLastEquals(FLOOD, (map, key) -> map.computeIfAbsent(key, k -> -1));
  }

  private static void failsAtItsLastEquals(
      int id, BiConsumer<ConcurrentCuckooHashMap<CountingKey, Integer>, CountingKey> write) {
    CountingKey counted = new CountingKey(id);
    write.accept(flooded(), counted);
    assertTrue(counted.calls > 0);

    ConcurrentCuckooHashMap<CountingKey, Integer> map = flooded();
    Map<CountingKey, Integer> before = new HashMap<>(map);
    CountingKey failing = new CountingKey(id);
    failing.failAt = counted.calls;
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> write.accept(map, failing));
    assertEquals("equals failed", e.getMessage());
    assertEquals(counted.calls, failing.calls, "the write failed at its last call");
    assertEquals(before, new HashMap<>(map), "the mappings are as they were");
    assertEquals(before.size(), map.size());
    assertEquals(FLOOD - 4, map.cuckooStats().stashSize());
    assertTimeoutPreemptively(
        PATIENCE,
        () -> {
          map.put(new CountingKey(id), 100); // the same key, and so the same stripe
          map.compute(new CountingKey(id), (k, v) -> v + 1);
        },
        "the stripe and the key are free again");
    assertEquals(101, map.get(new CountingKey(id)));
  }
}
