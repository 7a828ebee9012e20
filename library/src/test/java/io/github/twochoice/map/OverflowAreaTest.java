/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The overflow area on its own: entries stay dense as they come and go, and {@link
 * OverflowArea#mayHold} is true exactly for the homes of its entries until a home has had 255 at
 * once, after which that home always counts as having some.
 */
class OverflowAreaTest {
  /** A hash whose home is {@code home}, below 64, however many homes the area has. */
  private static long home(int home) {
    return (long) home << 58;
  }

  /**
   * The area has 16 homes per slot of capacity: as it grows, it counts its entries again from their
   * hashes, and every home keeps its entries.
   */
  @Test
  void aGrowingAreaCountsItsHomesAgain() {
    OverflowArea area = new OverflowArea(null);
    long[] homes = new long[40];
    for (int i = 0; i < homes.length; i++) {
      homes[i] = (long) i << 58 | (long) i << 40; // distinct top bits at every resolution
      area.add(i, null, homes[i]);
      for (int j = 0; j <= i; j++) {
        assertTrue(area.mayHold(homes[j]), i + " entries: home of " + j);
      }
    }
    for (int absent = 40; absent < 64; absent++) {
      assertFalse(area.mayHold(home(absent)), "home " + absent);
    }
    assertEquals(area.homeOf(homes[39]), homes[39] >>> (64 - 4 - 6), "16 homes per slot of 64");
  }

  @Test
  void aHomeCountsItsEntriesAndEmptiesAgain() {
    OverflowArea area = new OverflowArea(null);
    assertFalse(area.mayHold(home(3)));
    area.add("a", 1, home(3));
    area.add("b", 2, home(3));
    area.add("c", 3, home(5));
    assertTrue(area.mayHold(home(3)) && area.mayHold(home(5)));
    assertFalse(area.mayHold(home(4)));
    area.removeAt(area.indexOf(home(3), "a"));
    assertTrue(area.mayHold(home(3)), "b is still at home 3");
    area.removeAt(area.indexOf(home(3), "b"));
    assertFalse(area.mayHold(home(3)), "home 3 has no entry left");
    assertTrue(area.mayHold(home(5)));
    assertEquals(1, area.size());
    assertEquals("c", area.keyAt(0));
    assertEquals(3, area.valueAt(0));
  }

  @Test
  void aHomeWithTwoHundredAndFiftyFiveEntriesStaysMarked() {
    OverflowArea area = new OverflowArea(null);
    for (int i = 0; i < 254; i++) {
      area.add(i, null, home(7));
    }
    for (int i = 0; i < 254; i++) {
      area.removeAt(area.indexOf(home(7), i));
    }
    assertEquals(0, area.size());
    area.add("x", null, home(7));
    area.removeAt(0);
    area.add("y", null, home(8));
    assertFalse(area.mayHold(home(7)), "254 entries at once: counted exactly, back to none");

    OverflowArea saturated = new OverflowArea(null);
    for (int i = 0; i < 255; i++) {
      saturated.add(i, null, home(7));
    }
    saturated.add("y", null, home(8));
    for (int i = 0; i < 255; i++) {
      saturated.removeAt(saturated.indexOf(home(7), i));
    }
    assertTrue(saturated.mayHold(home(7)), "255 at once: the count saturated");
    assertTrue(saturated.mayHold(home(8)));
  }

  @Test
  void removingMovesTheLastEntryIntoTheGap() {
    OverflowArea area = new OverflowArea(null);
    for (String key : Arrays.asList("a", "b", "c", "d")) {
      area.add(key, key.toUpperCase(Locale.ROOT), home(0));
    }
    area.removeAt(area.indexOf(home(0), "b"));
    assertEquals(3, area.size());
    assertEquals(1, area.indexOf(home(0), "d"));
    assertEquals("D", area.valueAt(1));
    assertEquals(-1, area.indexOf(home(0), "b"));
    area.setValueAt(area.indexOf(home(0), "c"), "see");
    assertEquals("see", area.valueAt(area.indexOf(home(0), "c")));
  }

  @Test
  void clearForgetsEveryKey() {
    OverflowArea area = new OverflowArea(null);
    area.add("a", 1, home(2));
    area.add("b", 2, home(2));
    area.clear();
    assertEquals(0, area.size());
    assertFalse(area.mayHold(home(2)));
    area.add("c", 3, home(2));
    assertEquals(-1, area.indexOf(home(2), "a"), "a was cleared; index 0 now holds c");
    assertEquals(-1, area.indexOf(home(2), "b"));
    assertEquals(0, area.indexOf(home(2), "c"));
    assertNull(area.keyAt(1), "no stale key past the end");
  }

  @Test
  void aStrategyDecidesEqualityAndIsNeverCalledWithNull() {
    HashStrategy<Object> caseInsensitive =
        new HashStrategy<>() {
          @Override
          public int hashCode(Object key) {
            return ((String) key).toLowerCase(Locale.ROOT).hashCode();
          }

          @Override
          public boolean equals(Object a, Object b) {
            return ((String) a).equalsIgnoreCase((String) b);
          }
        };
    OverflowArea area = new OverflowArea(caseInsensitive);
    area.add("Key", 1, home(0));
    area.add(null, 2, home(0));
    assertEquals(0, area.indexOf(home(0), "KEY"));
    assertEquals(1, area.indexOf(home(0), null));
    area.removeAt(0);
    assertEquals(0, area.indexOf(home(0), null));
    assertEquals(-1, area.indexOf(home(0), "key"));
  }

  /**
   * The index is in parts chosen by bits of the hash: keys of every part are found at their indices
   * while entries come and go (the last moving into each gap), and a copy finds them too.
   */
  @Test
  void keysOfEveryPartAreFoundWhileEntriesComeAndGo() {
    OverflowArea area = new OverflowArea(null);
    SplittableRandom random = new SplittableRandom(42);
    Map<Integer, Long> hashOf = new HashMap<>();
    for (int key = 0; key < 2000; key++) {
      long hash = random.nextLong();
      hashOf.put(key, hash);
      area.add(key, -key, hash);
    }
    Set<Integer> parts = new HashSet<>();
    hashOf.values().forEach(h -> parts.add((int) (h >>> 32) & 15));
    assertEquals(16, parts.size(), "the keys fall in every part");
    for (int key = 0; key < 2000; key += 2) {
      area.removeAt(area.indexOf(hashOf.get(key), key));
    }
    OverflowArea copy = new OverflowArea(null);
    copy.copyFrom(area);
    for (OverflowArea a : Arrays.asList(area, copy)) {
      assertEquals(1000, a.size());
      for (int key = 0; key < 2000; key++) {
        int at = a.indexOf(hashOf.get(key), key);
        if (key % 2 == 0) {
          assertEquals(-1, at, "removed: " + key);
        } else {
          assertEquals(key, a.keyAt(at));
          assertEquals(-key, a.valueAt(at));
          assertEquals(hashOf.get(key), a.hashAt(at));
        }
      }
    }
    area.clear();
    assertEquals(-1, area.indexOf(hashOf.get(1), 1), "cleared");
    assertTrue(copy.indexOf(hashOf.get(1), 1) >= 0, "the copy keeps its own index");
  }
}
