/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Consistent hashing on a ring (Karger, Lehman, Leighton, Panigrahy, Levine and Lewin, "Consistent
 * hashing and random trees", STOC 1997). Each node puts v tokens on a ring of 2<sup>64</sup>
 * positions, token i of node s at {@code splitmix64(fnv1a64(s + "#" + i))}; a key at {@code
 * splitmix64(fnv1a64(key))} belongs to the first token at or after it, in unsigned order, wrapping
 * around after the largest position.
 *
 * <p>Removing a node moves only its keys, each to the owner of the next token; adding one takes
 * keys only for the new node. But a node's share is the total length of the arcs ending at its
 * tokens, which is random: with v tokens per node it deviates from 1/N by about {@code 1/sqrt(v)}
 * relatively, and with v = 1 the largest share is about {@code ln N / N}. {@link #shares()}
 * computes the shares exactly. Equal token positions (a 64-bit collision) go to the node listed
 * first.
 *
 * <p>Cost: {@link #owner(String)} hashes the key and binary-searches the N·v tokens, O(log(N·v)),
 * and allocates nothing. Memory: 12 bytes per token, a sorted {@code long[]} of positions and an
 * {@code int[]} of owners. Immutable and thread-safe.
 *
 * @param <N> the type of the nodes
 * @since 0.1.0
 */
public final class HashRing<N> {
  private final NodeSet<N> nodes;

  /** The distinct token positions, XORed with {@code Long.MIN_VALUE}: signed order = ring order. */
  private final long[] flippedPositions;

  /** The index of the node owning each position. */
  private final int[] owners;

  private HashRing(NodeSet<N> nodes, int tokensPerNode) {
    if (nodes.size() == 0) {
      throw new IllegalArgumentException("nodes must not be empty");
    }
    if (tokensPerNode < 1) {
      throw new IllegalArgumentException("tokensPerNode must be positive: " + tokensPerNode);
    }
    this.nodes = nodes;
    long[] tokens = new long[Math.multiplyExact(nodes.size(), tokensPerNode)];
    for (int node = 0; node < nodes.size(); node++) {
      String name = nodes.name(node);
      for (int i = 0; i < tokensPerNode; i++) {
        long position = Hash64.mixedFnv1a64(name + "#" + i);
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

  /**
   * Returns a ring on which each node has some tokens.
   *
   * @param nodes the nodes, at least one, in the order that breaks ties
   * @param name gives each node's name
   * @param tokensPerNode tokens (virtual nodes) per node, v, at least 1
   * @param <N> the type of the nodes
   * @return the ring
   * @throws NullPointerException if an argument, a node or a name is null
   * @throws IllegalArgumentException if there are no nodes, two nodes have the same name, or {@code
   *     tokensPerNode < 1}
   * @throws ArithmeticException if there are more than 2<sup>31</sup> − 1 tokens
   */
  public static <N> HashRing<N> of(
      Collection<? extends N> nodes, Function<? super N, String> name, int tokensPerNode) {
    return new HashRing<>(NodeSet.of(nodes, name), tokensPerNode);
  }

  /**
   * Returns the node that owns a key: the owner of the first token at or after the key's position.
   *
   * @param key the key
   * @return its owner
   * @throws NullPointerException if {@code key} is null
   */
  public N owner(String key) {
    return nodes.get(ownerIndexAt(Hash64.mixedFnv1a64(Objects.requireNonNull(key, "key"))));
  }

  /** Returns the index of the node owning a ring position. */
  int ownerIndexAt(long position) {
    int index = Arrays.binarySearch(flippedPositions, position ^ Long.MIN_VALUE);
    if (index < 0) {
      index = -index - 1;
      if (index == flippedPositions.length) {
        index = 0;
      }
    }
    return owners[index];
  }

  /**
   * Returns the exact fraction of the ring, hence of uniformly hashed keys, that each node owns:
   * the total length of the arcs that end at its tokens, divided by 2<sup>64</sup>.
   *
   * @return a new unmodifiable map from each node, in order, to its share; the shares sum to 1
   */
  public Map<N, Double> shares() {
    double[] arcs = new double[nodes.size()];
    int last = flippedPositions.length - 1;
    for (int i = 0; i <= last; i++) {
      long previous = flippedPositions[i == 0 ? last : i - 1];
      long arc = flippedPositions[i] - previous; // mod 2^64: the flips cancel
      arcs[owners[i]] += last == 0 ? 1 : unsignedFraction(arc);
    }
    Map<N, Double> shares = new LinkedHashMap<>();
    for (int node = 0; node < arcs.length; node++) {
      shares.put(nodes.get(node), arcs[node]);
    }
    return Collections.unmodifiableMap(shares);
  }

  /** Returns an unsigned 64-bit word divided by 2^64. */
  private static double unsignedFraction(long word) {
    return (word >>> 1) * 0x1.0p-63 + (word & 1) * 0x1.0p-64;
  }

  /** Returns the index of a node, by name, or -1. */
  int indexOf(N node) {
    return nodes.indexOf(node);
  }

  /** Returns the node at an index. */
  N node(int index) {
    return nodes.get(index);
  }

  /**
   * Returns the nodes, in order.
   *
   * @return an unmodifiable list
   */
  public List<N> nodes() {
    return nodes.view();
  }

  /**
   * Returns the number of nodes.
   *
   * @return the number of nodes
   */
  public int size() {
    return nodes.size();
  }
}
