/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.place.Rendezvous;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Replica pairs under rendezvous hashing with one {@link PairHashes pair hash}: each key is stored
 * on its primary and its backup, {@link Rendezvous#ranking(String, int) ranking(key, 2)}, and when
 * one node fails, every pair that held it gets a new member, the key's next node in the ranking on
 * the survivors. Counts how the pairs are spread before the failure and where the new members are.
 *
 * <p>With independent, uniformly random rankings (the standard pair hash), a key's pair holds the
 * failed node with probability 2/N, so {@code 2K/N} of K keys get a new member. A survivor s
 * becomes the new member exactly when the failed node is in the key's first two places and s in the
 * third: probability {@code (1/N) · 2/(N − 1)}, since s is third with probability 1/N and, given
 * that, the failed node is among the first two of the other N − 1 with probability 2/(N − 1). So
 * each survivor receives {@code 2K / (N (N − 1))} new keys, the 2K/N spread evenly over N − 1
 * survivors. Every other pair keeps its members in the same order, whatever the pair hash: removing
 * a node only closes the gap it leaves in each ranking.
 *
 * <p>Cost: two rankings, O(N) each, per key.
 *
 * @param pairHash the pair hash of the rankings
 * @param primaries the keys each node holds as primary, over every node
 * @param distinctPairs the distinct ordered (primary, backup) pairs among the keys, at most N (N −
 *     1)
 * @param failedPrimaryTo the failed node's primary keys, counted by the survivor that takes them as
 *     primary (their backup), over the survivors
 * @param pairsWithFailed the keys whose pair held the failed node
 * @param newMembers the keys each survivor stores that it did not store before, over the survivors
 * @param otherPairsChanged the keys whose pair did not hold the failed node and yet changed
 */
record ReplicaPairs(
    PairHashes pairHash,
    NodeLoads primaries,
    int distinctPairs,
    NodeLoads failedPrimaryTo,
    long pairsWithFailed,
    NodeLoads newMembers,
    long otherPairsChanged) {

  /** Measures every pair hash of {@link PairHashes} on the same nodes, keys and failure. */
  static List<ReplicaPairs> compare(List<String> nodes, List<String> keys, String failed) {
    List<ReplicaPairs> all = new ArrayList<>();
    for (PairHashes pairHash : PairHashes.values()) {
      all.add(measure(pairHash, nodes, keys, failed));
    }
    return List.copyOf(all);
  }

  /** Ranks every key on all nodes and again after {@code failed} is removed, and counts. */
  private static ReplicaPairs measure(
      PairHashes pairHash, List<String> nodes, List<String> keys, String failed) {
    Rendezvous<String> before = Rendezvous.of(nodes, UnaryOperator.identity(), pairHash.pairHash());
    Rendezvous<String> after = Rendezvous.of(nodes, UnaryOperator.identity(), pairHash.pairHash());
    after.remove(failed);
    List<String> survivors = after.nodes();
    long[] primaries = new long[nodes.size()];
    long[] failedPrimaryTo = new long[survivors.size()];
    long[] newMembers = new long[survivors.size()];
    Set<List<String>> pairs = new HashSet<>();
    long pairsWithFailed = 0;
    long otherPairsChanged = 0;
    for (String key : keys) {
      List<String> pair = before.ranking(key, 2);
      List<String> newPair = after.ranking(key, 2);
      pairs.add(pair);
      primaries[nodes.indexOf(pair.get(0))]++;
      if (!pair.contains(failed)) {
        otherPairsChanged += pair.equals(newPair) ? 0 : 1;
        continue;
      }
      pairsWithFailed++;
      if (pair.get(0).equals(failed)) {
        failedPrimaryTo[survivors.indexOf(newPair.get(0))]++;
      }
      for (String member : newPair) {
        if (!pair.contains(member)) {
          newMembers[survivors.indexOf(member)]++;
        }
      }
    }
    return new ReplicaPairs(
        pairHash,
        new NodeLoads(nodes, primaries),
        pairs.size(),
        new NodeLoads(survivors, failedPrimaryTo),
        pairsWithFailed,
        new NodeLoads(survivors, newMembers),
        otherPairsChanged);
  }

  /** The keys expected to have the failed node in their pair, 2K/N for K keys on N nodes. */
  static double expectedPairsWithFailed(int keys, int nodes) {
    return 2.0 * keys / nodes;
  }

  /** The new keys each survivor is expected to store, 2K / (N (N − 1)). */
  static double expectedNewPerSurvivor(int keys, int nodes) {
    return 2.0 * keys / ((double) nodes * (nodes - 1));
  }

  /** The number of ordered (primary, backup) pairs of N nodes, N (N − 1). */
  static int possiblePairs(int nodes) {
    return nodes * (nodes - 1);
  }
}
