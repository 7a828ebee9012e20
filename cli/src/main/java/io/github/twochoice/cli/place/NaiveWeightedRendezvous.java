/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.place.Hash64;
import io.github.twochoice.place.PairHash;
import io.github.twochoice.place.WeightedRendezvous;
import io.github.twochoice.place.WeightedScore;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The pitfall of weighted rendezvous hashing: the naive score {@code w · u}, where {@link
 * WeightedRendezvous} uses the {@linkplain WeightedScore#LOGARITHMIC logarithmic} {@code −w / ln
 * u}. Everything else is the same: u is the pair's {@linkplain PairHash#standard() standard pair
 * hash} {@linkplain Hash64#toOpenUnitInterval(long) mapped into (0, 1)}, the node of highest score
 * owns the key, and equal scores go to the node listed first. The naive score favours heavy nodes
 * more than their weight, and light nodes get almost nothing: with capacities 1, 1, 1, 1, 2, 2, 4,
 * 4, each node of capacity 4 gets 223/512 = 43.6 % of the keys instead of 25 %, and each node of
 * capacity 1 gets 1/512 instead of 6.25 %.
 *
 * <p>{@link #shares(double...)} computes them exactly in O(N log N). Node i's score is uniform on
 * [0, w_i], so it wins with probability {@code P_i = ∫_0^{w_i} (1/w_i) Π_{j≠i} min(1, x/w_j) dx}.
 * With the weights sorted, {@code a_1 ≤ … ≤ a_N} and {@code a_0 = 0}, the integrand is a monomial
 * on each segment {@code [a_{m−1}, a_m]}: the nodes below the segment contribute 1 and the N − m
 * others (besides i) contribute {@code x/a_j}. The node of rank i collects the segments m ≤ i, and
 * its factor {@code 1/a_i} joins the others' denominators, so {@code P_i = T_1 + … + T_i} with
 * {@code T_m = (a_m^e − a_{m−1}^e) / (e Π_{j≥m} a_j)} and {@code e = N − m + 1}: the same terms for
 * every node. With {@code r_m = Π_{j≥m} a_m/a_j}, {@code T_m = (r_m − r_{m−1}) / e} and {@code
 * r_{m−1} = r_m (a_{m−1}/a_m)^e}, from {@code r_N = 1} down to {@code r_0 = 0}. Hence the shares
 * sum to {@code Σ_m e T_m = r_N − r_0 = 1}, equal weights get equal shares ({@code T_m = 0}), and,
 * computed from the heaviest node down, every r stays in [0, 1]: no power overflows, whatever N.
 *
 * <p>Cost: {@link #owner(String)} hashes the key once and computes N pair hashes and N
 * multiplications, O(N). Memory: the nodes, their weights and name hashes. Immutable.
 */
final class NaiveWeightedRendezvous {
  private static final PairHash PAIR_HASH = PairHash.standard();

  private final List<String> nodes;
  private final long[] nameHashes;
  private final double[] weights;

  /** A placement on nodes, known by their names, with their weights, in the same order. */
  NaiveWeightedRendezvous(List<String> nodes, List<Double> weights) {
    this.nodes = List.copyOf(nodes);
    this.nameHashes = nodes.stream().mapToLong(Hash64::fnv1a64).toArray();
    this.weights = checked(weights.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** The node of highest naive score for a key. */
  String owner(String key) {
    long keyHash = Hash64.fnv1a64(key);
    int best = 0;
    double bestScore = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < nodes.size(); i++) {
      double u = Hash64.toOpenUnitInterval(PAIR_HASH.weight(keyHash, nameHashes[i]));
      double score = weights[i] * u;
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    return nodes.get(best);
  }

  /**
   * The exact share of keys each node gets under the naive score, if every pair's u is an
   * independent uniform number: a new array, the share of node i at index i. Throws {@link
   * IllegalArgumentException} if there are no weights or one is not positive and finite.
   */
  static double[] shares(double... weights) {
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

  private static double[] checked(double[] weights) {
    Objects.requireNonNull(weights, "weights");
    if (weights.length == 0) {
      throw new IllegalArgumentException("weights must not be empty");
    }
    for (double weight : weights) {
      if (!(weight > 0) || weight == Double.POSITIVE_INFINITY) {
        throw new IllegalArgumentException("weight must be positive and finite: " + weight);
      }
    }
    return weights;
  }
}
