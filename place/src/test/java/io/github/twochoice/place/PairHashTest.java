/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The standard pair hash spreads the ordered (primary, backup) pairs evenly. */
class PairHashTest {
  private static final int NODES = 8;
  private static final int KEYS = 100_000;

  @Test
  void standardIsSplitMixOfTheXor() {
    long key = Hash64.fnv1a64("key");
    long node = Hash64.fnv1a64("node");
    assertEquals(Hash64.splitmix64(key ^ node), PairHash.standard().weight(key, node));
  }

  /**
   * Under the standard pair hash, each of the N (N − 1) = 56 ordered (primary, backup) pairs is
   * equally likely: each count is Binomial(100000, 1/56).
   */
  @Test
  void standardSpreadsPrimaryBackupPairsEvenly() {
    Rendezvous<String> placement = Rendezvous.ofNames(names());
    int[][] pairs = pairCounts(placement);
    for (int p = 0; p < NODES; p++) {
      for (int b = 0; b < NODES; b++) {
        if (p != b) {
          Binomial.assertCount(
              pairs[p][b], KEYS, 1.0 / (NODES * (NODES - 1)), "pair " + p + ", " + b);
        }
      }
    }
  }

  private static int[][] pairCounts(Rendezvous<String> placement) {
    List<String> names = placement.nodes();
    int[][] pairs = new int[NODES][NODES];
    for (int k = 0; k < KEYS; k++) {
      List<String> ranking = placement.ranking("key-" + k, 2);
      pairs[names.indexOf(ranking.get(0))][names.indexOf(ranking.get(1))]++;
    }
    return pairs;
  }

  private static List<String> names() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < NODES; i++) {
      names.add("node-" + i);
    }
    return names;
  }
}
