/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.place.WeightedRendezvous;
import io.github.twochoice.place.WeightedScore;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Weighted rendezvous hashing under one score, the library's logarithmic one ({@link
 * WeightedRendezvous}) or the naive one ({@link NaiveWeightedRendezvous}): the exact share of keys
 * each node should get beside the URLs and the requests it gets. Cost: one lookup, O(N), per key.
 *
 * @param label the score's name in tables and charts, "log" or "naive"
 * @param capacities each node's weight, in node order
 * @param exact the share each node should get, in node order
 * @param urls the URLs each node gets
 * @param requests the requests for those URLs
 */
record WeightedShares(
    String label, List<Double> capacities, List<Double> exact, NodeLoads urls, NodeLoads requests) {

  /** Places the keys by the logarithmic score on nodes of the given capacities and counts. */
  static WeightedShares logarithmic(
      List<String> nodes, List<Double> capacities, List<String> keys, long[] requests) {
    WeightedRendezvous<String> placement =
        WeightedRendezvous.create(UnaryOperator.identity(), WeightedScore.LOGARITHMIC);
    for (int i = 0; i < nodes.size(); i++) {
      placement.add(nodes.get(i), capacities.get(i));
    }
    String[] owners = keys.stream().map(placement::owner).toArray(String[]::new);
    double[] exact = WeightedScore.LOGARITHMIC.shares(unboxed(capacities));
    return count("log", nodes, capacities, exact, owners, requests);
  }

  /** Places the keys by the naive score on nodes of the given capacities and counts. */
  static WeightedShares naive(
      List<String> nodes, List<Double> capacities, List<String> keys, long[] requests) {
    NaiveWeightedRendezvous placement = new NaiveWeightedRendezvous(nodes, capacities);
    String[] owners = keys.stream().map(placement::owner).toArray(String[]::new);
    double[] exact = NaiveWeightedRendezvous.shares(unboxed(capacities));
    return count("naive", nodes, capacities, exact, owners, requests);
  }

  private static WeightedShares count(
      String label,
      List<String> nodes,
      List<Double> capacities,
      double[] exact,
      String[] owners,
      long[] requests) {
    return new WeightedShares(
        label,
        List.copyOf(capacities),
        Arrays.stream(exact).boxed().toList(),
        NodeLoads.of(nodes, owners, NodeLoads.ones(owners.length)),
        NodeLoads.of(nodes, owners, requests));
  }

  private static double[] unboxed(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
