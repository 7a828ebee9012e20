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
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The overflow area on its own: entries stay dense as they come and go, and {@link
 * OverflowArea#mayHold} is true exactly for the homes of its entries until a home has had 255 at
 * once, after which that home always counts as having some.
 */
class OverflowAreaTest {
  private static final int HOMES = 16;

  @Test
  void aHomeCountsItsEntriesAndEmptiesAgain() {
    OverflowArea area = new OverflowArea(HOMES, null);
    assertFalse(area.mayHold(3));
    area.add("a", 1, 3);
    area.add("b", 2, 3);
    area.add("c", 3, 5);
    assertTrue(area.mayHold(3) && area.mayHold(5));
    assertFalse(area.mayHold(4));
    area.removeAt(area.indexOf("a"), 3);
    assertTrue(area.mayHold(3), "b is still at home 3");
    area.removeAt(area.indexOf("b"), 3);
    assertFalse(area.mayHold(3), "home 3 has no entry left");
    assertTrue(area.mayHold(5));
    assertEquals(1, area.size());
    assertEquals("c", area.keyAt(0));
    assertEquals(3, area.valueAt(0));
  }

  @Test
  void aHomeWithTwoHundredAndFiftyFiveEntriesStaysMarked() {
    OverflowArea area = new OverflowArea(HOMES, null);
    for (int i = 0; i < 254; i++) {
      area.add(i, null, 7);
    }
    for (int i = 0; i < 254; i++) {
      area.removeAt(area.indexOf(i), 7);
    }
    assertEquals(0, area.size());
    area.add("x", null, 7);
    area.removeAt(0, 7);
    area.add("y", null, 8);
    assertFalse(area.mayHold(7), "254 entries at once: counted exactly, back to none");

    OverflowArea saturated = new OverflowArea(HOMES, null);
    for (int i = 0; i < 255; i++) {
      saturated.add(i, null, 7);
    }
    saturated.add("y", null, 8);
    for (int i = 0; i < 255; i++) {
      saturated.removeAt(saturated.indexOf(i), 7);
    }
    assertTrue(saturated.mayHold(7), "255 at once: the count saturated");
    assertTrue(saturated.mayHold(8));
  }

  @Test
  void removingMovesTheLastEntryIntoTheGap() {
    OverflowArea area = new OverflowArea(HOMES, null);
    for (String key : Arrays.asList("a", "b", "c", "d")) {
      area.add(key, key.toUpperCase(Locale.ROOT), 0);
    }
    area.removeAt(area.indexOf("b"), 0);
    assertEquals(3, area.size());
    assertEquals(1, area.indexOf("d"));
    assertEquals("D", area.valueAt(1));
    assertEquals(-1, area.indexOf("b"));
    area.setValueAt(area.indexOf("c"), "see");
    assertEquals("see", area.valueAt(area.indexOf("c")));
  }

  @Test
  void clearForgetsEveryKey() {
    OverflowArea area = new OverflowArea(HOMES, null);
    area.add("a", 1, 2);
    area.add("b", 2, 2);
    area.clear();
    assertEquals(0, area.size());
    assertFalse(area.mayHold(2));
    area.add("c", 3, 2);
    assertEquals(-1, area.indexOf("a"), "a was cleared; index 0 now holds c");
    assertEquals(-1, area.indexOf("b"));
    assertEquals(0, area.indexOf("c"));
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
    OverflowArea area = new OverflowArea(HOMES, caseInsensitive);
    area.add("Key", 1, 0);
    area.add(null, 2, 0);
    assertEquals(0, area.indexOf("KEY"));
    assertEquals(1, area.indexOf(null));
    area.removeAt(0, 0);
    assertEquals(0, area.indexOf(null));
    assertEquals(-1, area.indexOf("key"));
  }
}
