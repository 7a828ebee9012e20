/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class TwoChoiceRingTest {
  @Test
  void eachKeyGoesToItsLessLoadedCandidate() {
    HashRing<String> ring = HashRing.of(RendezvousTest.names(10), Function.identity(), 2);
    TwoChoiceRing<String> placement = TwoChoiceRing.on(ring);
    Map<String, Long> loads = new HashMap<>();
    for (int k = 0; k < 20_000; k++) {
      String key = "key-" + k;
      List<String> candidates = placement.candidates(key);
      assertEquals(ring.owner(key), candidates.get(0));
      long first = loads.getOrDefault(candidates.get(0), 0L);
      long second = loads.getOrDefault(candidates.get(1), 0L);
      String expected = second < first ? candidates.get(1) : candidates.get(0);
      assertEquals(expected, placement.assign(key), key);
      loads.merge(expected, 1L, Long::sum);
    }
    for (String node : ring.nodes()) {
      assertEquals(loads.getOrDefault(node, 0L), placement.load(node), node);
    }
  }

  /**
   * One token for each of 64 nodes: the largest arc is several times the average, and one choice
   * loads its node accordingly; two choices bring the maximum to within 50 % of the average (fixed
   * keys and names: with these, one choice gives 5810 keys, two choices 2140, average 1562).
   */
  @Test
  void twoChoicesCutTheMaximumLoad() {
    HashRing<String> ring = HashRing.of(RendezvousTest.names(64), Function.identity(), 1);
    TwoChoiceRing<String> placement = TwoChoiceRing.on(ring);
    Map<String, Integer> oneChoice = new HashMap<>();
    int keys = 100_000;
    for (int k = 0; k < keys; k++) {
      placement.assign("key-" + k);
      oneChoice.merge(ring.owner("key-" + k), 1, Integer::sum);
    }
    long oneChoiceMax =
        oneChoice.values().stream().mapToLong(Integer::longValue).max().orElseThrow();
    long twoChoiceMax = ring.nodes().stream().mapToLong(placement::load).max().orElseThrow();
    double average = keys / 64.0;
    assertTrue(oneChoiceMax > 2.5 * average, "one choice: " + oneChoiceMax);
    assertTrue(twoChoiceMax < 1.5 * average, "two choices: " + twoChoiceMax);
  }

  @Test
  void badInputGetsAClearException() {
    TwoChoiceRing<String> placement =
        TwoChoiceRing.on(HashRing.of(List.of("a", "b"), Function.identity(), 1));
    assertThrows(IllegalArgumentException.class, () -> placement.load("c"));
    assertThrows(NullPointerException.class, () -> placement.assign(null));
    assertThrows(NullPointerException.class, () -> TwoChoiceRing.on(null));
  }
}
