/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Rendezvous hashing with node weights (capacities): a key belongs to the node of highest {@link
 * WeightedScore score}, computed from the node's weight and the pair's {@linkplain
 * PairHash#standard() standard pair hash}, {@linkplain Hash64#toOpenUnitInterval(long) mapped into
 * (0, 1)}.
 *
 * <p>With the {@linkplain WeightedScore#LOGARITHMIC logarithmic score} each node owns a share of
 * the keys proportional to its weight ({@link WeightedScore#shares(double...)}). A node's score for
 * a key does not depend on the other nodes, so adding a node moves keys only to it, and removing a
 * node moves only its keys.
 *
 * <p>Nodes are identified by their names, which must be distinct; equal scores go to the node added
 * first.
 *
 * <p>Cost: {@link #owner(String)} hashes the key once and computes N pair hashes and N scores (N
 * logarithms), O(N), and allocates nothing. Memory: a few dozen bytes per node. Not thread-safe:
 * lookups may run concurrently only while nobody adds or removes nodes.
 *
 * @param <N> the type of the nodes
 * @since 0.1.0
 */
public final class WeightedRendezvous<N> {
  private static final PairHash PAIR_HASH = PairHash.standard();

  private final NodeSet<N> nodes;
  private final WeightedScore score;
  private double[] weights = new double[8];

  private WeightedRendezvous(Function<? super N, String> name, WeightedScore score) {
    this.nodes = new NodeSet<>(name);
    this.score = Objects.requireNonNull(score, "score");
  }

  /**
   * Returns an empty weighted rendezvous placement.
   *
   * @param name gives each node's name
   * @param score how a weight and a pair's random number make a score
   * @param <N> the type of the nodes
   * @return a placement with no nodes
   * @throws NullPointerException if an argument is null
   */
  public static <N> WeightedRendezvous<N> create(
      Function<? super N, String> name, WeightedScore score) {
    return new WeightedRendezvous<>(name, score);
  }

  /**
   * Adds a node with a weight; it takes over the keys for which it has the highest score.
   *
   * @param node the new node
   * @param weight its weight, positive and finite
   * @throws NullPointerException if {@code node} or its name is null
   * @throws IllegalArgumentException if the weight is not positive and finite, or a node of the
   *     same name is present
   */
  public void add(N node, double weight) {
    WeightedScore.checkWeight(weight);
    nodes.add(node);
    int index = nodes.size() - 1;
    if (index == weights.length) {
      weights = Arrays.copyOf(weights, 2 * index);
    }
    weights[index] = weight;
  }

  /**
   * Removes the node with the given node's name; its keys move to the nodes of next highest score.
   *
   * @param node the node to remove
   * @return whether a node was removed
   * @throws NullPointerException if {@code node} or its name is null
   */
  public boolean remove(N node) {
    int index = nodes.remove(node);
    if (index < 0) {
      return false;
    }
    System.arraycopy(weights, index + 1, weights, index, nodes.size() - index);
    return true;
  }

  /**
   * Returns the node that owns a key: the node of highest score for it.
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
    double bestScore = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < size; i++) {
      double s = scoreAt(keyHash, i);
      if (s > bestScore) {
        best = i;
        bestScore = s;
      }
    }
    return nodes.get(best);
  }

  /**
   * Returns the k nodes of highest score for a key, highest first: its owner, the node that owns it
   * if the owner is removed, and so on (a node's score does not depend on the others).
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
    double[] scores = new double[size];
    for (int i = 0; i < size; i++) {
      scores[i] = scoreAt(keyHash, i);
    }
    return nodes.at(TopK.indices(size, k, (i, j) -> scores[i] > scores[j]));
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

  /**
   * Returns a node's weight.
   *
   * @param node a node of this placement
   * @return the weight it was added with
   * @throws NullPointerException if {@code node} or its name is null
   * @throws IllegalArgumentException if no node of that name is present
   */
  public double weight(N node) {
    return weights[indexOf(node)];
  }

  /** The score of node i for a key of hash {@code keyHash}. */
  private double scoreAt(long keyHash, int i) {
    double u = Hash64.toOpenUnitInterval(PAIR_HASH.weight(keyHash, nodes.nameHash(i)));
    return score.score(weights[i], u);
  }

  private int indexOf(N node) {
    int index = nodes.indexOf(node);
    if (index < 0) {
      throw new IllegalArgumentException("no node named like " + node);
    }
    return index;
  }
}
