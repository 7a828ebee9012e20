/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import io.github.twochoice.cli.place.PlacementScheme;
import io.github.twochoice.cli.place.PlacementStudy;
import io.github.twochoice.cli.weblog.AccessLog;
import io.github.twochoice.cli.weblog.AccessLogReader;
import io.github.twochoice.place.Hash64;
import io.github.twochoice.place.PairHash;
import io.github.twochoice.place.WeightedRendezvous;
import io.github.twochoice.place.WeightedScore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The rendezvous page: the URLs of the bundled web log placed on servers by weighted rendezvous
 * hashing ({@link WeightedRendezvous}, logarithmic score, every server of weight 1 to start with:
 * plain rendezvous), with every key's {@linkplain #score score} on every server; then one change —
 * a server added, removed or given another weight — and the keys that move. Over all the log's URLs
 * it counts the keys that move under rendezvous, mod N and the ring of 100 tokens ({@link
 * PlacementScheme}), beside the expectation: 1/(N + 1) of the keys when a server joins, 1/N when
 * one leaves, and the change of the server's share when its weight changes.
 *
 * <p>Cost: the matrix is keys × servers scores; the comparison places every URL of the log (about
 * 20,000) three times per scheme.
 */
final class RendezvousLab {
  /** The changes a page can make, by their URL names. */
  static final List<String> CHANGES = List.of("add", "remove", "weight");

  /** The most servers. */
  static final int MAX_SERVERS = 10;

  /** The most keys in the matrix. */
  static final int MAX_KEYS = 40;

  private static final Function<String, String> NAME = Function.identity();

  private AccessLog log;

  /**
   * {@code /api/rendezvous?servers=&keys=&change=&server=&weight=}: both matrices and the moves.
   */
  Json.Obj trace(Params params) {
    int n = params.integer("servers", 5, 2, MAX_SERVERS);
    int k = params.integer("keys", 12, 2, MAX_KEYS);
    String change = params.choice("change", CHANGES);
    int target = params.integer("server", n, 1, n);
    double weight = params.decimal("weight", 2, 0.1, 10);
    params.checkAllRead();
    List<String> urls = urls();
    List<String> keys = urls.subList(0, k);
    List<String> before = PlacementStudy.proxies(n);
    String changed = change.equals("add") ? "proxy-" + (n + 1) : before.get(target - 1);
    List<String> after = new ArrayList<>(before);
    if (change.equals("add")) {
      after.add(changed);
    } else if (change.equals("remove")) {
      after.remove(changed);
    }
    double[] weightsAfter = ones(after.size());
    if (change.equals("weight")) {
      weightsAfter[target - 1] = weight;
    }
    WeightedRendezvous<String> first = placement(before, ones(n));
    WeightedRendezvous<String> second = placement(after, weightsAfter);
    return Json.obj()
        .put("steps", 2 * k)
        .put("keys", keys)
        .put("change", change)
        .put("changed", changed)
        .put("before", matrix(first, keys))
        .put("after", matrix(second, keys))
        .put("moves", moves(urls, first, second, change, before, changed));
  }

  private static WeightedRendezvous<String> placement(List<String> servers, double[] weights) {
    WeightedRendezvous<String> placement =
        WeightedRendezvous.create(NAME, WeightedScore.LOGARITHMIC);
    for (int s = 0; s < servers.size(); s++) {
      placement.add(servers.get(s), weights[s]);
    }
    return placement;
  }

  private static double[] ones(int length) {
    double[] ones = new double[length];
    Arrays.fill(ones, 1);
    return ones;
  }

  /** Servers, weights, every key's score on every server, and each key's owner. */
  private static Json.Obj matrix(WeightedRendezvous<String> placement, List<String> keys) {
    List<String> servers = placement.nodes();
    double[][] scores = new double[keys.size()][servers.size()];
    int[] owners = new int[keys.size()];
    for (int key = 0; key < keys.size(); key++) {
      for (int s = 0; s < servers.size(); s++) {
        String server = servers.get(s);
        scores[key][s] = score(keys.get(key), server, placement.weight(server));
      }
      owners[key] = servers.indexOf(placement.owner(keys.get(key)));
    }
    double[] weights = servers.stream().mapToDouble(placement::weight).toArray();
    return Json.obj()
        .put("servers", List.copyOf(servers))
        .put("weights", weights)
        .put("scores", scores)
        .put("owners", owners);
  }

  /**
   * The score of a server for a key, the number {@link WeightedRendezvous} compares, as it
   * documents it: the {@linkplain PairHash#standard() standard pair hash} of the key's and the
   * server's FNV-1a hashes, {@linkplain Hash64#toOpenUnitInterval(long) mapped to u in (0, 1)},
   * then the {@linkplain WeightedScore#LOGARITHMIC logarithmic score} {@code −w / ln u}.
   */
  static double score(String key, String server, double weight) {
    long pair = PairHash.standard().weight(Hash64.fnv1a64(key), Hash64.fnv1a64(server));
    return WeightedScore.LOGARITHMIC.score(weight, Hash64.toOpenUnitInterval(pair));
  }

  /** The fraction of the log's URLs that change server, per scheme, and what theory expects. */
  private static Json.Obj moves(
      List<String> urls,
      WeightedRendezvous<String> first,
      WeightedRendezvous<String> second,
      String change,
      List<String> before,
      String changed) {
    long moved = 0;
    for (String url : urls) {
      moved += first.owner(url).equals(second.owner(url)) ? 0 : 1;
    }
    int n = before.size();
    double expected;
    if (change.equals("weight")) {
      double total = 0;
      for (String server : second.nodes()) {
        total += second.weight(server);
      }
      expected = Math.abs(second.weight(changed) / total - 1.0 / n);
    } else {
      expected = change.equals("add") ? 1.0 / (n + 1) : 1.0 / n;
    }
    Json.Obj moves =
        Json.obj()
            .put("urls", urls.size())
            .put("rendezvous", (double) moved / urls.size())
            .put("expected", expected);
    for (PlacementScheme scheme : List.of(PlacementScheme.MOD_N, PlacementScheme.RING_100)) {
      // Mod N and the ring have no weights: they can only gain or lose a server.
      moves.put(
          scheme == PlacementScheme.MOD_N ? "modN" : "ring",
          change.equals("weight") ? null : movedFraction(scheme, urls, before, change, changed));
    }
    return moves;
  }

  private static double movedFraction(
      PlacementScheme scheme, List<String> urls, List<String> nodes, String change, String node) {
    String[] first = scheme.place(nodes).owners(urls);
    String[] second =
        (change.equals("add") ? scheme.placeWith(nodes, node) : scheme.placeWithout(nodes, node))
            .owners(urls);
    long moved = 0;
    for (int i = 0; i < first.length; i++) {
      moved += first[i].equals(second[i]) ? 0 : 1;
    }
    return (double) moved / first.length;
  }

  /** The URLs of the bundled log, in the order of their first request; read once. */
  synchronized List<String> urls() {
    if (log == null) {
      try {
        log = AccessLogReader.readBundled(null);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return log.urls();
  }
}
