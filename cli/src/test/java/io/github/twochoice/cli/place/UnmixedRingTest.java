/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.place.Hash64;
import io.github.twochoice.place.HashRing;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class UnmixedRingTest {
  private static final List<String> NAMES = PlacementStudy.proxies(8);

  /** The owner is the node of the first unmixed token at or after the mixed key, wrapping. */
  @Test
  void ownerIsTheFirstUnmixedTokenAtOrAfterTheKey() {
    int tokens = 5;
    UnmixedRing ring = new UnmixedRing(NAMES, tokens);
    for (int k = 0; k < 2000; k++) {
      long position = Hash64.mixedFnv1a64("key-" + k);
      String best = null;
      long bestDistance = 0;
      for (String name : NAMES) {
        for (int i = 0; i < tokens; i++) {
          long distance = Hash64.fnv1a64(name + "#" + i) - position; // clockwise, mod 2^64
          if (best == null || Long.compareUnsigned(distance, bestDistance) < 0) {
            best = name;
            bestDistance = distance;
          }
        }
      }
      assertEquals(best, ring.owner("key-" + k));
    }
    assertEquals(1, ring.shares().values().stream().mapToDouble(Double::doubleValue).sum(), 1e-12);
  }

  /**
   * Unmixed FNV tokens of proxy-1#0 … proxy-1#9 differ by small multiples of the FNV prime, so each
   * node's ten tokens fall in an arc shorter than 2^-20 of the ring: its share is the same as with
   * one token, to 10^-5. With the final mix, 80 tokens on 8 nodes give each a share with standard
   * deviation sqrt(10)/80 = 0.04 around 0.125; these inputs give at most 0.19, against 0.66
   * unmixed.
   */
  @Test
  void unmixedTokensClusterAndUnbalanceTheRing() {
    Map<String, Double> unmixed = new UnmixedRing(NAMES, 10).shares();
    Map<String, Double> oneToken = new UnmixedRing(NAMES, 1).shares();
    for (String name : NAMES) {
      assertEquals(oneToken.get(name), unmixed.get(name), 1e-5, name);
    }
    double mixedMax =
        Collections.max(HashRing.of(NAMES, Function.identity(), 10).shares().values());
    double unmixedMax = Collections.max(unmixed.values());
    assertTrue(mixedMax < 0.25, "mixed " + mixedMax);
    assertTrue(unmixedMax > 0.5, "unmixed " + unmixedMax);
  }
}
