/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.List;
import java.util.Objects;

/**
 * The power of two choices on a consistent-hashing ring (Byers, Considine and Mitzenmacher, "Simple
 * load balancing for distributed hash tables", IPTPS 2003): each key has two positions on a {@link
 * HashRing}, {@code splitmix64(h)} and {@code splitmix64(h ^ 0x9e3779b97f4a7c15)} with {@code h =
 * fnv1a64(key)}, hence two candidate owners, and is assigned to the one with fewer keys so far (the
 * first on a tie).
 *
 * <p>A ring with few tokens per node gives some nodes several times the average share; one choice
 * loads them accordingly, while two choices keep the most loaded node close to the average. With
 * two uniform choices among N nodes, the most loaded exceeds the average by {@code ln ln N / ln 2 +
 * O(1)} whatever the number of keys (Berenbrink, Czumaj, Steger and Vöcking, "Balanced allocations:
 * the heavily loaded case", STOC 2000); with choices drawn with uneven probabilities, as ring arcs
 * are, the unevenness must be small enough for the number of choices to keep that behaviour
 * (Wieder, "Balanced allocations with heterogenous bins", SPAA 2007). The two positions may fall to
 * the same node, which then gets the key with no choice.
 *
 * <p>This placement is <em>stateful</em>: the owner depends on the loads when the key was assigned,
 * so it cannot be recomputed from the key alone. {@link #assign(String)} records the placement of
 * one key (assigning a key twice counts it twice); whoever looks a key up later must remember where
 * it went or search both {@link #candidates(String) candidates}.
 *
 * <p>Cost: {@link #assign(String)} hashes the key once and searches the ring twice, O(log(N·v)),
 * and allocates nothing. Memory: the ring's, plus 8 bytes per node for its load. Not thread-safe.
 *
 * @param <N> the type of the nodes
 * @since 0.1.0
 */
public final class TwoChoiceRing<N> {
  private static final long SECOND_CHOICE = 0x9e3779b97f4a7c15L;

  private final HashRing<N> ring;
  private final long[] loads;

  private TwoChoiceRing(HashRing<N> ring) {
    this.ring = Objects.requireNonNull(ring, "ring");
    this.loads = new long[ring.size()];
  }

  /**
   * Returns a two-choice placement on a ring, with every load at zero.
   *
   * @param ring the ring
   * @param <N> the type of the nodes
   * @return the placement
   * @throws NullPointerException if {@code ring} is null
   */
  public static <N> TwoChoiceRing<N> on(HashRing<N> ring) {
    return new TwoChoiceRing<>(ring);
  }

  /**
   * Assigns a key to the less loaded of its two candidates and counts it in that node's load.
   *
   * @param key the key
   * @return the node it was assigned to
   * @throws NullPointerException if {@code key} is null
   */
  public N assign(String key) {
    long hash = Hash64.fnv1a64(Objects.requireNonNull(key, "key"));
    int first = ring.ownerIndexAt(Hash64.splitmix64(hash));
    int second = ring.ownerIndexAt(Hash64.splitmix64(hash ^ SECOND_CHOICE));
    int chosen = loads[second] < loads[first] ? second : first;
    loads[chosen]++;
    return ring.node(chosen);
  }

  /**
   * Returns a key's two candidate owners, the ring owners of its two positions; {@link
   * #assign(String)} chooses between them.
   *
   * @param key the key
   * @return a new list of two nodes, possibly the same node twice
   * @throws NullPointerException if {@code key} is null
   */
  public List<N> candidates(String key) {
    long hash = Hash64.fnv1a64(Objects.requireNonNull(key, "key"));
    return List.of(
        ring.node(ring.ownerIndexAt(Hash64.splitmix64(hash))),
        ring.node(ring.ownerIndexAt(Hash64.splitmix64(hash ^ SECOND_CHOICE))));
  }

  /**
   * Returns how many keys have been assigned to a node.
   *
   * @param node a node of the ring
   * @return its load
   * @throws NullPointerException if {@code node} or its name is null
   * @throws IllegalArgumentException if the node is not on the ring
   */
  public long load(N node) {
    int index = ring.indexOf(node);
    if (index < 0) {
      throw new IllegalArgumentException("node is not on the ring: " + node);
    }
    return loads[index];
  }
}
