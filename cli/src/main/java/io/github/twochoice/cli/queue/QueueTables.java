/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.cli.common.EnumNames;
import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Table;
import io.github.twochoice.sim.queue.Policy;
import io.github.twochoice.sim.queue.RunResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The tables of the {@code queue} command, one per question, with their titles, built from a {@link
 * QueueStudy}. Times are in ms (in mean service times for the supermarket table). Formatting only:
 * O(policies × board periods) cells per table, O(n) per row of the traffic table.
 */
public final class QueueTables {
  /** The longest queue the supermarket table reports the tail of. */
  static final int TAIL_LENGTH = 6;

  /** The most columns of servers the traffic table prints; beyond, servers share a column. */
  static final int TRAFFIC_COLUMNS = 10;

  private static final String RANDOM = Policy.random().name();

  private final QueueStudy study;
  private final List<JobSizes> sizes;

  /** The tables of a study; {@code sizes} are the rows of the sizes table. */
  QueueTables(QueueStudy study, List<JobSizes> sizes) {
    this.study = study;
    this.sizes = List.copyOf(sizes);
  }

  /** The title the command prints above a table. */
  String title(QueueTable table) {
    QueueSetup setup = study.setup();
    return switch (table) {
      case SIZES ->
          "Request sizes in ms at speed 1: median, mean, max, and the share of the work that the"
              + " largest 1 % of requests bring";
      case RESPONSE_TIMES ->
          "Response times in ms per policy, on fresh loads or a board updated every T ms; the"
              + " longest queue at any time and averaged over time";
      case COUNTING ->
          "Counting jobs vs job sizes, fresh loads: "
              + setup.sizes().name()
              + " sizes beside exponential sizes of the same mean; gain = random's figure / the"
              + " policy's";
      case TRAFFIC ->
          "Traffic per server, fresh loads: each server's share of the work in %, beside its share"
              + " of the capacity (its speed / the total speed)"
              + (setup.servers() > TRAFFIC_COLUMNS ? "; servers grouped by index" : "");
      case COLD_JOIN ->
          String.format(
              Locale.ROOT,
              "A cold server joins halfway through runs of %d requests, at a board update: its"
                  + " share of the requests of its first %s ms (%s) and its longest queue",
              study.changeRequests(),
              number(PoolChanges.JOIN_WINDOW_MILLIS),
              fairShare(setup.servers() - 1));
      case FAIL_FAST ->
          String.format(
              Locale.ROOT,
              "A server fails fast, answering at once with an error, after the warm-up of runs of"
                  + " %d requests: its share of the later requests (%s)",
              study.changeRequests(),
              fairShare(0));
      case SUPERMARKET ->
          "The supermarket model at lambda = "
              + number(setup.lambda())
              + ", exponential sizes of mean 1, best of d on fresh loads: simulated beside the"
              + " refined mean field at n and the limit; mean time in mean service times, longest"
              + " queue at any time and averaged over time";
    };
  }

  /** "fair share 1/n = 10.0 %" on servers of speed 1, else the server's share of the capacity. */
  private String fairShare(int server) {
    QueueSetup setup = study.setup();
    String share = Format.percent(setup.capacityShare(server)) + " %";
    return setup.unitSpeeds() ? "fair share 1/n = " + share : "fair share by speed = " + share;
  }

  /** One of the tables. */
  Table table(QueueTable table) {
    return switch (table) {
      case SIZES -> sizes();
      case RESPONSE_TIMES -> responseTimes();
      case COUNTING -> counting();
      case TRAFFIC -> traffic();
      case COLD_JOIN -> coldJoin();
      case FAIL_FAST -> failFast();
      case SUPERMARKET -> supermarket();
    };
  }

  /** Per size source: median, mean, max and the top 1 %'s share of the work. */
  Table sizes() {
    Table table =
        new Table("sizes", "median ms", "mean ms", "max ms", "top 1 % work %", "description");
    for (JobSizes s : sizes) {
      table.row(
          s.name(),
          millis(s.median()),
          millis(s.times().mean()),
          Double.isInfinite(s.max()) ? "unbounded" : millis(s.max()),
          Format.percent(s.times().shareOfTopWork(0.01)),
          s.description());
    }
    return table;
  }

  /** Per policy and board period: the response-time statistics and the longest queue. */
  Table responseTimes() {
    Table table =
        new Table(
            "policy",
            "board",
            "mean ms",
            "median ms",
            "p99 ms",
            "p99.9 ms",
            "longest queue",
            "time-avg longest");
    for (QueueStudy.PolicyRun run : study.runs()) {
      RunResult r = run.result();
      table.row(
          run.policy(),
          board(run.board()),
          millis(r.mean()),
          millis(r.median()),
          millis(r.p99()),
          millis(r.p999()),
          r.longestQueue(),
          Format.fixed(r.meanLongestQueue(), 2));
    }
    return table;
  }

  /**
   * Per policy on fresh loads: the mean and p99 under the chosen sizes and under exponential sizes
   * of the same mean, each with its gain, random's figure over the policy's.
   */
  Table counting() {
    Table table =
        new Table(
            "policy",
            "mean ms",
            "p99 ms",
            "mean gain",
            "p99 gain",
            "exp. mean ms",
            "exp. p99 ms",
            "exp. mean gain",
            "exp. p99 gain");
    Optional<QueueStudy.SizeComparison> random =
        study.comparisons().stream().filter(c -> c.policy().equals(RANDOM)).findFirst();
    for (QueueStudy.SizeComparison c : study.comparisons()) {
      RunResult sizes = c.sizes();
      RunResult exponential = c.exponential();
      table.row(
          c.policy(),
          millis(sizes.mean()),
          millis(sizes.p99()),
          gain(random.map(r -> r.sizes().mean()), sizes.mean()),
          gain(random.map(r -> r.sizes().p99()), sizes.p99()),
          millis(exponential.mean()),
          millis(exponential.p99()),
          gain(random.map(r -> r.exponential().mean()), exponential.mean()),
          gain(random.map(r -> r.exponential().p99()), exponential.p99()));
    }
    return table;
  }

  /**
   * Per policy on fresh loads: each server's share of the work, in %, after a first row with each
   * server's share of the capacity; above {@link #TRAFFIC_COLUMNS} servers, each column is a range
   * of indices.
   */
  Table traffic() {
    QueueSetup setup = study.setup();
    List<int[]> groups = serverGroups(setup.servers());
    List<String> header = new ArrayList<>(List.of("policy"));
    List<Object> capacity = new ArrayList<>(List.of("capacity"));
    for (int[] g : groups) {
      header.add(g[1] - g[0] == 1 ? Integer.toString(g[0]) : g[0] + "-" + (g[1] - 1));
      double share = 0;
      for (int server = g[0]; server < g[1]; server++) {
        share += setup.capacityShare(server);
      }
      capacity.add(Format.percent(share));
    }
    Table table = new Table(header.toArray(new String[0]));
    table.row(capacity.toArray());
    for (QueueStudy.PolicyRun run : study.fresh()) {
      double[] work = run.result().workPerServer();
      double total = run.result().workArrived();
      List<Object> cells = new ArrayList<>(List.of(run.policy()));
      for (int[] g : groups) {
        double sum = 0;
        for (int server = g[0]; server < g[1]; server++) {
          sum += work[server];
        }
        cells.add(Format.percent(sum / total));
      }
      table.row(cells.toArray());
    }
    return table;
  }

  /**
   * The traffic table's columns: one server each up to {@link #TRAFFIC_COLUMNS} servers, else that
   * many ranges [from, to) of near-equal size.
   */
  static List<int[]> serverGroups(int servers) {
    int columns = Math.min(servers, TRAFFIC_COLUMNS);
    List<int[]> groups = new ArrayList<>();
    for (int g = 0; g < columns; g++) {
      groups.add(new int[] {g * servers / columns, (g + 1) * servers / columns});
    }
    return groups;
  }

  /** Per policy, for each board period: the cold server's share of its first window, its queue. */
  Table coldJoin() {
    List<String> header = new ArrayList<>(List.of("policy"));
    for (double board : study.boards()) {
      header.add(board(board) + " share %");
      header.add(board(board) + " longest queue");
    }
    Table table = new Table(header.toArray(new String[0]));
    for (QueueStudy.Changes c : study.changes()) {
      List<Object> cells = new ArrayList<>(List.of(c.policy()));
      for (PoolChanges.Join join : c.joins()) {
        cells.add(Format.percent(join.share()));
        cells.add(join.longestQueue());
      }
      table.row(cells.toArray());
    }
    return table;
  }

  /** Per policy, for each board period: the share of requests the failed server answered. */
  Table failFast() {
    List<String> header = new ArrayList<>(List.of("policy"));
    for (double board : study.boards()) {
      header.add(board(board) + " errors %");
    }
    Table table = new Table(header.toArray(new String[0]));
    for (QueueStudy.Changes c : study.changes()) {
      List<Object> cells = new ArrayList<>(List.of(c.policy()));
      for (double share : c.failShares()) {
        cells.add(Format.percent(share));
      }
      table.row(cells.toArray());
    }
    return table;
  }

  /**
   * Per d, n and sampling rule: the simulated mean time, fraction of queues with at least i and
   * longest queue, beside the refined mean field at n; then, per d, the limit (n = ∞).
   */
  Table supermarket() {
    List<String> header =
        new ArrayList<>(List.of("d", "draws", "n", "model", "requests", "mean time"));
    for (int i = 1; i <= TAIL_LENGTH; i++) {
      header.add(">=" + i + " %");
    }
    header.add("longest queue");
    header.add("time-avg longest");
    Table table = new Table(header.toArray(new String[0]));
    List<SupermarketCheck> checks = study.checks();
    for (int k = 0; k < checks.size(); k++) {
      SupermarketCheck check = checks.get(k);
      RunResult sim = check.simulated();
      String draws = check.d() == 1 ? "-" : EnumNames.name(check.draws());
      List<Object> simulated = row(check.d(), draws, check.n(), "simulated", check.requests());
      List<Object> refined = row(check.d(), draws, check.n(), "refined mean field", "-");
      simulated.add(Format.fixed(sim.mean(), 3));
      refined.add(Format.fixed(check.model().meanTime(check.n()), 3));
      for (int i = 1; i <= TAIL_LENGTH; i++) {
        simulated.add(Format.percent(sim.fractionOfTimeAtLeast(i)));
        refined.add(Format.percent(check.model().tail(i, check.n())));
      }
      simulated.add(sim.longestQueue());
      simulated.add(Format.fixed(sim.meanLongestQueue(), 2));
      refined.add("-");
      refined.add("-");
      table.row(simulated.toArray());
      table.row(refined.toArray());
      if (k + 1 == checks.size() || checks.get(k + 1).d() != check.d()) {
        List<Object> limit = row(check.d(), "-", "inf", "mean-field limit", "-");
        limit.add(Format.fixed(check.model().meanTime(), 3));
        for (int i = 1; i <= TAIL_LENGTH; i++) {
          limit.add(Format.percent(check.model().tail(i)));
        }
        limit.add("-");
        limit.add("-");
        table.row(limit.toArray());
      }
    }
    return table;
  }

  private static List<Object> row(Object... first) {
    return new ArrayList<>(List.of(first));
  }

  /** "fresh" for period 0, else "T=10" (ms). */
  static String board(double period) {
    return period == 0 ? "fresh" : "T=" + number(period);
  }

  /**
   * A number without trailing zeros.
   *
   * @param x the number
   * @return for example "10", "2.5"
   */
  public static String number(double x) {
    return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
  }

  private static String millis(double x) {
    return Format.fixed(x, 3);
  }

  /** Random's figure over the policy's, or "-" without random. */
  private static String gain(Optional<Double> random, double x) {
    return random.map(r -> Format.fixed(r / x, 2)).orElse("-");
  }
}
