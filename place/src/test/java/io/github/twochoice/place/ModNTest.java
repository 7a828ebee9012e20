/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ModNTest {
  private static final int KEYS = 100_000;

  @Test
  void ownerIsTheMixedHashModuloN() {
    List<String> names = RendezvousTest.names(7);
    ModN<String> placement = ModN.of(names, Function.identity());
    for (int k = 0; k < 2000; k++) {
      long hash = Hash64.splitmix64(Hash64.fnv1a64("key-" + k));
      assertEquals(names.get((int) Long.remainderUnsigned(hash, 7)), placement.owner("key-" + k));
    }
  }

  /** Each count is Binomial(100000, 1/8). */
  @Test
  void eachNodeOwnsOneNth() {
    ModN<String> placement = ModN.of(RendezvousTest.names(8), Function.identity());
    Map<String, Integer> counts = new HashMap<>();
    for (int k = 0; k < KEYS; k++) {
      counts.merge(placement.owner("key-" + k), 1, Integer::sum);
    }
    for (String node : placement.nodes()) {
      Binomial.assertCount(counts.getOrDefault(node, 0), KEYS, 1.0 / 8, node);
    }
  }

  /**
   * From 8 nodes to 7, a key stays iff h mod 8 = h mod 7, iff h mod 56 &lt; 7 (Chinese remainder
   * theorem): probability 1/8. The number of keys that move is Binomial(100000, 7/8).
   */
  @Test
  void removingTheLastOfEightNodesMovesSevenEighthsOfTheKeys() {
    List<String> names = RendezvousTest.names(8);
    ModN<String> eight = ModN.of(names, Function.identity());
    ModN<String> seven = ModN.of(names.subList(0, 7), Function.identity());
    int moved = 0;
    for (int k = 0; k < KEYS; k++) {
      if (!eight.owner("key-" + k).equals(seven.owner("key-" + k))) {
        moved++;
      }
    }
    Binomial.assertCount(moved, KEYS, 7.0 / 8, "moved");
    assertEquals(7, seven.size());
  }

  @Test
  void badInputGetsAClearException() {
    assertThrows(IllegalArgumentException.class, () -> ModN.of(List.of(), Function.identity()));
    assertThrows(
        IllegalArgumentException.class, () -> ModN.of(List.of("a", "a"), Function.identity()));
    assertThrows(
        NullPointerException.class, () -> ModN.of(List.of("a"), Function.identity()).owner(null));
  }
}
