/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replica pairs when a node fails: exact bookkeeping under every pair hash (each pair that held the
 * failed node gets exactly one new member, no other pair changes), the expected spread under the
 * standard pair hash, and the one fixed order of the nodes under the pair hashes without a final
 * mix.
 */
class ReplicaPairsTest {
  private static final int NODES = 8;
  private static final int KEYS = 56_000;
  private static final List<String> NODE_NAMES = PlacementStudy.proxies(NODES);
  private static final String FAILED = "proxy-3";
  private static List<ReplicaPairs> compared;
  private static Map<PairHashes, ReplicaPairs> byPairHash;

  @BeforeAll
  static void rankEveryKeyUnderEveryPairHash() {
    List<String> keys = new ArrayList<>(KEYS);
    for (int i = 0; i < KEYS; i++) {
      keys.add("key-" + i);
    }
    compared = ReplicaPairs.compare(NODE_NAMES, keys, FAILED);
    byPairHash = new EnumMap<>(PairHashes.class);
    for (ReplicaPairs pairs : compared) {
      byPairHash.put(pairs.pairHash(), pairs);
    }
  }

  private static ReplicaPairs of(PairHashes pairHash) {
    return byPairHash.get(pairHash);
  }

  @Test
  void everyPairHashIsMeasuredOnceInItsOrder() {
    assertEquals(
        List.of(PairHashes.values()), compared.stream().map(ReplicaPairs::pairHash).toList());
  }

  @Test
  void theExpectationsAreTwoKOverNAndTwoKOverNTimesNMinusOne() {
    assertEquals(14_000.0, ReplicaPairs.expectedPairsWithFailed(KEYS, NODES), 1e-9);
    assertEquals(2_000.0, ReplicaPairs.expectedNewPerSurvivor(KEYS, NODES), 1e-9);
    // The new members are the pairs that held the failed node, spread over N − 1 survivors.
    assertEquals(
        ReplicaPairs.expectedPairsWithFailed(2088, 8) / 7,
        ReplicaPairs.expectedNewPerSurvivor(2088, 8),
        1e-12);
    assertEquals(56, ReplicaPairs.possiblePairs(NODES));
  }

  @Test
  void everyPairThatHeldTheFailedNodeGetsOneNewMemberAndNoOtherPairChanges() {
    for (ReplicaPairs pairs : compared) {
      String name = pairs.pairHash().label();
      assertEquals(pairs.pairsWithFailed(), pairs.newMembers().total(), name);
      assertEquals(0, pairs.otherPairsChanged(), name);
      // The failed node's primary keys all pass to a survivor (their backup).
      assertEquals(pairs.primaries().load(FAILED), pairs.failedPrimaryTo().total(), name);
      assertEquals(KEYS, pairs.primaries().total(), name);
    }
  }

  /**
   * Under the standard pair hash each key's ranking is uniformly random and independent of the
   * others, so each count is binomial over the 56,000 keys: the pairs with the failed node with p =
   * 2/N = 1/4 (mean 14,000, standard deviation 102), each survivor's new keys with p = 2/(N (N −
   * 1)) = 1/28 (mean 2,000, standard deviation 43.9), each node's primaries with p = 1/8 (mean
   * 7,000, standard deviation 78). Five standard deviations: exceeded with probability below 6e-7
   * per count, 2e-5 over all of them.
   */
  @Test
  void theStandardPairHashSpreadsTheNewMembersEvenly() {
    ReplicaPairs pairs = of(PairHashes.STANDARD);
    assertBinomial(pairs.pairsWithFailed(), 2.0 / NODES, "pairs with " + FAILED);
    for (String survivor : pairs.newMembers().nodes()) {
      assertBinomial(pairs.newMembers().load(survivor), 2.0 / (NODES * (NODES - 1)), survivor);
    }
    for (String node : NODE_NAMES) {
      assertBinomial(pairs.primaries().load(node), 1.0 / NODES, "primaries of " + node);
    }
    assertEquals(56, pairs.distinctPairs()); // each of the 56 pairs is expected 1,000 times
    assertEquals(NODES - 1, pairs.failedPrimaryTo().holding());
  }

  /**
   * A sum of the key's and the node's values ranks every key's nodes in one cyclic order of the
   * node values (PairHash): a primary always has the same backup, so at most N pairs occur, the
   * failed node's primary keys all go to the one node below it, and the new members are at most two
   * nodes: the one below the failed node's backup, and its own backup for the keys of the node
   * above it.
   */
  @Test
  void sumsWithoutAFinalMixGiveEveryKeyOneOrderOfTheNodes() {
    for (PairHashes sum : List.of(PairHashes.SUM, PairHashes.SUM_OF_MIXED)) {
      ReplicaPairs pairs = of(sum);
      assertTrue(pairs.distinctPairs() <= NODES, sum.label());
      assertTrue(pairs.failedPrimaryTo().holding() <= 1, sum.label());
      assertTrue(pairs.newMembers().holding() <= 2, sum.label());
    }
    // XOR without a final mix walks one trie of node values: fewer pairs than the 56 possible.
    for (PairHashes xor : List.of(PairHashes.XOR, PairHashes.XOR_OF_MIXED)) {
      assertTrue(of(xor).distinctPairs() < 56, xor.label());
    }
  }

  private static void assertBinomial(long count, double p, String what) {
    double mean = KEYS * p;
    double tolerance = 5 * Math.sqrt(KEYS * p * (1 - p));
    assertEquals(mean, (double) count, tolerance, what);
  }
}
