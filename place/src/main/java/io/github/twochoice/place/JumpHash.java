/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Jump consistent hashing (Lamping and Veach, "A fast, minimal memory, consistent hash algorithm",
 * arXiv:1406.2294, 2014; Guava's {@code Hashing.consistentHash}): a key's bucket among N numbered
 * nodes is drawn by a pseudo-random walk seeded with the key's hash, {@code
 * splitmix64(fnv1a64(key))}, that jumps forward over the buckets and stops before N.
 *
 * <p>What it guarantees: each node owns 1/N of the keys, as evenly as a perfect hash; going from N
 * to N + 1 nodes moves 1/(N + 1) of the keys, all to the new node; going back moves them back. But
 * nodes are numbers, not names: only the last node can leave without renumbering the others, and a
 * node in the middle that fails has no successor of its own ({@link #ranking} offers one, drawn
 * again from the key).
 *
 * <p>Cost: {@link #owner(String)} hashes the key and takes about ln N jumps, and allocates nothing;
 * no memory beyond the list of nodes. Immutable and thread-safe.
 *
 * @param <N> the type of the nodes
 * @since 0.1.0
 */
public final class JumpHash<N> {
  private static final long LCG = 2862933555777941757L;
  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  private final NodeSet<N> nodes;

  private JumpHash(NodeSet<N> nodes) {
    if (nodes.size() == 0) {
      throw new IllegalArgumentException("nodes must not be empty");
    }
    this.nodes = nodes;
  }

  /**
   * Returns jump hashing on some nodes, numbered in order.
   *
   * @param nodes the nodes, at least one; node i is bucket i
   * @param name gives each node's name, which must be distinct
   * @param <N> the type of the nodes
   * @return the placement
   * @throws NullPointerException if an argument, a node or a name is null
   * @throws IllegalArgumentException if there are no nodes or two nodes have the same name
   */
  public static <N> JumpHash<N> of(
      Collection<? extends N> nodes, Function<? super N, String> name) {
    return new JumpHash<>(NodeSet.of(nodes, name));
  }

  /**
   * Returns the bucket of a 64-bit key hash among {@code buckets} buckets: the algorithm itself.
   *
   * @param keyHash the key's hash
   * @param buckets the number of buckets, at least one
   * @return a bucket from 0 to {@code buckets - 1}
   * @throws IllegalArgumentException if {@code buckets} is not positive
   */
  public static int bucket(long keyHash, int buckets) {
    if (buckets < 1) {
      throw new IllegalArgumentException("buckets must be at least 1: " + buckets);
    }
    long key = keyHash;
    long b = -1;
    long j = 0;
    while (j < buckets) {
      b = j;
      key = key * LCG + 1;
      j = (long) ((b + 1) * ((double) (1L << 31) / (double) ((key >>> 33) + 1)));
    }
    return (int) b;
  }

  /**
   * Returns the node that owns a key.
   *
   * @param key the key
   * @return node number {@code bucket(splitmix64(fnv1a64(key)), N)}
   * @throws NullPointerException if {@code key} is null
   */
  public N owner(String key) {
    return nodes.get(bucket(Hash64.mixedFnv1a64(Objects.requireNonNull(key, "key")), size()));
  }

  /**
   * Returns k distinct nodes for a key: its owner, then the buckets of a SplitMix64 sequence seeded
   * with the key's hash, skipping nodes already named (expected O(N log N) draws for k = N). A
   * client can fail a key over along it, but unlike rendezvous the second node is not where the key
   * goes if the owner leaves (only the last node can leave).
   *
   * @param key the key
   * @param k how many nodes, from 0 to {@link #size()}
   * @return a new list of k distinct nodes
   * @throws NullPointerException if {@code key} is null
   * @throws IllegalArgumentException if {@code k} is negative or larger than the number of nodes
   */
  public List<N> ranking(String key, int k) {
    long hash = Hash64.mixedFnv1a64(Objects.requireNonNull(key, "key"));
    int size = nodes.checkRankingLength(k);
    int[] chosen = new int[k];
    boolean[] taken = new boolean[size];
    // The key's hash, then the SplitMix64 sequence seeded with it: a state advanced by the golden
    // gamma before each mix never repeats, so every bucket comes up.
    long state = hash;
    for (int filled = 0; filled < k; state += GOLDEN_GAMMA, hash = Hash64.splitmix64(state)) {
      int b = bucket(hash, size);
      if (!taken[b]) {
        taken[b] = true;
        chosen[filled++] = b;
      }
    }
    return nodes.at(chosen);
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
