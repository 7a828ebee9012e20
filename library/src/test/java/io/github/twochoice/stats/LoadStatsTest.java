/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LoadStatsTest {
  private final LoadStats stats =
      LoadStats.builder(new long[] {4, 3, 2, 1, 0, 0})
          .entriesPerChoice(new long[] {7, 3})
          .overflow(5)
          .meanProbes(1.25, 2.0)
          .build();

  @Test
  void derivesCountsFromTheHistogram() {
    assertEquals(10, stats.buckets());
    assertEquals(3 + 4 + 3 + 5, stats.size());
    assertEquals(3, stats.maxLoad());
    assertEquals(0, stats.minLoad());
    assertArrayEquals(new long[] {4, 3, 2, 1}, stats.histogram());
    assertEquals(1.0, stats.meanKeysPerBucket(), 1e-12);
    assertEquals(5, stats.overflow());
    assertArrayEquals(new long[] {7, 3}, stats.entriesPerChoice());
    assertEquals(1.25, stats.meanProbesHit());
    assertEquals(2.0, stats.meanProbesMiss());
  }

  @Test
  void layersAreCumulativeFractions() {
    assertEquals(1.0, stats.fractionAtLeast(0));
    assertEquals(0.6, stats.fractionAtLeast(1), 1e-12);
    assertEquals(0.3, stats.fractionAtLeast(2), 1e-12);
    assertEquals(0.1, stats.fractionAtLeast(3), 1e-12);
    assertEquals(0.0, stats.fractionAtLeast(4));
  }

  @Test
  void minLoadIsTheLeastLoadedBucket() {
    assertEquals(2, LoadStats.builder(new long[] {0, 0, 5, 1}).build().minLoad());
    assertEquals(3, LoadStats.builder(new long[] {0, 0, 0, 7}).build().minLoad());
    assertEquals(0, LoadStats.builder(new long[] {0}).build().minLoad()); // no buckets
  }

  @Test
  void isImmutable() {
    long[] histogram = {1, 1};
    LoadStats s = LoadStats.builder(histogram).build();
    histogram[1] = 99;
    s.histogram()[1] = 99;
    assertEquals(1, s.histogram()[1]);
  }

  @Test
  void rejectsNonsenseNamingTheArgument() {
    assertTrue(
        assertThrows(NullPointerException.class, () -> LoadStats.builder(null))
            .getMessage()
            .contains("histogram"));
    assertThrows(IllegalArgumentException.class, () -> LoadStats.builder(new long[0]));
    assertThrows(IllegalArgumentException.class, () -> LoadStats.builder(new long[] {-1}));
    assertThrows(
        IllegalArgumentException.class, () -> LoadStats.builder(new long[] {1}).overflow(-1));
    assertThrows(
        IllegalArgumentException.class,
        () -> LoadStats.builder(new long[] {1}).meanProbes(Double.NaN, 1));
    assertThrows(IllegalArgumentException.class, () -> stats.fractionAtLeast(-1));
  }

  @Test
  void printsATable() {
    String text = stats.toString();
    assertTrue(text.contains("15 entries in 10 buckets"), text);
    assertTrue(text.contains("max load 3"), text);
    assertTrue(text.contains("entries per choice: [7, 3]"), text);
  }
}
