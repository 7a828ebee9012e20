/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.stats.LoadStats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * 2<sup>16</sup> distinct Strings with one hash code: the map stays correct, keeps all but its
 * chain limit's worth of them in the overflow area, and its table grows only with the entry count.
 * (The timing against {@link HashMap} is a JMH benchmark in {@code bench/}.)
 */
class EqualHashCodeFloodTest {
  private static final int KEYS = 1 << 16;

  /** Strings of 16 blocks, each "Aa" or "BB": all have the same {@link String#hashCode()}. */
  static List<String> collidingStrings(int count) {
    List<String> keys = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      StringBuilder s = new StringBuilder(32);
      for (int bit = 15; bit >= 0; bit--) {
        s.append((i >>> bit & 1) == 0 ? "Aa" : "BB");
      }
      keys.add(s.toString());
    }
    return keys;
  }

  static Stream<Supplier<AbstractFlatMap<String, Integer>>> maps() {
    return Stream.of(
        OneChoiceHashMap::new, TwoChoiceHashMap::new, DLeftHashMap::new, CuckooHashMap::new);
  }

  /**
   * How many keys with one hash code fit outside the overflow area: one bucket's worth if the key's
   * choices happen to share a bucket, d buckets' worth if they are distinct (always, for d-left,
   * whose choices lie in different subtables).
   */
  private static long[] placeableRange(AbstractFlatMap<String, Integer> map) {
    if (map instanceof ChainedHashMap<String, Integer> chained) {
      return new long[] {chained.chainLimit(), (long) chained.choices() * chained.chainLimit()};
    }
    if (map instanceof CuckooHashMap<String, Integer> cuckoo) {
      return new long[] {
        cuckoo.slotsPerBucket(), (long) cuckoo.choices() * cuckoo.slotsPerBucket()
      };
    }
    DLeftHashMap<String, Integer> dLeft = (DLeftHashMap<String, Integer>) map;
    long all = (long) dLeft.choices() * dLeft.slotsPerBucket();
    return new long[] {all, all};
  }

  @ParameterizedTest
  @MethodSource("maps")
  void floodIsStoredFoundAndRemoved(Supplier<AbstractFlatMap<String, Integer>> factory) {
    List<String> keys = collidingStrings(KEYS);
    assertEquals(1, keys.stream().mapToInt(String::hashCode).distinct().count());
    AbstractFlatMap<String, Integer> map = factory.get();
    for (int i = 0; i < KEYS; i++) {
      assertNull(map.put(keys.get(i), i));
    }
    assertEquals(KEYS, map.size());
    for (int i = 0; i < KEYS; i++) {
      assertEquals(i, map.get(keys.get(i)));
    }
    LoadStats stats = map.loadStats();
    long[] placeable = placeableRange(map);
    assertTrue(
        stats.overflow() >= KEYS - placeable[1] && stats.overflow() <= KEYS - placeable[0],
        stats::toString);
    assertTrue(stats.buckets() <= 2 * KEYS, () -> "table grew beyond the entry count: " + stats);
    for (int i = 0; i < KEYS; i += 2) {
      assertEquals(i, map.remove(keys.get(i)));
    }
    assertEquals(KEYS / 2, map.size());
    Map<String, Integer> expected = new HashMap<>();
    for (int i = 0; i < KEYS; i++) {
      assertEquals(i % 2 == 0 ? null : i, map.get(keys.get(i)));
      if (i % 2 != 0) {
        expected.put(keys.get(i), i);
      }
    }
    // Iteration yields each remaining entry exactly once: as many entries as the size, and their
    // copy is the expected contents. (Map.copyOf would reject a repeated key too, but its linear
    // probing is quadratic in keys that share one hash code.)
    int iterated = 0;
    for (Iterator<Map.Entry<String, Integer>> it = map.entrySet().iterator(); it.hasNext(); ) {
      it.next();
      iterated++;
    }
    assertEquals(KEYS / 2, iterated);
    assertEquals(expected, new HashMap<>(map));
  }
}
