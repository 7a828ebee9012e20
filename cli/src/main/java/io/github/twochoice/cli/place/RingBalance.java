/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.place.Hash64;
import io.github.twochoice.place.HashRing;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * How evenly a consistent-hashing ring divides the keys: the exact share of the ring each node owns
 * ({@link HashRing#shares()}), the URLs it gets, and how far apart a node's tokens lie: the median
 * gap between consecutive tokens of one node. Tokens spread over the ring leave gaps of about
 * {@code ln 2 / v}; plain FNV-1a positions of {@code "proxy-1#0"}, {@code "proxy-1#1"}, … cluster
 * in tiny arcs, and the node acts as if it had one or two tokens. Cost: O(N v log(N v)) for N nodes
 * of v tokens, plus one ring lookup per key.
 *
 * @param label the ring's name in tables
 * @param tokens tokens per node
 * @param shares the exact share of the ring of each node, in node order
 * @param urls the URLs each node owns
 * @param medianTokenGap the median gap between a node's consecutive tokens, as a fraction of the
 *     ring, the largest over the nodes (1 with one token each)
 */
record RingBalance(
    String label, int tokens, List<Double> shares, NodeLoads urls, double medianTokenGap) {

  /** The rings the {@code place} command compares: 1 and 100 mixed tokens, 100 unmixed. */
  static List<RingBalance> compare(List<String> nodes, List<String> keys) {
    int many = PlacementScheme.RING_TOKENS;
    Function<String, String> name = UnaryOperator.identity();
    HashRing<String> one = HashRing.of(nodes, name, 1);
    HashRing<String> mixed = HashRing.of(nodes, name, many);
    UnmixedRing unmixed = new UnmixedRing(nodes, many);
    return List.of(
        measure("1 token", nodes, 1, true, one::owner, one.shares(), keys),
        measure(many + " tokens", nodes, many, true, mixed::owner, mixed.shares(), keys),
        measure(
            many + " tokens (unmixed FNV)",
            nodes,
            many,
            false,
            unmixed::owner,
            unmixed.shares(),
            keys));
  }

  /** Measures one ring, {@link HashRing} (mixed) or {@link UnmixedRing}, from its owners. */
  private static RingBalance measure(
      String label,
      List<String> nodes,
      int tokens,
      boolean mixed,
      UnaryOperator<String> owner,
      Map<String, Double> shares,
      List<String> keys) {
    String[] owners = keys.stream().map(owner).toArray(String[]::new);
    double largestMedianGap = 0;
    for (String node : nodes) {
      largestMedianGap = Math.max(largestMedianGap, medianTokenGap(node, tokens, mixed));
    }
    return new RingBalance(
        label,
        tokens,
        List.copyOf(shares.values()),
        NodeLoads.of(nodes, owners, NodeLoads.ones(keys.size())),
        largestMedianGap);
  }

  /**
   * The median gap between a node's consecutive tokens, as a fraction of the ring: about {@code ln
   * 2 / v} for v tokens spread at random, 1 for one token. The positions are those {@link HashRing}
   * documents, {@code fnv1a64(node + "#" + i)} mixed by SplitMix64, or those of {@link
   * UnmixedRing}, unmixed.
   */
  private static double medianTokenGap(String node, int tokens, boolean mixed) {
    long[] flipped = new long[tokens]; // XOR Long.MIN_VALUE: signed order = unsigned order
    for (int i = 0; i < tokens; i++) {
      long position = Hash64.fnv1a64(node + "#" + i);
      flipped[i] = (mixed ? Hash64.splitmix64(position) : position) ^ Long.MIN_VALUE;
    }
    Arrays.sort(flipped);
    double[] gaps = new double[tokens];
    gaps[0] = tokens == 1 ? 1 : ringFraction(flipped[0] - flipped[tokens - 1]); // the wrap
    for (int i = 1; i < tokens; i++) {
      gaps[i] = ringFraction(flipped[i] - flipped[i - 1]);
    }
    Arrays.sort(gaps);
    return (gaps[(tokens - 1) / 2] + gaps[tokens / 2]) / 2;
  }

  /** The unsigned length of an arc, a difference of positions mod 2^64, over 2^64. */
  private static double ringFraction(long arc) {
    return (arc >>> 1) * 0x1.0p-63;
  }

  /** The smallest of {@link #shares()} times the number of nodes: 1 is even. */
  double minShareOverMean() {
    return shares.stream().mapToDouble(Double::doubleValue).min().orElseThrow() * shares.size();
  }

  /** The largest of {@link #shares()} times the number of nodes: 1 is even. */
  double maxShareOverMean() {
    return shares.stream().mapToDouble(Double::doubleValue).max().orElseThrow() * shares.size();
  }
}
