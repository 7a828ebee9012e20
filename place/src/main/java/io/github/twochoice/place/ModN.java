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
 * The textbook placement, for a set of nodes that never changes: a key belongs to node number
 * {@code splitmix64(fnv1a64(key)) mod N}, the hash taken as unsigned. Each node owns 1/N of the
 * keys, but changing N changes almost every key's owner: from N to N − 1 nodes (the last one
 * removed) a key stays only if its hash has the same remainder modulo both, so a fraction 1 − 1/N
 * of all keys move (7/8 from 8 nodes to 7), where 1/N would have been enough. {@link Rendezvous}
 * and {@link HashRing} move only that 1/N.
 *
 * <p>Cost: {@link #owner(String)} hashes the key and takes one unsigned remainder, O(1), and
 * allocates nothing. Memory: the list of nodes. Immutable and thread-safe.
 *
 * @param <N> the type of the nodes
 * @since 0.1.0
 */
public final class ModN<N> {
  private final NodeSet<N> nodes;

  private ModN(NodeSet<N> nodes) {
    if (nodes.size() == 0) {
      throw new IllegalArgumentException("nodes must not be empty");
    }
    this.nodes = nodes;
  }

  /**
   * Returns the modulo-N placement on some nodes.
   *
   * @param nodes the nodes, at least one; node i gets the keys whose hash is i modulo N
   * @param name gives each node's name, which must be distinct
   * @param <N> the type of the nodes
   * @return the placement
   * @throws NullPointerException if an argument, a node or a name is null
   * @throws IllegalArgumentException if there are no nodes or two nodes have the same name
   */
  public static <N> ModN<N> of(Collection<? extends N> nodes, Function<? super N, String> name) {
    return new ModN<>(NodeSet.of(nodes, name));
  }

  /**
   * Returns the node that owns a key.
   *
   * @param key the key
   * @return node number {@code splitmix64(fnv1a64(key)) mod N}
   * @throws NullPointerException if {@code key} is null
   */
  public N owner(String key) {
    return nodes.get(
        (int)
            Long.remainderUnsigned(
                Hash64.mixedFnv1a64(Objects.requireNonNull(key, "key")), nodes.size()));
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
