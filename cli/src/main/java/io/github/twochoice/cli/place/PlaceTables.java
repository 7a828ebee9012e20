/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * The tables of the {@code place} command, one per question, built from a {@link PlacementStudy}.
 * Formatting only: O(schemes × nodes) cells per table.
 */
final class PlaceTables {
  private final PlacementStudy study;

  PlaceTables(PlacementStudy study) {
    this.study = study;
  }

  /** Per scheme: the fewest and most URLs and requests on a node, and the most over the mean. */
  Table loads() {
    Table table =
        new Table(
            "scheme",
            "URLs min",
            "URLs max",
            "URLs max/mean",
            "requests min",
            "requests max",
            "requests max/mean");
    for (PlacementStudy.SchemeRun run : study.runs()) {
      table.row(
          run.scheme().label(),
          run.urls().min(),
          run.urls().max(),
          ratio(run.urls().maxOverMean()),
          run.requests().min(),
          run.requests().max(),
          ratio(run.requests().maxOverMean()));
    }
    return table;
  }

  /** Per scheme: the requests each node serves. */
  Table requestsPerNode() {
    Table table = new Table(header("scheme", study.nodes()).toArray(new String[0]));
    for (PlacementStudy.SchemeRun run : study.runs()) {
      List<Object> cells = new ArrayList<>(List.of(run.scheme().label()));
      for (String node : study.nodes()) {
        cells.add(run.requests().load(node));
      }
      table.row(cells.toArray());
    }
    return table;
  }

  /**
   * Per scheme: the URLs the failed node held, where they went, and the URLs that moved between
   * surviving nodes, which a minimal scheme never moves.
   */
  Table failure() {
    String failed = study.failed();
    List<String> survivors = study.survivors();
    List<String> header = header("scheme", List.of(failed + " had"));
    header.addAll(survivors);
    header.addAll(List.of("between survivors", "moved"));
    Table table = new Table(header.toArray(new String[0]));
    for (PlacementStudy.SchemeRun run : study.runs()) {
      List<Object> cells = new ArrayList<>();
      cells.add(run.scheme().label());
      cells.add(run.urls().load(failed));
      for (String survivor : survivors) {
        cells.add(run.failure().count(failed, survivor));
      }
      cells.add(run.failure().within(survivors));
      cells.add(run.failure().total());
      table.row(cells.toArray());
    }
    return table;
  }

  /**
   * Per pair hash: the URLs whose replica pair (primary, backup) held the failed node, beside the
   * 2K/N expected of K URLs on N nodes, the URLs each survivor stores anew as the third member of
   * such a pair, beside the 2K / (N (N − 1)) expected, and the pairs that changed without holding
   * the failed node.
   */
  Table replicaPairs() {
    String failed = study.failed();
    List<String> survivors = study.survivors();
    List<String> header = header("pair hash", List.of("pairs with " + failed, "expected"));
    header.addAll(survivors);
    header.addAll(List.of("expected each", "other pairs changed"));
    Table table = new Table(header.toArray(new String[0]));
    int urls = study.log().urls().size();
    int nodes = study.nodes().size();
    for (ReplicaPairs pairs : study.replicaPairs()) {
      List<Object> cells = new ArrayList<>();
      cells.add(pairs.pairHash().label());
      cells.add(pairs.pairsWithFailed());
      cells.add(Format.fixed(ReplicaPairs.expectedPairsWithFailed(urls, nodes), 1));
      for (String survivor : survivors) {
        cells.add(pairs.newMembers().load(survivor));
      }
      cells.add(Format.fixed(ReplicaPairs.expectedNewPerSurvivor(urls, nodes), 1));
      cells.add(pairs.otherPairsChanged());
      table.row(cells.toArray());
    }
    return table;
  }

  /**
   * Per pair hash: how evenly the primaries spread, how many of the possible ordered (primary,
   * backup) pairs occur, and how many survivors take the failed node's URLs as their new primary,
   * with the largest part that goes to one of them.
   */
  Table pairHashes() {
    String failed = study.failed();
    Table table =
        new Table(
            "pair hash",
            "URLs min/mean",
            "URLs max/mean",
            "distinct pairs",
            "possible",
            failed + " primary of",
            "survivors taking them",
            "largest to one %");
    for (ReplicaPairs pairs : study.replicaPairs()) {
      NodeLoads taken = pairs.failedPrimaryTo();
      table.row(
          pairs.pairHash().label(),
          ratio(pairs.primaries().minOverMean()),
          ratio(pairs.primaries().maxOverMean()),
          pairs.distinctPairs(),
          ReplicaPairs.possiblePairs(study.nodes().size()),
          taken.total(),
          taken.holding(),
          Format.percent(taken.max() / (double) taken.total()));
    }
    return table;
  }

  /**
   * Per scheme: the URLs the new node takes from each node, in total beside the 1/(N + 1) a minimal
   * scheme takes, and the URLs that moved between old nodes.
   */
  Table join() {
    String joined = study.joined();
    List<String> header = header("scheme", study.nodes());
    header.addAll(List.of("taken", "expected", "between old nodes"));
    Table table = new Table(header.toArray(new String[0]));
    int urls = study.log().urls().size();
    for (PlacementStudy.SchemeRun run : study.runs()) {
      List<Object> cells = new ArrayList<>();
      cells.add(run.scheme().label());
      long taken = 0;
      for (String node : study.nodes()) {
        long count = run.join().count(node, joined);
        cells.add(count);
        taken += count;
      }
      cells.add(taken);
      cells.add(Format.fixed(urls / (study.nodes().size() + 1.0), 1));
      cells.add(run.join().within(study.nodes()));
      table.row(cells.toArray());
    }
    return table;
  }

  /** Mod N and rendezvous from N to N − 1 nodes: the URLs that change owner, beside theory. */
  Table shrink() {
    Table table =
        new Table("scheme", "URLs", "moved", "moved %", "expected %", "std dev %", "deviation/sd");
    for (PlacementStudy.Shrink shrink : study.shrinks()) {
      table.row(
          shrink.scheme().label(),
          shrink.urls(),
          shrink.moved(),
          Format.percent(shrink.movedFraction()),
          Format.percent(shrink.expected()),
          Format.percent(shrink.standardDeviation()),
          Format.fixed(
              (shrink.movedFraction() - shrink.expected()) / shrink.standardDeviation(), 2));
    }
    return table;
  }

  /** Per ring: the exact shares' extremes over the mean, the URLs', and the token gaps. */
  Table rings() {
    Table table =
        new Table(
            "ring",
            "tokens/node",
            "min share/mean",
            "max share/mean",
            "URLs max/mean",
            "median token gap %");
    for (RingBalance ring : study.rings()) {
      table.row(
          ring.label(),
          ring.tokens(),
          ratio(ring.minShareOverMean()),
          ratio(ring.maxShareOverMean()),
          ratio(ring.urls().maxOverMean()),
          Format.percent(ring.medianTokenGap()));
    }
    return table;
  }

  /**
   * Per node: its capacity, and under each score the exact share beside the measured shares of URLs
   * and requests; the logarithmic score's exact share is the capacity-proportional one.
   */
  Table weighted() {
    List<String> header = new ArrayList<>(List.of("node", "capacity"));
    for (WeightedShares shares : study.weighted()) {
      String name = shares.label();
      header.addAll(List.of(name + " exact", name + " URLs", name + " requests"));
    }
    Table table = new Table(header.toArray(new String[0]));
    List<String> nodes = study.nodes();
    for (int i = 0; i < nodes.size(); i++) {
      List<Object> cells = new ArrayList<>();
      cells.add(nodes.get(i));
      cells.add(Format.fixed(study.capacities().get(i), 0));
      for (WeightedShares shares : study.weighted()) {
        cells.add(Format.percent(shares.exact().get(i)));
        cells.add(Format.percent(shares.urls().shares()[i]));
        cells.add(Format.percent(shares.requests().shares()[i]));
      }
      table.row(cells.toArray());
    }
    return table;
  }

  /** The most requested URLs, their share of all requests, and their rendezvous owners. */
  Table topUrls() {
    Table table = new Table("rank", "URL", "requests", "share %", "primary", "backup");
    int rank = 1;
    for (HotKeys.HotKey key : study.hotKeys().top(PlacementStudy.TOP)) {
      table.row(
          rank++,
          key.url(),
          key.requests(),
          Format.percent(study.hotKeys().share(key)),
          key.primary(),
          key.backup());
    }
    return table;
  }

  /**
   * Per number of hottest URLs replicated: their requests, the busiest node, and the most requests
   * and stored URLs on a node over the mean.
   */
  Table replication() {
    Table table =
        new Table(
            "hottest replicated",
            "their requests %",
            "busiest node",
            "its requests",
            "requests max/mean",
            "URLs stored max/mean");
    long total = study.log().totalRequests();
    for (HotKeys.Replication replication : study.replications()) {
      table.row(
          replication.replicated(),
          Format.percent(replication.replicatedRequests() / (double) total),
          replication.requests().busiest(),
          replication.requests().max(),
          ratio(replication.requests().maxOverMean()),
          ratio(replication.copies().maxOverMean()));
    }
    return table;
  }

  private static String ratio(double x) {
    return Format.fixed(x, 3);
  }

  private static List<String> header(String first, List<String> rest) {
    List<String> header = new ArrayList<>(List.of(first));
    header.addAll(rest);
    return header;
  }
}
