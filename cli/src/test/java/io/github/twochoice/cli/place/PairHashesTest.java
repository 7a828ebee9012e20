/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.place.Hash64;
import io.github.twochoice.place.PairHash;
import io.github.twochoice.place.Rendezvous;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The pair hashes without a final mix: XORing the key's and the node's hashes, mixed or not, gives
 * every key the same trie of node values and only chooses branches, and adding them gives every key
 * the same cyclic order of node values and only chooses where to start; either way a key's second
 * choice is a function of its first.
 */
class PairHashesTest {
  private static final int NODES = 8;
  private static final int KEYS = 100_000;

  @Test
  void eachIsTheFormulaOfItsLabel() {
    long key = Hash64.fnv1a64("key");
    long node = Hash64.fnv1a64("node");
    assertEquals(Hash64.splitmix64(key ^ node), PairHashes.STANDARD.pairHash().weight(key, node));
    assertEquals(key ^ node, PairHashes.XOR.pairHash().weight(key, node));
    assertEquals(
        Hash64.splitmix64(key) ^ Hash64.splitmix64(node),
        PairHashes.XOR_OF_MIXED.pairHash().weight(key, node));
    assertEquals(key + node, PairHashes.SUM.pairHash().weight(key, node));
    assertEquals(
        Hash64.splitmix64(key) + Hash64.splitmix64(node),
        PairHashes.SUM_OF_MIXED.pairHash().weight(key, node));
  }

  @Test
  void unmixedXorMakesTheBackupAFunctionOfThePrimary() {
    assertBackupIsATrieNeighbour(PairHashes.XOR.pairHash(), LongUnaryOperator.identity());
  }

  @Test
  void xorOfMixedMakesTheBackupAFunctionOfThePrimary() {
    assertBackupIsATrieNeighbour(PairHashes.XOR_OF_MIXED.pairHash(), Hash64::splitmix64);
  }

  @Test
  void unmixedSumRanksEveryKeysNodesInOneCyclicOrder() {
    assertBackupIsTheNextValueBelow(PairHashes.SUM.pairHash(), LongUnaryOperator.identity());
  }

  @Test
  void sumOfMixedRanksEveryKeysNodesInOneCyclicOrder() {
    assertBackupIsTheNextValueBelow(PairHashes.SUM_OF_MIXED.pairHash(), Hash64::splitmix64);
  }

  /**
   * With weights {@code K + v_i} mod 2^64 compared unsigned, adding K rotates the circle of values,
   * so the nodes rank in descending order of v_i, starting at the first value at or below −K − 1
   * and wrapping around: whatever K, the backup's value is the next one below the primary's,
   * cyclically. Exact for every key, and it leaves only N of the N (N − 1) = 56 ordered pairs.
   */
  private static void assertBackupIsTheNextValueBelow(
      PairHash pairHash, LongUnaryOperator nodeValue) {
    List<String> names = names();
    long[] values = nodeValues(names, nodeValue);
    Rendezvous<String> placement = Rendezvous.of(names, name -> name, pairHash);
    Set<List<Integer>> seen = new HashSet<>();
    for (int k = 0; k < KEYS; k++) {
      List<String> ranking = placement.ranking("key-" + k, 2);
      int primary = names.indexOf(ranking.get(0));
      int backup = names.indexOf(ranking.get(1));
      assertEquals(nextValueBelow(values, primary), backup, "key-" + k);
      seen.add(List.of(primary, backup));
    }
    assertTrue(seen.size() <= NODES, "pairs seen: " + seen.size());
  }

  /** The node whose value is the largest below node p's, or the largest of all if none is. */
  private static int nextValueBelow(long[] values, int p) {
    int below = -1;
    int largest = -1;
    for (int i = 0; i < values.length; i++) {
      if (i == p) {
        continue;
      }
      if (largest < 0 || Long.compareUnsigned(values[i], values[largest]) > 0) {
        largest = i;
      }
      if (Long.compareUnsigned(values[i], values[p]) < 0
          && (below < 0 || Long.compareUnsigned(values[i], values[below]) > 0)) {
        below = i;
      }
    }
    return below >= 0 ? below : largest;
  }

  /**
   * With weights {@code K ^ v_i} (K the key's value, v_i the node's), the primary p maximizes
   * {@code K ^ v_p}, and another node i agrees with p above bit d_i, the highest bit where v_i and
   * v_p differ; there K ^ v_p has a 1 and K ^ v_i a 0. So among the others, the node of smallest
   * d_i — longest common prefix with v_p — weighs most, whatever K: the backup is always one of p's
   * trie neighbours. Exact for every key, and it leaves fewer than the 56 possible pairs.
   */
  private static void assertBackupIsATrieNeighbour(PairHash pairHash, LongUnaryOperator nodeValue) {
    List<String> names = names();
    long[] values = nodeValues(names, nodeValue);
    List<Set<Integer>> neighbours = new ArrayList<>();
    int possiblePairs = 0;
    for (int p = 0; p < NODES; p++) {
      int longestPrefix = -1;
      Set<Integer> nearest = new HashSet<>();
      for (int i = 0; i < NODES; i++) {
        int prefix = Long.numberOfLeadingZeros(values[i] ^ values[p]);
        if (i == p || prefix < longestPrefix) {
          continue;
        }
        if (prefix > longestPrefix) {
          longestPrefix = prefix;
          nearest.clear();
        }
        nearest.add(i);
      }
      neighbours.add(nearest);
      possiblePairs += nearest.size();
    }
    Rendezvous<String> placement = Rendezvous.of(names, name -> name, pairHash);
    Set<List<Integer>> seen = new HashSet<>();
    for (int k = 0; k < KEYS; k++) {
      List<String> ranking = placement.ranking("key-" + k, 2);
      int primary = names.indexOf(ranking.get(0));
      int backup = names.indexOf(ranking.get(1));
      assertTrue(neighbours.get(primary).contains(backup), "key-" + k);
      seen.add(List.of(primary, backup));
    }
    assertTrue(possiblePairs < NODES * (NODES - 1), "pairs possible: " + possiblePairs);
    assertTrue(seen.size() <= possiblePairs);
  }

  /** The value each node's weights combine with the key's: its name hash, mixed or not. */
  private static long[] nodeValues(List<String> names, LongUnaryOperator nodeValue) {
    long[] values = new long[names.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = nodeValue.applyAsLong(Hash64.fnv1a64(names.get(i)));
    }
    return values;
  }

  private static List<String> names() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < NODES; i++) {
      names.add("node-" + i);
    }
    return names;
  }
}
