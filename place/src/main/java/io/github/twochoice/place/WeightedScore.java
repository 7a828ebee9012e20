/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.Objects;

/**
 * How weighted rendezvous hashing turns a node's weight w and a (key, node) pair's uniform random
 * number u in (0, 1) into a score; the node of highest score owns the key. The rule also computes
 * the exact share of keys it gives each node, assuming the u are independent and uniform.
 *
 * <p>Cost: a score takes one logarithm and one division; the shares of N nodes take O(N) time and
 * memory.
 *
 * @since 0.1.0
 */
public enum WeightedScore {
  /**
   * The logarithmic method, {@code −w / ln u} (Schindelhauer and Schomaker, "Weighted distributed
   * hash tables", SPAA 2005; Ceph's straw2 buckets): shares are exactly proportional to the
   * weights. The node minimizing {@code −ln(u) / w} wins, and {@code −ln(u) / w} is exponentially
   * distributed with rate w; the smallest of independent exponential variables is the one of rate
   * {@code w_i} with probability {@code w_i / Σ w}. Changing one node's weight moves keys only to
   * or from that node.
   */
  LOGARITHMIC;

  /**
   * Returns the score of a node for a key.
   *
   * @param weight the node's weight, positive and finite
   * @param u the pair's uniform number, strictly between 0 and 1
   * @return the score; the highest score wins
   */
  public double score(double weight, double u) {
    return -weight / Math.log(u);
  }

  /**
   * Returns the exact share of keys each node gets under this rule, if every pair's u is an
   * independent uniform number. Nodes of equal weight get equal shares; the shares sum to 1 (up to
   * rounding).
   *
   * @param weights the nodes' weights, each positive and finite
   * @return a new array: the share of node i at index i
   * @throws NullPointerException if {@code weights} is null
   * @throws IllegalArgumentException if there are no weights or a weight is not positive and finite
   */
  public double[] shares(double... weights) {
    double total = 0;
    for (double weight : checked(weights)) {
      total += weight;
    }
    double[] shares = new double[weights.length];
    for (int i = 0; i < weights.length; i++) {
      shares[i] = weights[i] / total;
    }
    return shares;
  }

  /**
   * Checks a weight.
   *
   * @param weight a node's weight
   * @return the weight
   * @throws IllegalArgumentException if it is not positive and finite
   */
  static double checkWeight(double weight) {
    if (!(weight > 0) || weight == Double.POSITIVE_INFINITY) {
      throw new IllegalArgumentException("weight must be positive and finite: " + weight);
    }
    return weight;
  }

  private static double[] checked(double[] weights) {
    Objects.requireNonNull(weights, "weights");
    if (weights.length == 0) {
      throw new IllegalArgumentException("weights must not be empty");
    }
    for (double weight : weights) {
      checkWeight(weight);
    }
    return weights;
  }
}
