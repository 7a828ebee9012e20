/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import java.util.Arrays;
import java.util.List;

/**
 * How much of something (URLs, requests, copies) each node of a placement holds, and how uneven
 * that is: the least, the most, and the most over the mean, 1 for a perfect balance. Immutable;
 * memory: 8 bytes per node.
 */
final class NodeLoads {
  private final List<String> nodes;
  private final long[] loads;

  /** Wraps loads, one per node in the order of {@code nodes}. */
  NodeLoads(List<String> nodes, long[] loads) {
    if (nodes.size() != loads.length) {
      throw new IllegalArgumentException(nodes.size() + " nodes, " + loads.length + " loads");
    }
    this.nodes = List.copyOf(nodes);
    this.loads = loads.clone();
  }

  /**
   * Adds up the weight of each key on its owner.
   *
   * @param owners the owner of each key, one of {@code nodes}
   * @param weights the weight of each key, in the same order (1 for each to count keys)
   */
  static NodeLoads of(List<String> nodes, String[] owners, long[] weights) {
    long[] loads = new long[nodes.size()];
    for (int key = 0; key < owners.length; key++) {
      loads[indexOf(nodes, owners[key])] += weights[key];
    }
    return new NodeLoads(nodes, loads);
  }

  /** Returns the index of a node, or throws if it is not one of {@code nodes}. */
  static int indexOf(List<String> nodes, String node) {
    int index = nodes.indexOf(node);
    if (index < 0) {
      throw new IllegalArgumentException("not one of the nodes " + nodes + ": " + node);
    }
    return index;
  }

  /** Returns an array of n ones: the weights that count keys. */
  static long[] ones(int n) {
    long[] ones = new long[n];
    Arrays.fill(ones, 1);
    return ones;
  }

  List<String> nodes() {
    return nodes;
  }

  long load(String node) {
    return loads[indexOf(nodes, node)];
  }

  long total() {
    long total = 0;
    for (long load : loads) {
      total += load;
    }
    return total;
  }

  long min() {
    long min = Long.MAX_VALUE;
    for (long load : loads) {
      min = Math.min(min, load);
    }
    return min;
  }

  long max() {
    long max = Long.MIN_VALUE;
    for (long load : loads) {
      max = Math.max(max, load);
    }
    return max;
  }

  /** The node holding the most, the first one on a tie. */
  String busiest() {
    int busiest = 0;
    for (int i = 1; i < loads.length; i++) {
      busiest = loads[i] > loads[busiest] ? i : busiest;
    }
    return nodes.get(busiest);
  }

  /** The number of nodes that hold anything. */
  int holding() {
    int holding = 0;
    for (long load : loads) {
      holding += load > 0 ? 1 : 0;
    }
    return holding;
  }

  /** The smallest load over the mean: 1 when every node holds the same. */
  double minOverMean() {
    return min() * (double) loads.length / total();
  }

  /** The largest load over the mean: 1 when every node holds the same. */
  double maxOverMean() {
    return max() * (double) loads.length / total();
  }

  /** The share of the total each node holds, in node order. */
  double[] shares() {
    double[] shares = new double[loads.length];
    double total = total();
    for (int i = 0; i < loads.length; i++) {
      shares[i] = loads[i] / total;
    }
    return shares;
  }
}
