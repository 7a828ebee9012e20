/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Rendezvous hashing for many nodes, in O(f log_f N) instead of N pair hashes per lookup: the
 * nodes, in the order given, form groups of f (the fanout), the groups form groups of f, and so on
 * up to a single root; a lookup descends from the root, choosing at each level the child group of
 * highest rendezvous score, and finally the node of highest rendezvous weight within its group: a
 * virtual hierarchy in the manner of Wang and Ravishankar ("Hash-based virtual hierarchies for
 * scalable location service in mobile ad-hoc networks", Mobile Networks and Applications, 2009).
 * With at most f nodes it is exactly {@link Rendezvous}.
 *
 * <p>The last group of a level may be smaller than f. So that every node still owns 1/N of the
 * keys, groups compete by the {@linkplain WeightedScore#LOGARITHMIC logarithmic method}, each
 * weighted by the number of nodes it was built with: a group of s nodes then wins s/N of the keys,
 * and gives each of its nodes an equal part.
 *
 * <p>The groups and their weights are fixed at construction; {@link #remove(Object)} only marks a
 * node as gone, and empty groups drop out of the competition. Hence the guarantee: <em>removing a
 * node changes the owner of exactly the keys it owned, and they move to the remaining nodes of the
 * smallest group around it that still has any</em> (its own group of f, unless that group is now
 * empty). The price is balance: unlike flat rendezvous, which spreads the keys of a removed node
 * over all N − 1 others, here its few siblings take them all. Adding nodes needs a new placement,
 * which regroups them and moves more keys than the minimum.
 *
 * <p>Cost: {@link #owner(String)} hashes the key once, computes at most f pair hashes per level
 * (and f logarithms per level above the nodes) over {@code ceil(log_f N)} levels, and allocates
 * nothing. Memory: a few dozen bytes per node and 20 bytes per group, about N/(f − 1) groups. Not
 * thread-safe: lookups may run concurrently only while nobody removes nodes.
 *
 * @param <N> the type of the nodes
 * @since 0.1.0
 */
public final class HierarchicalRendezvous<N> {
  private static final PairHash PAIR_HASH = PairHash.standard();

  private final NodeSet<N> nodes;
  private final boolean[] removed;
  private final int fanout;
  private int live;

  /**
   * The groups level by level, from the groups of nodes (index 0) to the root (the last index, one
   * group). Group g of a level holds children [g f, g f + f) of the level below.
   */
  private final long[][] groupHashes;

  private final double[][] groupWeights;
  private final int[][] liveNodes;

  private HierarchicalRendezvous(NodeSet<N> nodes, int fanout) {
    if (nodes.size() == 0) {
      throw new IllegalArgumentException("nodes must not be empty");
    }
    if (fanout < 2) {
      throw new IllegalArgumentException("fanout must be at least 2: " + fanout);
    }
    this.nodes = nodes;
    this.fanout = fanout;
    this.live = nodes.size();
    this.removed = new boolean[live];
    List<int[]> sizes = groupSizes(live, fanout);
    int levels = sizes.size();
    groupHashes = new long[levels][];
    groupWeights = new double[levels][];
    liveNodes = new int[levels][];
    for (int l = 0; l < levels; l++) {
      int[] level = sizes.get(l);
      groupHashes[l] = new long[level.length];
      groupWeights[l] = new double[level.length];
      liveNodes[l] = level;
      for (int g = 0; g < level.length; g++) {
        groupHashes[l][g] = Hash64.fnv1a64("group " + (l + 1) + "." + g);
        groupWeights[l][g] = level[g];
      }
    }
  }

  /** Returns the number of nodes in each group, level by level up to the root. */
  private static List<int[]> groupSizes(int nodes, int fanout) {
    List<int[]> sizes = new ArrayList<>();
    int[] below = new int[nodes];
    Arrays.fill(below, 1);
    do {
      int[] level = new int[(below.length - 1) / fanout + 1];
      for (int child = 0; child < below.length; child++) {
        level[child / fanout] += below[child];
      }
      sizes.add(level);
      below = level;
    } while (below.length > 1);
    return sizes;
  }

  /**
   * Returns a hierarchical rendezvous placement on some nodes.
   *
   * @param nodes the nodes, at least one; consecutive nodes share a group
   * @param name gives each node's name
   * @param fanout the number of children of a group, f, at least 2
   * @param <N> the type of the nodes
   * @return the placement
   * @throws NullPointerException if an argument, a node or a name is null
   * @throws IllegalArgumentException if there are no nodes, two nodes have the same name, or {@code
   *     fanout < 2}
   */
  public static <N> HierarchicalRendezvous<N> of(
      Collection<? extends N> nodes, Function<? super N, String> name, int fanout) {
    return new HierarchicalRendezvous<>(NodeSet.of(nodes, name), fanout);
  }

  /**
   * Returns the node that owns a key.
   *
   * @param key the key
   * @return its owner
   * @throws NullPointerException if {@code key} is null
   * @throws IllegalStateException if every node has been removed
   */
  public N owner(String key) {
    long keyHash = Hash64.fnv1a64(Objects.requireNonNull(key, "key"));
    if (live == 0) {
      throw new IllegalStateException("no nodes left to place key " + key + " on");
    }
    int group = 0; // the root
    for (int level = groupHashes.length - 2; level >= 0; level--) {
      group = bestChildGroup(keyHash, level, group);
    }
    return nodes.get(bestNode(keyHash, group));
  }

  /** Returns the live child group, on a level, of highest logarithmic score under a parent. */
  private int bestChildGroup(long keyHash, int level, int parent) {
    int from = parent * fanout;
    int to = Math.min(from + fanout, groupHashes[level].length);
    int best = -1;
    double bestScore = Double.NEGATIVE_INFINITY;
    for (int g = from; g < to; g++) {
      if (liveNodes[level][g] > 0) {
        double u = Hash64.toOpenUnitInterval(PAIR_HASH.weight(keyHash, groupHashes[level][g]));
        double score = WeightedScore.LOGARITHMIC.score(groupWeights[level][g], u);
        if (score > bestScore) {
          best = g;
          bestScore = score;
        }
      }
    }
    return best;
  }

  /** Returns the live node of highest rendezvous weight in a group of nodes. */
  private int bestNode(long keyHash, int group) {
    int from = group * fanout;
    int to = Math.min(from + fanout, removed.length);
    int best = -1;
    long bestWeight = 0;
    for (int i = from; i < to; i++) {
      if (!removed[i]) {
        long weight = PAIR_HASH.weight(keyHash, nodes.nameHash(i));
        if (best < 0 || Long.compareUnsigned(weight, bestWeight) > 0) {
          best = i;
          bestWeight = weight;
        }
      }
    }
    return best;
  }

  /**
   * Removes the node with the given node's name; only its keys move, to the remaining nodes of the
   * smallest group around it that has any.
   *
   * @param node the node to remove
   * @return whether a node was removed (false if there was none or it was already removed)
   * @throws NullPointerException if {@code node} or its name is null
   */
  public boolean remove(N node) {
    int index = nodes.indexOf(node);
    if (index < 0 || removed[index]) {
      return false;
    }
    removed[index] = true;
    live--;
    int group = index;
    for (int[] level : liveNodes) {
      group /= fanout;
      level[group]--;
    }
    return true;
  }

  /**
   * Returns the nodes not removed, in the order given at construction.
   *
   * @return a new unmodifiable list
   */
  public List<N> nodes() {
    List<N> present = new ArrayList<>(live);
    for (int i = 0; i < removed.length; i++) {
      if (!removed[i]) {
        present.add(nodes.get(i));
      }
    }
    return List.copyOf(present);
  }

  /**
   * Returns the number of nodes not removed.
   *
   * @return the number of nodes
   */
  public int size() {
    return live;
  }
}
