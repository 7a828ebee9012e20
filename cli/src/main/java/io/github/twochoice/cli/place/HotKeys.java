/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.place.Rendezvous;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The hot-key effect under rendezvous hashing, and its fix. Rendezvous gives every node about the
 * same number of keys, but not of requests: a node that owns a very popular key carries its whole
 * load. The fix replicates the k hottest keys on their primary and backup ({@link
 * Rendezvous#ranking(String, int) ranking(key, 2)}), each copy serving half of the key's requests
 * (the primary takes the odd one). Cost: one ranking, O(N), per key, a sort of the keys by
 * popularity, and O(keys) per replication count.
 */
final class HotKeys {
  /** A key and the node that owns it and the one next in line. */
  record HotKey(String url, long requests, String primary, String backup) {}

  /**
   * The loads after replicating the hottest keys.
   *
   * @param replicated how many of the hottest keys were replicated, k
   * @param replicatedRequests the requests for those k keys
   * @param requests the requests each node serves
   * @param copies the keys each node stores, a replicated key on two nodes
   */
  record Replication(
      int replicated, long replicatedRequests, NodeLoads requests, NodeLoads copies) {}

  private final List<String> nodes;
  private final List<HotKey> byPopularity;
  private final long totalRequests;

  private HotKeys(List<String> nodes, List<HotKey> byPopularity, long totalRequests) {
    this.nodes = nodes;
    this.byPopularity = byPopularity;
    this.totalRequests = totalRequests;
  }

  /** Ranks every key on the nodes by rendezvous and sorts the keys, most requested first. */
  static HotKeys rank(List<String> nodes, List<String> keys, long[] requests) {
    Rendezvous<String> rendezvous = Rendezvous.ofNames(nodes);
    List<HotKey> hot = new ArrayList<>(keys.size());
    long total = 0;
    for (int i = 0; i < keys.size(); i++) {
      List<String> ranking = rendezvous.ranking(keys.get(i), 2);
      hot.add(new HotKey(keys.get(i), requests[i], ranking.get(0), ranking.get(1)));
      total += requests[i];
    }
    hot.sort(Comparator.comparingLong(HotKey::requests).reversed()); // stable: log order on ties
    return new HotKeys(List.copyOf(nodes), List.copyOf(hot), total);
  }

  /** The n most requested keys, most requested first. */
  List<HotKey> top(int n) {
    return byPopularity.subList(0, Math.min(n, byPopularity.size()));
  }

  /** The fraction of all requests that ask for one key. */
  double share(HotKey key) {
    return key.requests() / (double) totalRequests;
  }

  /** Replicates the k hottest keys on their primary and backup and counts each node's load. */
  Replication replicate(int k) {
    long[] requests = new long[nodes.size()];
    long[] copies = new long[nodes.size()];
    long replicatedRequests = 0;
    for (int rank = 0; rank < byPopularity.size(); rank++) {
      HotKey key = byPopularity.get(rank);
      int primary = NodeLoads.indexOf(nodes, key.primary());
      copies[primary]++;
      if (rank < k) {
        int backup = NodeLoads.indexOf(nodes, key.backup());
        requests[primary] += (key.requests() + 1) / 2;
        requests[backup] += key.requests() / 2;
        copies[backup]++;
        replicatedRequests += key.requests();
      } else {
        requests[primary] += key.requests();
      }
    }
    return new Replication(
        Math.min(k, byPopularity.size()),
        replicatedRequests,
        new NodeLoads(nodes, requests),
        new NodeLoads(nodes, copies));
  }
}
