/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.live;

import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Table;
import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.Chart.Axis;
import io.github.twochoice.cli.figure.Chart.Series;
import io.github.twochoice.cli.figure.Chart.Style;
import io.github.twochoice.cli.figure.Figure;
import io.github.twochoice.cli.figure.Section;
import io.github.twochoice.spymemcached.LocalMemcached;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntConsumer;
import net.spy.memcached.ConnectionFactory;

/**
 * The live experiment: N local memcached servers and a spare; for each {@link LiveScheme}, the log
 * replayed through the real client ({@link RealCache}) and through its simulation ({@link
 * SimulatedCache}) with the same locator, server N/2 stopped a third of the way through and
 * replaced by the spare two thirds through ({@link Replay}). Cost: two requests to memcached per
 * miss and one per hit, each waited for: a few seconds per scheme for the bundled log.
 */
public final class LiveExperiment {
  /** memcached's longest key, in bytes; longer URLs are left out of the replay. */
  static final int MAX_KEY_BYTES = 250;

  /** The fewest requests a replay takes: one per window of its hit ratio over time. */
  static final int MIN_REQUESTS = Replay.WINDOWS;

  private final List<String> keys;
  private final Map<LiveScheme, Replay> replays = new EnumMap<>(LiveScheme.class);
  private final int servers;
  private final long skipped;

  /**
   * Prepares the replay of a log's requests on {@code servers} servers.
   *
   * @param urls the log's URLs
   * @param order its requests, each the index of its URL
   * @param servers the servers, at least 3
   */
  public LiveExperiment(List<String> urls, int[] order, int servers) {
    if (servers < 3) {
      throw new IllegalArgumentException("servers must be at least 3: " + servers);
    }
    this.servers = servers;
    List<String> kept = new ArrayList<>();
    long left = 0;
    for (int url : order) {
      if (isMemcachedKey(urls.get(url))) {
        kept.add(urls.get(url));
      } else {
        left++;
      }
    }
    if (kept.size() < MIN_REQUESTS) {
      throw new IllegalArgumentException(
          "the log must have at least "
              + MIN_REQUESTS
              + " requests memcached can take, for three phases of "
              + Replay.WINDOWS / 3
              + " windows each: "
              + kept.size());
    }
    this.keys = kept;
    this.skipped = left;
  }

  /** memcached's text protocol takes keys of at most 250 bytes without spaces or controls. */
  static boolean isMemcachedKey(String key) {
    if (key.isEmpty() || key.getBytes(StandardCharsets.UTF_8).length > MAX_KEY_BYTES) {
      return false;
    }
    return key.chars().allMatch(c -> c > ' ' && c != 0x7f);
  }

  /**
   * Returns the number of schemes a run compares.
   *
   * @return mod N, Ketama, jump, Maglev, rendezvous, weighted rendezvous, the lookup table: 7
   */
  public static int schemes() {
    return LiveScheme.values().length;
  }

  /**
   * Returns the requests the replay leaves out: URLs memcached cannot take as keys.
   *
   * @return their number
   */
  public long skipped() {
    return skipped;
  }

  /**
   * Returns the number of requests replayed.
   *
   * @return the requests
   */
  public int requests() {
    return keys.size();
  }

  /**
   * Returns the server that stops: the middle of the list.
   *
   * @return its index, from 0
   */
  public int stopped() {
    return servers / 2;
  }

  /**
   * Runs every scheme on real servers and in simulation.
   *
   * @param done told the number of each scheme finished
   * @return one row per scheme
   * @throws IOException if a server does not start
   */
  public Table run(IntConsumer done) throws IOException {
    LocalMemcached.quietClientLog();
    Table table =
        new Table(
            "scheme",
            "hits before, real / sim",
            "after the stop",
            "after the replacement",
            "lost at the stop",
            "moved at the replacement",
            "keys per server, real / sim",
            "hits per server, real / sim");
    try (LocalMemcached local = LocalMemcached.start(servers + 1)) {
      List<InetSocketAddress> addresses = local.addresses();
      int finished = 0;
      for (LiveScheme scheme : LiveScheme.values()) {
        local.restartAll();
        ConnectionFactory factory = scheme.factory(local.names());
        Replay real;
        try (RealCache cache = new RealCache(local, servers, factory)) {
          real = Replay.run(cache, keys, stopped());
        }
        Replay sim =
            Replay.run(
                new SimulatedCache(addresses, servers, factory::createLocator), keys, stopped());
        table.row(
            scheme.label(),
            pair(real.hitRatio(0), sim.hitRatio(0)),
            pair(real.hitRatio(1), sim.hitRatio(1)),
            pair(real.hitRatio(2), sim.hitRatio(2)),
            pair(real.missedAfter(1), sim.missedAfter(1)),
            pair(real.missedAfter(2), sim.missedAfter(2)),
            spread(real.items()) + " / " + spread(sim.items()),
            spread(real.serverHits()) + " / " + spread(sim.serverHits()));
        replays.put(scheme, real);
        done.accept(++finished);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return table;
  }

  /**
   * The report's section on the last run: the hit ratio over time on the real servers, one curve
   * per scheme.
   *
   * @return the section, with one chart
   * @throws IllegalStateException if {@link #run} has not run
   */
  public Section section() {
    if (replays.isEmpty()) {
      throw new IllegalStateException("run the experiment first");
    }
    List<Series> series = new ArrayList<>();
    for (Map.Entry<LiveScheme, Replay> replay : replays.entrySet()) {
      series.add(
          Series.of(
              replay.getKey().label(),
              Style.MEASURED,
              replay.getValue().hitRatioOverTime(),
              false));
    }
    Chart chart =
        new Chart(
            "Hit ratio over time on " + servers + " real memcached servers",
            new Axis("requests replayed", false),
            new Axis("hits in the last " + keys.size() / Replay.WINDOWS + " requests, %", false),
            series);
    return new Section(
        "Placement on real memcached servers",
        String.format(
            Locale.ROOT,
            "%d requests replayed through the spymemcached client on %d local memcached servers"
                + " (command: place --memcached %d, which prints every figure beside its"
                + " simulation).",
            keys.size(),
            servers,
            servers),
        List.of(
            new Figure(
                chart,
                String.format(
                    Locale.ROOT,
                    "Server %d stops after request %d and the spare replaces it after request %d;"
                        + " each dip is the keys that event lost or moved (place --memcached prints"
                        + " them).",
                    stopped() + 1,
                    (keys.size() + 2) / 3,
                    (2 * keys.size() + 2) / 3))));
  }

  private static String pair(double real, double simulated) {
    return Format.percent(real) + " / " + Format.percent(simulated) + " %";
  }

  /** The fewest and the most keys on a running server. */
  private static String spread(long[] items) {
    long least = Long.MAX_VALUE;
    long most = 0;
    for (long n : items) {
      if (n > 0) {
        least = Math.min(least, n);
        most = Math.max(most, n);
      }
    }
    return String.format(Locale.ROOT, "%d–%d", least, most);
  }
}
