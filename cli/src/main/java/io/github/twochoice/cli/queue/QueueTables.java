/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Table;
import io.github.twochoice.sim.queue.Policy;
import io.github.twochoice.sim.queue.RunResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tables of the {@code queue} command, one per question, built from a {@link QueueStudy}. Times
 * are in ms (in mean service times for the supermarket table). Formatting only: O(policies × board
 * periods) cells per table.
 */
public final class QueueTables {
  /** The longest queue the supermarket table reports the tail of. */
  static final int TAIL_LENGTH = 6;

  private static final String RANDOM = Policy.random().name();

  private final QueueStudy study;

  QueueTables(QueueStudy study) {
    this.study = study;
  }

  /** Per policy and board period: the response-time statistics and the longest queue. */
  Table responseTimes() {
    Table table =
        new Table("policy", "board", "mean ms", "median ms", "p99 ms", "p99.9 ms", "longest queue");
    for (QueueStudy.PolicyRun run : study.runs()) {
      RunResult r = run.result();
      table.row(
          run.policy(),
          board(run.board()),
          millis(r.mean()),
          millis(r.median()),
          millis(r.p99()),
          millis(r.p999()),
          r.longestQueue());
    }
    return table;
  }

  /**
   * Per policy on fresh loads: the mean and p99 under the chosen sizes and under exponential sizes
   * of the same mean, each with its gain, random's figure over the policy's.
   */
  Table sizes() {
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
   * Per d: at each n the simulated mean time and fraction of queues with at least i, beside the
   * refined mean field at n; then the limit (n = ∞).
   */
  Table supermarket() {
    List<String> header = new ArrayList<>(List.of("d", "n", "model", "requests", "mean time"));
    for (int i = 1; i <= TAIL_LENGTH; i++) {
      header.add(">=" + i + " %");
    }
    Table table = new Table(header.toArray(new String[0]));
    List<SupermarketCheck> checks = study.checks();
    for (int k = 0; k < checks.size(); k++) {
      SupermarketCheck check = checks.get(k);
      RunResult sim = check.simulated();
      List<Object> simulated = row(check.d(), check.n(), "simulated", check.requests());
      List<Object> refined = row(check.d(), check.n(), "refined mean field", "-");
      simulated.add(Format.fixed(sim.mean(), 3));
      refined.add(Format.fixed(check.model().meanTime(check.n()), 3));
      for (int i = 1; i <= TAIL_LENGTH; i++) {
        simulated.add(Format.percent(sim.fractionOfTimeAtLeast(i)));
        refined.add(Format.percent(check.model().tail(i, check.n())));
      }
      table.row(simulated.toArray());
      table.row(refined.toArray());
      if (k + 1 == checks.size() || checks.get(k + 1).d() != check.d()) {
        List<Object> limit = row(check.d(), "inf", "mean-field limit", "-");
        limit.add(Format.fixed(check.model().meanTime(), 3));
        for (int i = 1; i <= TAIL_LENGTH; i++) {
          limit.add(Format.percent(check.model().tail(i)));
        }
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
