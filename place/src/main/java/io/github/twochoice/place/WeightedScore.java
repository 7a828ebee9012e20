/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.place;

import java.util.Arrays;
import java.util.Objects;

/**
 * How weighted rendezvous hashing turns a node's weight w and a (key, node) pair's uniform random
 * number u in (0, 1) into a score; the node of highest score owns the key. Each rule also computes
 * the exact share of keys it gives each node, assuming the u are independent and uniform.
 *
 * <p>Cost: a score takes one multiplication ({@link #LINEAR}) or one logarithm and one division
 * ({@link #LOGARITHMIC}); the shares of N nodes take O(N) and O(N log N) time respectively, and
 * O(N) memory.
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
  LOGARITHMIC {
    @Override
    public double score(double weight, double u) {
      return -weight / Math.log(u);
    }

    @Override
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
  },

  /**
   * The naive method, {@code w · u}, shown for teaching: it favours heavy nodes more than their
   * weight, and light nodes get almost nothing. With capacities 1, 1, 1, 1, 2, 2, 4, 4, each node
   * of capacity 4 gets 223/512 = 43.6 % of the keys instead of 25 %, and each node of capacity 1
   * gets 1/512 instead of 6.25 %.
   *
   * <p>{@link #shares(double...)} computes them exactly in O(N log N). Node i's score is uniform on
   * [0, w_i], so it wins with probability {@code P_i = ∫_0^{w_i} (1/w_i) Π_{j≠i} min(1, x/w_j) dx}.
   * With the weights sorted, {@code a_1 ≤ … ≤ a_N} and {@code a_0 = 0}, the integrand is a monomial
   * on each segment {@code [a_{m−1}, a_m]}: the nodes below the segment contribute 1 and the N − m
   * others (besides i) contribute {@code x/a_j}. The node of rank i collects the segments m ≤ i,
   * and its factor {@code 1/a_i} joins the others' denominators, so {@code P_i = T_1 + … + T_i}
   * with {@code T_m = (a_m^e − a_{m−1}^e) / (e Π_{j≥m} a_j)} and {@code e = N − m + 1}: the same
   * terms for every node. With {@code r_m = Π_{j≥m} a_m/a_j}, {@code T_m = (r_m − r_{m−1}) / e} and
   * {@code r_{m−1} = r_m (a_{m−1}/a_m)^e}, from {@code r_N = 1} down to {@code r_0 = 0}. Hence the
   * shares sum to {@code Σ_m e T_m = r_N − r_0 = 1}, equal weights get equal shares ({@code T_m =
   * 0}), and, computed from the heaviest node down, every r stays in [0, 1]: no power overflows,
   * whatever N.
   */
  LINEAR {
    @Override
    public double score(double weight, double u) {
      return weight * u;
    }

    @Override
    public double[] shares(double... weights) {
      double[] sorted = checked(weights).clone();
      Arrays.sort(sorted);
      int n = sorted.length;
      double[] prefix = new double[n]; // the terms T, then their prefix sums P
      double r = 1; // r_m, from the heaviest node down
      for (int m = n - 1; m >= 0; m--) {
        int e = n - m;
        // e ln(a_{m−1} / a_m), accurate when the two weights are close; a_{−1} = 0
        double exponent =
            m == 0
                ? Double.NEGATIVE_INFINITY
                : e * Math.log1p((sorted[m - 1] - sorted[m]) / sorted[m]);
        prefix[m] = r * -Math.expm1(exponent) / e;
        r *= Math.exp(exponent);
      }
      for (int m = 1; m < n; m++) {
        prefix[m] += prefix[m - 1];
      }
      double[] shares = new double[n];
      for (int i = 0; i < n; i++) {
        shares[i] = prefix[Arrays.binarySearch(sorted, weights[i])];
      }
      return shares;
    }
  };

  /**
   * Returns the score of a node for a key.
   *
   * @param weight the node's weight, positive and finite
   * @param u the pair's uniform number, strictly between 0 and 1
   * @return the score; the highest score wins
   */
  public abstract double score(double weight, double u);

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
  public abstract double[] shares(double... weights);

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
