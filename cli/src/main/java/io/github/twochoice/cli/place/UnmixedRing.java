/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.place.Hash64;
import io.github.twochoice.place.HashRing;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pitfall of the consistent-hashing ring: a {@link HashRing} whose token positions skip the
 * final mix. Token i of node s sits at plain {@code fnv1a64(s + "#" + i)} instead of {@code
 * splitmix64(fnv1a64(s + "#" + i))}; keys are placed as on {@link HashRing}, at {@code
 * splitmix64(fnv1a64(key))}, and belong to the first token at or after them, wrapping around. Names
 * that differ only in their last bytes, as {@code "proxy-1#0"} … {@code "proxy-1#9"} do, get FNV
 * hashes that differ by small multiples of the FNV prime, about 2<sup>40</sup>: a node's tokens
 * fall in one short arc, and the node behaves as if it had a single token. Equal token positions go
 * to the node listed first.
 *
 * <p>Cost: as {@link HashRing}: {@link #owner(String)} binary-searches the N·v tokens, and the ring
 * takes 12 bytes per token. Immutable.
 */
final class UnmixedRing {
  private final List<String> nodes;

  /** The distinct token positions, XORed with {@code Long.MIN_VALUE}: signed order = ring order. */
  private final long[] flippedPositions;

  /** The index of the node owning each position. */
  private final int[] owners;

  /** A ring on which each node, at least one, has {@code tokensPerNode} tokens, at least one. */
  UnmixedRing(List<String> nodes, int tokensPerNode) {
    this.nodes = List.copyOf(nodes);
    long[] tokens = new long[nodes.size() * tokensPerNode];
    for (int node = 0; node < nodes.size(); node++) {
      for (int i = 0; i < tokensPerNode; i++) {
        long position = Hash64.fnv1a64(nodes.get(node) + "#" + i);
        tokens[node * tokensPerNode + i] = position ^ Long.MIN_VALUE;
      }
    }
    long[] sorted = tokens.clone();
    Arrays.sort(sorted);
    int distinct = 0;
    for (long position : sorted) {
      if (distinct == 0 || position != sorted[distinct - 1]) {
        sorted[distinct++] = position;
      }
    }
    flippedPositions = Arrays.copyOf(sorted, distinct);
    owners = new int[distinct];
    Arrays.fill(owners, -1);
    for (int token = 0; token < tokens.length; token++) {
      int index = Arrays.binarySearch(flippedPositions, tokens[token]);
      if (owners[index] < 0) {
        owners[index] = token / tokensPerNode;
      }
    }
  }

  /** The node that owns a key: the owner of the first token at or after the key's position. */
  String owner(String key) {
    long flipped = Hash64.mixedFnv1a64(key) ^ Long.MIN_VALUE;
    int index = Arrays.binarySearch(flippedPositions, flipped);
    if (index < 0) {
      index = -index - 1;
      if (index == flippedPositions.length) {
        index = 0;
      }
    }
    return nodes.get(owners[index]);
  }

  /**
   * The exact fraction of the ring each node owns, as {@link HashRing#shares()} computes it: the
   * total length of the arcs that end at its tokens, over 2<sup>64</sup>; in node order.
   */
  Map<String, Double> shares() {
    double[] arcs = new double[nodes.size()];
    int last = flippedPositions.length - 1;
    for (int i = 0; i <= last; i++) {
      long previous = flippedPositions[i == 0 ? last : i - 1];
      long arc = flippedPositions[i] - previous; // mod 2^64: the flips cancel
      arcs[owners[i]] += last == 0 ? 1 : (arc >>> 1) * 0x1.0p-63 + (arc & 1) * 0x1.0p-64;
    }
    Map<String, Double> shares = new LinkedHashMap<>();
    for (int node = 0; node < arcs.length; node++) {
      shares.put(nodes.get(node), arcs[node]);
    }
    return Collections.unmodifiableMap(shares);
  }
}
