/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The memory of the chained maps beyond their inline heads: the extra region that holds every chain
 * entry after the first.
 *
 * <p>A segment of b buckets sized for n keys reserves what the fluid limit expects those keys to
 * need, n minus the expected number of non-empty buckets ({@code b (1 - e^-λ)} with one choice,
 * {@code b tanh λ} with two or more, λ = n / b), plus 2√b and 4 more slots. When the region runs
 * out it grows to what the fluid limit expects for 1.25 times the keys held, and at least by a
 * quarter plus 4 slots.
 */
class ExtraRegionTest {
  /** The reservation of the documented rule for {@code entries} keys in {@code buckets}. */
  private static long reserved(int choices, int buckets, int entries) {
    double load = (double) entries / buckets;
    double occupied = choices == 1 ? 1 - Math.exp(-load) : Math.tanh(load);
    return Math.max(0, (long) (entries - buckets * occupied + 2 * Math.sqrt(buckets))) + 4;
  }

  @Test
  void aPresizedTableReservesWhatTheFluidLimitExpects() {
    // 500 keys in 500 buckets, one segment: 500 - 500 tanh 1 + 2 sqrt(500) = 163.92, + 4
    assertEquals(500 + 167, TwoChoiceHashMap.builder().expectedSize(500).build().slotCapacity());
    assertEquals(
        500 + 167, TwoChoiceHashMap.builder().choices(3).expectedSize(500).build().slotCapacity());
    // one choice: 500 - 500 (1 - 1/e) + 44.72 = 228.66, + 4
    assertEquals(500 + 232, OneChoiceHashMap.builder().expectedSize(500).build().slotCapacity());
    // load 2 in 250 buckets: 500 - 250 tanh 2 + 2 sqrt(250) = 290.61, + 4
    assertEquals(250 + 294, new TwoChoiceHashMap<>(500, 2f).slotCapacity());
    // an empty table of 16 buckets: 2 sqrt(16) + 4
    assertEquals(16 + 12, new TwoChoiceHashMap<>().slotCapacity());
    assertEquals(16 + 12, new TwoChoiceHashSet<>().map().slotCapacity());
    // 1000 keys: two segments of 500 buckets, each reserving for its 500 keys
    assertEquals(2 * (500 + 167), new TwoChoiceHashMap<>(1000).slotCapacity());
  }

  /**
   * The margin of 2√b is what makes the reservation enough: the number of non-empty buckets has a
   * standard deviation of about 0.31√b with one choice (and less with more, which even out the
   * buckets), so a presized map needs more than it reserved with probability far below 10^-6.
   */
  @Test
  void aPresizedMapTakesItsExpectedSizeWithoutGrowingItsArrays() {
    for (int n : List.of(1_000, 10_000, 100_000)) {
      for (int d = 1; d <= 3; d++) {
        ChainedHashMap<Integer, Integer> map =
            d == 1
                ? OneChoiceHashMap.builder().expectedSize(n).seed(n + d).build()
                : TwoChoiceHashMap.builder().choices(d).expectedSize(n).seed(n + d).build();
        long capacity = map.slotCapacity();
        for (int key = 0; key < n; key++) {
          map.put(key, key);
        }
        assertEquals(capacity, map.slotCapacity(), "n = " + n + ", d = " + d);
      }
    }
  }

  /**
   * Filled by {@code put} from empty, a table is rebuilt with the reservation for the keys it holds
   * at each growth, and its region runs out in between; every time, it grows by the rule. Random
   * keys need about what the fluid limit says, so its figure is the larger; keys that come in
   * groups of four with one hash code fill longer chains than it expects, so then the quarter is.
   */
  @Test
  void aRegionThatRunsOutGrowsByTheRule() {
    HashStrategy<Integer> groupsOfFour =
        new HashStrategy<>() {
          @Override
          public int hashCode(Integer key) {
            return key / 4;
          }

          @Override
          public boolean equals(Integer a, Integer b) {
            return a.equals(b);
          }
        };
    int[] random = growthsOfTheRegion(TwoChoiceHashMap.builder().seed(9).build());
    assertTrue(random[0] > 0 && random[1] == 0, random[0] + " and " + random[1]);
    int[] grouped = growthsOfTheRegion(TwoChoiceHashMap.builder().seed(10).build(groupsOfFour));
    assertTrue(grouped[1] > 0, grouped[0] + " and " + grouped[1]);
  }

  /**
   * Puts 10^5 keys, checks each growth of the extra region against the rule, and returns how many
   * times the fluid limit's figure and the quarter decided it.
   */
  private static int[] growthsOfTheRegion(TwoChoiceHashMap<Integer, Integer> map) {
    int[] decidedBy = new int[2];
    for (int key = 0; key < 100_000; key++) {
      long hash = map.hash(key);
      ChainTable segment = map.segmentOf(hash);
      int buckets = segment.units();
      int capacity = segment.slots();
      int size = segment.size();
      map.put(key, key);
      if (map.segmentOf(hash) == segment && segment.slots() != capacity) {
        long theory = reserved(2, buckets, (int) (1.25 * size));
        long quarter = (long) ((capacity - buckets) * 1.25) + 4;
        assertEquals(Math.max(theory, quarter), segment.slots() - buckets, "key " + key);
        decidedBy[theory > quarter ? 0 : 1]++;
      }
    }
    return decidedBy;
  }

  /**
   * Long chains (one choice, eight keys per bucket) emptied in a random order: every removal — of a
   * head, whose successor moves into the bucket, of a middle entry or of a last one — and every
   * reuse of a freed slot keeps exactly the other entries, checked against a {@code HashMap} after
   * each step.
   */
  @Test
  void removingAnyChainEntryKeepsTheOthers() {
    OneChoiceHashMap<Integer, Integer> map =
        OneChoiceHashMap.builder().loadFactor(8).expectedSize(400).seed(3).build();
    Map<Integer, Integer> model = new HashMap<>();
    List<Integer> keys = new ArrayList<>();
    for (int key = 0; key < 400; key++) {
      map.put(key, -key);
      model.put(key, -key);
      keys.add(key);
    }
    assertTrue(map.loadStats().maxLoad() >= 12, "chains long enough to have middles");
    Collections.shuffle(keys, new Random(4));
    for (int i = 0; i < keys.size(); i++) {
      int key = keys.get(i);
      assertEquals(-key, map.remove(key));
      model.remove(key);
      if (i % 3 == 0) { // refill a freed slot with a key that was never there
        map.put(1000 + i, i);
        model.put(1000 + i, i);
      }
      assertEquals(model, map, "after removing " + key);
    }
  }
}
