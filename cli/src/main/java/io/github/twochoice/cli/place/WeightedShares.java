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
 * Weighted rendezvous hashing under one {@link WeightedScore}: the exact share of keys each node
 * should get ({@link WeightedScore#shares(double...)}) beside the URLs and the requests it gets.
 * Cost: one lookup, O(N) with N logarithms, per key.
 *
 * @param score the rule that turns a weight into a score
 * @param capacities each node's weight, in node order
 * @param exact the share each node should get, in node order
 * @param urls the URLs each node gets
 * @param requests the requests for those URLs
 */
record WeightedShares(
    WeightedScore score,
    List<Double> capacities,
    List<Double> exact,
    NodeLoads urls,
    NodeLoads requests) {

  /** Places the keys on nodes of the given capacities and counts what each node gets. */
  static WeightedShares measure(
      WeightedScore score,
      List<String> nodes,
      List<Double> capacities,
      List<String> keys,
      long[] requests) {
    WeightedRendezvous<String> placement =
        WeightedRendezvous.create(UnaryOperator.identity(), score);
    for (int i = 0; i < nodes.size(); i++) {
      placement.add(nodes.get(i), capacities.get(i));
    }
    String[] owners = keys.stream().map(placement::owner).toArray(String[]::new);
    double[] exact = score.shares(capacities.stream().mapToDouble(Double::doubleValue).toArray());
    return new WeightedShares(
        score,
        List.copyOf(capacities),
        Arrays.stream(exact).boxed().toList(),
        NodeLoads.of(nodes, owners, NodeLoads.ones(keys.size())),
        NodeLoads.of(nodes, owners, requests));
  }
}
