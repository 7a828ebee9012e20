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
 * Rendezvous hashing, or highest random weight (Thaler and Ravishankar, "A name-based mapping
 * scheme for rendezvous", University of Michigan technical report CSE-TR-316-96, 1996): every (key,
 * node) pair gets a pseudo-random {@linkplain PairHash weight}, and a key belongs to the node of
 * highest weight. Sorting the nodes by weight gives the key's {@linkplain #ranking(String, int)
 * ranking}: primary, backup, and so on.
 *
 * <p>The standard weight of node s for key k is {@code splitmix64(fnv1a64(k) ^ fnv1a64(s))},
 * hashing the UTF-8 bytes of the key and of the node's name; another {@link PairHash} can be given
 * for experiments.
 *
 * <p>With the {@linkplain PairHash#standard() standard pair hash}, each key's ranking behaves like
 * an independent uniformly random order of the nodes, hence:
 *
 * <ul>
 *   <li>each of N nodes owns 1/N of the keys;
 *   <li>removing a node moves exactly the keys it owned, each to its next node in the ranking, so
 *       they spread evenly over the N − 1 others, and the rankings of all keys are otherwise
 *       unchanged;
 *   <li>adding a node moves to it 1/(N + 1) of the keys, taken evenly from every other node, and no
 *       key moves between old nodes.
 * </ul>
 *
 * <p>Nodes are identified by their names, which must be distinct; two nodes of equal weight (a
 * 64-bit collision) rank in the order they were added. A node's place in the order does not matter
 * otherwise: the placement depends only on the set of names.
 *
 * <p>Cost: {@link #owner(String)} hashes the key once and computes N pair hashes, O(N), and
 * allocates nothing; {@link #ranking(String, int) ranking(key, k)} takes O(N k) at worst. Memory: a
 * few dozen bytes per node. Not thread-safe: lookups may run concurrently only while nobody adds or
 * removes nodes.
 *
 * @param <N> the type of the nodes
 * @since 0.1.0
 */
public final class Rendezvous<N> {
  private final NodeSet<N> nodes;
  private final PairHash pairHash;

  private Rendezvous(NodeSet<N> nodes, PairHash pairHash) {
    this.nodes = nodes;
    this.pairHash = Objects.requireNonNull(pairHash, "pairHash");
  }

  /**
   * Returns a rendezvous placement on nodes that are their own names.
   *
   * @param names the node names, distinct; may be empty
   * @return the placement, with the standard pair hash
   * @throws NullPointerException if {@code names} or one of them is null
   * @throws IllegalArgumentException if a name appears twice
   */
  public static Rendezvous<String> ofNames(List<String> names) {
    return of(names, Function.identity());
  }

  /**
   * Returns a rendezvous placement on arbitrary nodes, each known by a name.
   *
   * @param nodes the nodes, in the order that breaks ties; may be empty
   * @param name gives each node's name
   * @param <N> the type of the nodes
   * @return the placement, with the standard pair hash
   * @throws NullPointerException if an argument, a node or a name is null
   * @throws IllegalArgumentException if two nodes have the same name
   */
  public static <N> Rendezvous<N> of(
      Collection<? extends N> nodes, Function<? super N, String> name) {
    return of(nodes, name, PairHash.standard());
  }

  /**
   * Returns a rendezvous placement with a given pair hash, for experiments with other pair hashes.
   *
   * @param nodes the nodes, in the order that breaks ties; may be empty
   * @param name gives each node's name
   * @param pairHash the weight of a (key, node) pair
   * @param <N> the type of the nodes
   * @return the placement
   * @throws NullPointerException if an argument, a node or a name is null
   * @throws IllegalArgumentException if two nodes have the same name
   */
  public static <N> Rendezvous<N> of(
      Collection<? extends N> nodes, Function<? super N, String> name, PairHash pairHash) {
    return new Rendezvous<>(NodeSet.of(nodes, name), pairHash);
  }

  /**
   * Returns the node that owns a key: the node of highest weight for it.
   *
   * @param key the key
   * @return its owner
   * @throws NullPointerException if {@code key} is null
   * @throws IllegalStateException if there are no nodes
   */
  public N owner(String key) {
    long keyHash = nodes.hashOfKeyToPlace(key);
    int size = nodes.size();
    int best = 0;
    long bestWeight = pairHash.weight(keyHash, nodes.nameHash(0));
    for (int i = 1; i < size; i++) {
      long weight = pairHash.weight(keyHash, nodes.nameHash(i));
      if (Long.compareUnsigned(weight, bestWeight) > 0) {
        best = i;
        bestWeight = weight;
      }
    }
    return nodes.get(best);
  }

  /**
   * Returns the k nodes of highest weight for a key, highest first: its primary, its backup, and so
   * on. The first is {@link #owner(String)}; if the first j nodes of the ranking are removed, the
   * next one becomes the owner.
   *
   * @param key the key
   * @param k how many nodes to return, from 0 to {@link #size()}
   * @return a new list of k distinct nodes
   * @throws NullPointerException if {@code key} is null
   * @throws IllegalArgumentException if {@code k} is negative or larger than the number of nodes
   */
  public List<N> ranking(String key, int k) {
    long keyHash = Hash64.fnv1a64(Objects.requireNonNull(key, "key"));
    int size = nodes.checkRankingLength(k);
    long[] weights = new long[size];
    for (int i = 0; i < size; i++) {
      weights[i] = pairHash.weight(keyHash, nodes.nameHash(i));
    }
    return nodes.at(
        TopK.indices(size, k, (i, j) -> Long.compareUnsigned(weights[i], weights[j]) > 0));
  }

  /**
   * Adds a node, which takes over the keys for which it has the highest weight.
   *
   * @param node the new node
   * @throws NullPointerException if {@code node} or its name is null
   * @throws IllegalArgumentException if a node of the same name is present
   */
  public void add(N node) {
    nodes.add(node);
  }

  /**
   * Removes the node with the given node's name; its keys move to their next node in the ranking.
   *
   * @param node the node to remove
   * @return whether a node was removed
   * @throws NullPointerException if {@code node} or its name is null
   */
  public boolean remove(N node) {
    return nodes.remove(node) >= 0;
  }

  /**
   * Returns the nodes in the order they were added.
   *
   * @return an unmodifiable view that follows later additions and removals
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
