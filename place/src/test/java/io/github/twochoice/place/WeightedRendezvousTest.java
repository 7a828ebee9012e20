/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class WeightedRendezvousTest {
  private static final double[] CAPACITIES = {1, 1, 1, 1, 2, 2, 4, 4};
  private static final int KEYS = 200_000;

  /** Node i's count is Binomial(200000, w_i / Σ w). */
  @Test
  void logarithmicSharesAreProportionalToWeight() {
    WeightedRendezvous<String> placement = placement(WeightedScore.LOGARITHMIC);
    Map<String, Integer> counts = new HashMap<>();
    for (int k = 0; k < KEYS; k++) {
      counts.merge(placement.owner("key-" + k), 1, Integer::sum);
    }
    double[] shares = WeightedScore.LOGARITHMIC.shares(CAPACITIES);
    for (int i = 0; i < CAPACITIES.length; i++) {
      Binomial.assertCount(counts.getOrDefault("node-" + i, 0), KEYS, shares[i], "node " + i);
    }
  }

  /** A node's score does not depend on the others: changes move keys only to or from that node. */
  @Test
  void addingOrRemovingANodeMovesOnlyItsKeys() {
    WeightedRendezvous<String> placement = placement(WeightedScore.LOGARITHMIC);
    List<String> before = owners(placement);
    placement.add("node-8", 3);
    List<String> added = owners(placement);
    placement.remove("node-5");
    List<String> removed = owners(placement);
    for (int k = 0; k < 20_000; k++) {
      assertTrue(added.get(k).equals(before.get(k)) || added.get(k).equals("node-8"));
      if (!added.get(k).equals("node-5")) {
        assertEquals(added.get(k), removed.get(k));
      }
    }
  }

  /** The ranking is the order of owners as the nodes ahead of a key leave, one by one. */
  @Test
  void theRankingIsTheOrderOfOwnersAsNodesLeave() {
    for (int k = 0; k < 300; k++) {
      String key = "key-" + k;
      WeightedRendezvous<String> placement = placement(WeightedScore.LOGARITHMIC);
      List<String> ranking = placement.ranking(key, CAPACITIES.length);
      assertEquals(CAPACITIES.length, ranking.stream().distinct().count(), key);
      assertEquals(ranking.subList(0, 3), placement.ranking(key, 3), "a prefix: " + key);
      for (String next : ranking) {
        assertEquals(next, placement.owner(key), key);
        placement.remove(next);
      }
    }
  }

  @Test
  void aRankingOfMoreNodesThanThereAreIsRefused() {
    WeightedRendezvous<String> placement = placement(WeightedScore.LOGARITHMIC);
    assertEquals(List.of(), placement.ranking("k", 0));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> placement.ranking("k", 9));
    assertEquals("k must be between 0 and the number of nodes 8: 9", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> placement.ranking("k", -1));
    assertThrows(NullPointerException.class, () -> placement.ranking(null, 1));
  }

  @Test
  void removingKeepsTheOtherWeights() {
    WeightedRendezvous<String> placement =
        WeightedRendezvous.create(s -> s, WeightedScore.LOGARITHMIC);
    placement.add("a", 1);
    placement.add("b", 5);
    placement.add("c", 2);
    assertTrue(placement.remove("b"));
    assertFalse(placement.remove("b"));
    WeightedRendezvous<String> fresh = WeightedRendezvous.create(s -> s, WeightedScore.LOGARITHMIC);
    fresh.add("a", 1);
    fresh.add("c", 2);
    assertEquals(owners(fresh), owners(placement));
    assertEquals(List.of("a", "c"), placement.nodes());
    assertEquals(2, placement.size());
  }

  @Test
  void badInputGetsAClearException() {
    WeightedRendezvous<String> placement =
        WeightedRendezvous.create(Function.identity(), WeightedScore.LOGARITHMIC);
    assertThrows(IllegalStateException.class, () -> placement.owner("k"));
    for (double bad : new double[] {0, -2, Double.NaN, Double.POSITIVE_INFINITY}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> placement.add("a", bad));
      assertEquals("weight must be positive and finite: " + bad, e.getMessage());
    }
    assertEquals(0, placement.size());
    placement.add("a", 1);
    assertThrows(IllegalArgumentException.class, () -> placement.add("a", 2));
    assertThrows(NullPointerException.class, () -> placement.add(null, 2));
    assertThrows(NullPointerException.class, () -> WeightedRendezvous.create(null, null));
  }

  private static WeightedRendezvous<String> placement(WeightedScore score) {
    WeightedRendezvous<String> placement = WeightedRendezvous.create(Function.identity(), score);
    for (int i = 0; i < CAPACITIES.length; i++) {
      placement.add("node-" + i, CAPACITIES[i]);
    }
    return placement;
  }

  private static List<String> owners(WeightedRendezvous<String> placement) {
    List<String> owners = new ArrayList<>();
    for (int k = 0; k < 20_000; k++) {
      owners.add(placement.owner("key-" + k));
    }
    return owners;
  }

  @Test
  void weightIsTheWeightANodeWasAddedWith() {
    WeightedRendezvous<String> placement = placement(WeightedScore.LOGARITHMIC);
    assertEquals(4.0, placement.weight("node-7"));
    assertEquals(1.0, placement.weight("node-0"));
    assertThrows(IllegalArgumentException.class, () -> placement.weight("node-99"));
  }
}
