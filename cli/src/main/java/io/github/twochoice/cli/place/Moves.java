/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import java.util.Collection;
import java.util.List;

/**
 * The keys that changed owner between two placements of the same keys, counted for each pair of
 * nodes (from, to). Memory: 8 bytes per pair of nodes; building it takes O(1) per key after
 * locating its two owners among the nodes.
 */
final class Moves {
  private final List<String> nodes;
  private final long[][] counts;

  private Moves(List<String> nodes, long[][] counts) {
    this.nodes = nodes;
    this.counts = counts;
  }

  /**
   * Counts the keys whose owner differs.
   *
   * @param nodes every node either placement uses
   * @param before each key's owner in the first placement
   * @param after each key's owner in the second, in the same order
   */
  static Moves between(List<String> nodes, String[] before, String[] after) {
    if (before.length != after.length) {
      throw new IllegalArgumentException(
          before.length + " keys before, " + after.length + " after");
    }
    long[][] counts = new long[nodes.size()][nodes.size()];
    for (int key = 0; key < before.length; key++) {
      if (!before[key].equals(after[key])) {
        counts[NodeLoads.indexOf(nodes, before[key])][NodeLoads.indexOf(nodes, after[key])]++;
      }
    }
    return new Moves(List.copyOf(nodes), counts);
  }

  /** The keys that moved from one node to another. */
  long count(String from, String to) {
    return counts[NodeLoads.indexOf(nodes, from)][NodeLoads.indexOf(nodes, to)];
  }

  /** The keys that moved to a node, from any other. */
  long into(String to) {
    int column = NodeLoads.indexOf(nodes, to);
    long into = 0;
    for (long[] row : counts) {
      into += row[column];
    }
    return into;
  }

  /** The keys that changed owner. */
  long total() {
    long total = 0;
    for (long[] row : counts) {
      for (long count : row) {
        total += count;
      }
    }
    return total;
  }

  /** The keys that moved from one node of a group to another node of the same group. */
  long within(Collection<String> group) {
    long within = 0;
    for (String from : group) {
      for (String to : group) {
        within += count(from, to);
      }
    }
    return within;
  }
}
