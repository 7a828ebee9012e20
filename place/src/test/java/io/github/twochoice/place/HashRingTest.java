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

class HashRingTest {
  private static final int KEYS = 100_000;

  /** The owner is the node of the first token at or after the key, in unsigned order, wrapping. */
  @Test
  void ownerIsTheFirstTokenAtOrAfterTheKey() {
    List<String> names = RendezvousTest.names(7);
    int tokens = 5;
    HashRing<String> ring = HashRing.of(names, Function.identity(), tokens);
    for (int k = 0; k < 2000; k++) {
      long position = Hash64.mixedFnv1a64("key-" + k);
      String best = null;
      long bestDistance = 0;
      for (String name : names) {
        for (int i = 0; i < tokens; i++) {
          long distance = Hash64.mixedFnv1a64(name + "#" + i) - position; // clockwise, mod 2^64
          if (best == null || Long.compareUnsigned(distance, bestDistance) < 0) {
            best = name;
            bestDistance = distance;
          }
        }
      }
      assertEquals(best, ring.owner("key-" + k));
    }
  }

  /** Node i's key count is Binomial(100000, share_i), the share computed from the arcs. */
  @Test
  void sharesAreTheArcLengths() {
    HashRing<String> ring = HashRing.of(RendezvousTest.names(8), Function.identity(), 3);
    Map<String, Double> shares = ring.shares();
    assertEquals(1, shares.values().stream().mapToDouble(Double::doubleValue).sum(), 1e-12);
    Map<String, Integer> counts = new HashMap<>();
    for (int k = 0; k < KEYS; k++) {
      counts.merge(ring.owner("key-" + k), 1, Integer::sum);
    }
    for (String node : ring.nodes()) {
      Binomial.assertCount(counts.getOrDefault(node, 0), KEYS, shares.get(node), node);
    }
    HashRing<String> single = HashRing.of(List.of("only"), Function.identity(), 1);
    assertEquals(Map.of("only", 1.0), single.shares());
    assertEquals("only", single.owner("anything"));
  }

  /** Removing a node moves only its keys; adding one moves keys only to it. */
  @Test
  void changesMoveOnlyTheChangedNodesKeys() {
    List<String> names = RendezvousTest.names(9);
    HashRing<String> all = HashRing.of(names, Function.identity(), 16);
    HashRing<String> withoutLast = HashRing.of(names.subList(0, 8), Function.identity(), 16);
    for (int k = 0; k < 20_000; k++) {
      String key = "key-" + k;
      String owner = all.owner(key);
      if (!owner.equals("node-8")) {
        assertEquals(owner, withoutLast.owner(key), key);
      }
    }
  }

  @Test
  void badInputGetsAClearException() {
    assertThrows(
        IllegalArgumentException.class, () -> HashRing.of(List.of(), Function.identity(), 1));
    IllegalArgumentException noTokens =
        assertThrows(
            IllegalArgumentException.class,
            () -> HashRing.of(List.of("a"), Function.identity(), 0));
    assertEquals("tokensPerNode must be positive: 0", noTokens.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> HashRing.of(List.of("a", "a"), Function.identity(), 1));
    assertThrows(NullPointerException.class, () -> HashRing.of(List.of("a"), s -> null, 1));
    assertThrows(
        NullPointerException.class,
        () -> HashRing.of(List.of("a"), Function.identity(), 1).owner(null));
  }
}
