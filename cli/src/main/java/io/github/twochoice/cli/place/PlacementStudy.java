/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.weblog.AccessLog;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Everything the {@code place} command prints and the report draws about placing a log's URLs on N
 * nodes named {@code proxy-1} … {@code proxy-N}: the URLs and requests per node under every {@link
 * PlacementScheme}, the URLs that move when one node fails (by default {@code proxy-3}) and when
 * {@code proxy-(N+1)} joins, the replica pairs that held the failed node under each {@link
 * PairHashes pair hash}, the change from N to N − 1 nodes, the rings' balance, weighted shares, and
 * the hot keys. Computed once, deterministically: every placement is a hash of key and node names.
 * Cost: a few placements of every URL under every scheme, well under a second for the bundled log.
 */
public final class PlacementStudy {
  /** The node that fails unless another is named. */
  static final String DEFAULT_FAILED = "proxy-3";

  /** The fewest nodes the study needs: the failed node must leave two behind. */
  static final int MIN_NODES = 3;

  private static final Pattern PROXY = Pattern.compile("proxy-([1-9][0-9]{0,8})");

  /** The capacities of the weighted placement, repeated over the nodes. */
  static final List<Double> CAPACITIES = List.of(1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 4.0, 4.0);

  /** How many of the hottest URLs are replicated, from none (before) upwards. */
  static final List<Integer> REPLICATED = List.of(0, 1, 5, 10, 20);

  /** The most requested URLs listed. */
  static final int TOP = 5;

  /**
   * One scheme on the nodes: what each node holds, and the URLs that move.
   *
   * @param failure from the placement on every node to the placement without {@link #failed()}
   * @param join from the placement on every node to the placement with {@link #joined()} added
   */
  record SchemeRun(
      PlacementScheme scheme, NodeLoads urls, NodeLoads requests, Moves failure, Moves join) {}

  /**
   * The URLs that change owner when the last node is removed, beside the expected fraction.
   *
   * @param expected the fraction of URLs expected to move: 1 − 1/N for mod N, 1/N for rendezvous
   */
  record Shrink(PlacementScheme scheme, int urls, long moved, double expected) {
    double movedFraction() {
      return moved / (double) urls;
    }

    /** The standard deviation of the moved fraction if each URL moves independently. */
    double standardDeviation() {
      return Math.sqrt(expected * (1 - expected) / urls);
    }
  }

  private final AccessLog log;
  private final List<String> nodes;
  private final String failed;
  private final Map<PlacementScheme, SchemeRun> runs = new EnumMap<>(PlacementScheme.class);
  private final List<Shrink> shrinks = new ArrayList<>();
  private final List<RingBalance> rings;
  private final WeightedShares logarithmic;
  private final WeightedShares naive;
  private final List<ReplicaPairs> replicaPairs;
  private final HotKeys hotKeys;

  private PlacementStudy(AccessLog log, int nodeCount, String failed) {
    if (nodeCount < MIN_NODES) {
      throw new IllegalArgumentException(
          "at least " + MIN_NODES + " nodes are needed, as one fails: " + nodeCount);
    }
    this.log = log;
    this.nodes = proxies(nodeCount);
    if (!nodes.contains(failed)) {
      throw new IllegalArgumentException(
          "the failed node must be one of proxy-1 ... proxy-" + nodeCount + ": " + failed);
    }
    this.failed = failed;
    List<String> urls = log.urls();
    long[] requests = log.requestCounts();
    long[] ones = NodeLoads.ones(urls.size());
    List<String> withJoined = new ArrayList<>(nodes);
    withJoined.add(joined());
    for (PlacementScheme scheme : PlacementScheme.values()) {
      String[] owners = scheme.place(nodes).owners(urls);
      String[] afterFailure = scheme.placeWithout(nodes, failed).owners(urls);
      String[] afterJoin = scheme.placeWith(nodes, joined()).owners(urls);
      runs.put(
          scheme,
          new SchemeRun(
              scheme,
              NodeLoads.of(nodes, owners, ones),
              NodeLoads.of(nodes, owners, requests),
              Moves.between(nodes, owners, afterFailure),
              Moves.between(withJoined, owners, afterJoin)));
    }
    String last = nodes.get(nodeCount - 1);
    for (PlacementScheme scheme : List.of(PlacementScheme.MOD_N, PlacementScheme.RENDEZVOUS)) {
      String[] before = scheme.place(nodes).owners(urls);
      String[] after = scheme.placeWithout(nodes, last).owners(urls);
      double expected = scheme == PlacementScheme.MOD_N ? 1 - 1.0 / nodeCount : 1.0 / nodeCount;
      shrinks.add(
          new Shrink(scheme, urls.size(), Moves.between(nodes, before, after).total(), expected));
    }
    this.replicaPairs = ReplicaPairs.compare(nodes, urls, failed);
    this.rings = RingBalance.compare(nodes, urls);
    this.logarithmic = WeightedShares.logarithmic(nodes, capacities(), urls, requests);
    this.naive = WeightedShares.naive(nodes, capacities(), urls, requests);
    this.hotKeys = HotKeys.rank(nodes, urls, requests);
  }

  /**
   * Runs the study with {@code proxy-3} failing.
   *
   * @param log the requests
   * @param nodeCount the number of nodes, at least 3
   * @return the study
   * @throws IllegalArgumentException if there are fewer than 3 nodes
   */
  public static PlacementStudy run(AccessLog log, int nodeCount) {
    return run(log, nodeCount, DEFAULT_FAILED);
  }

  /**
   * Runs the study.
   *
   * @param log the requests
   * @param nodeCount the number of nodes, at least 3
   * @param failed the node that fails, one of {@code proxy-1} … {@code proxy-N}
   * @return the study
   * @throws IllegalArgumentException if there are fewer than 3 nodes, or {@code failed} is not one
   */
  public static PlacementStudy run(AccessLog log, int nodeCount, String failed) {
    return new PlacementStudy(log, nodeCount, failed);
  }

  /**
   * The number i of a node named {@code proxy-i}: at least 1, or 0 if the name is not {@code
   * proxy-i} for a positive int i without leading zeros.
   */
  static int proxyNumber(String name) {
    Matcher m = PROXY.matcher(name);
    return m.matches() ? Integer.parseInt(m.group(1)) : 0;
  }

  /**
   * The fewest nodes a study in which {@code proxy-i} fails needs, max(3, i): proxy-i must be one
   * of them, and two nodes must survive it.
   */
  static int minNodes(int failedNumber) {
    return Math.max(MIN_NODES, failedNumber);
  }

  /**
   * The names of the study's nodes.
   *
   * @param n how many
   * @return {@code proxy-1} … {@code proxy-n}
   */
  public static List<String> proxies(int n) {
    List<String> names = new ArrayList<>(n);
    for (int i = 1; i <= n; i++) {
      names.add("proxy-" + i);
    }
    return List.copyOf(names);
  }

  /**
   * The log the study placed.
   *
   * @return the log
   */
  public AccessLog log() {
    return log;
  }

  List<String> nodes() {
    return nodes;
  }

  /** The node that joins, {@code proxy-(N+1)}. */
  String joined() {
    return "proxy-" + (nodes.size() + 1);
  }

  /**
   * The node that fails.
   *
   * @return its name
   */
  public String failed() {
    return failed;
  }

  /** The nodes that survive {@link #failed()}'s failure. */
  List<String> survivors() {
    List<String> survivors = new ArrayList<>(nodes);
    survivors.remove(failed);
    return survivors;
  }

  /** Each node's capacity in the weighted placement: {@link #CAPACITIES}, repeated. */
  List<Double> capacities() {
    List<Double> capacities = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      capacities.add(CAPACITIES.get(i % CAPACITIES.size()));
    }
    return capacities;
  }

  /** The capacities as "1,1,1,1,2,2,4,4". */
  String capacitiesLabel() {
    return capacities().stream().map(c -> Format.fixed(c, 0)).collect(Collectors.joining(","));
  }

  /** The run of each scheme, in the order of {@link PlacementScheme#values()}. */
  List<SchemeRun> runs() {
    return List.copyOf(runs.values());
  }

  /**
   * The placement of the log's URLs under one scheme.
   *
   * @param scheme the scheme
   * @return its run
   */
  public SchemeRun run(PlacementScheme scheme) {
    return runs.get(scheme);
  }

  List<Shrink> shrinks() {
    return List.copyOf(shrinks);
  }

  /** The replica pairs under each pair hash, in the order of {@link PairHashes#values()}. */
  List<ReplicaPairs> replicaPairs() {
    return replicaPairs;
  }

  List<RingBalance> rings() {
    return rings;
  }

  /** The weighted shares under each score: logarithmic, then naive. */
  List<WeightedShares> weighted() {
    return List.of(logarithmic, naive);
  }

  /** The weighted shares under the logarithmic score, proportional to the capacities. */
  WeightedShares logarithmicShares() {
    return logarithmic;
  }

  /** The weighted shares under the naive score. */
  WeightedShares naiveShares() {
    return naive;
  }

  HotKeys hotKeys() {
    return hotKeys;
  }

  /** The hot-key fix for each count in {@link #REPLICATED}. */
  List<HotKeys.Replication> replications() {
    List<HotKeys.Replication> replications = new ArrayList<>();
    for (int k : REPLICATED) {
      replications.add(hotKeys.replicate(k));
    }
    return replications;
  }
}
