/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.sim.queue.Policy;
import io.github.twochoice.sim.queue.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything the {@code queue} command prints: every policy on every board period; every policy on
 * fresh loads under the chosen sizes and under exponential sizes of the same mean; a cold server
 * joining and a server failing fast, per policy and board period, in runs of a tenth of the
 * requests; and the supermarket model simulated at several n beside its refined mean field.
 * Deterministic for a given setup. Cost: {@link #runs} simulations, each O(requests · log n).
 */
final class QueueStudy {
  /**
   * One policy on one board.
   *
   * @param board the board period in ms, 0 for fresh loads
   */
  record PolicyRun(String policy, double board, RunResult result) {}

  /** One policy on fresh loads under the chosen sizes and under exponential ones of their mean. */
  record SizeComparison(String policy, RunResult sizes, RunResult exponential) {}

  /** One policy's pool changes, one entry per board period. */
  record Changes(String policy, List<PoolChanges.Join> joins, List<Double> failShares) {}

  private final QueueSetup setup;
  private final List<Double> boards;
  private final List<PolicyRun> runs = new ArrayList<>();
  private final List<SizeComparison> comparisons = new ArrayList<>();
  private final List<Changes> changes = new ArrayList<>();
  private final List<SupermarketCheck> checks = new ArrayList<>();

  private QueueStudy(QueueSetup setup, List<Double> boards) {
    this.setup = setup;
    this.boards = List.copyOf(boards);
  }

  /** The number of simulations {@link #run} performs, for its progress line. */
  static long runs(int policies, List<Double> boards, List<Integer> theoryServers, int d) {
    long comparisons = boards.stream().anyMatch(b -> b == 0) ? policies : 2L * policies;
    return 3L * policies * boards.size() + comparisons + theoryServers.size() * choices(d).size();
  }

  /** Runs every experiment, stepping the progress once per simulation. */
  static QueueStudy run(
      QueueSetup setup,
      List<Balancer> balancers,
      int d,
      List<Double> boards,
      List<Integer> theoryServers,
      Progress progress) {
    QueueStudy study = new QueueStudy(setup, boards);
    QueueSetup exponential = setup.withSizes(setup.sizes().exponentialOfSameMean());
    QueueSetup shorter = setup.withRequests(study.changeRequests());
    for (Balancer balancer : balancers) {
      Policy policy = balancer.policy(d);
      RunResult fresh = null;
      for (double board : boards) {
        RunResult result = setup.simulation(policy, board).build().run();
        progress.step();
        study.runs.add(new PolicyRun(policy.name(), board, result));
        fresh = board == 0 ? result : fresh;
      }
      if (fresh == null) {
        fresh = setup.simulation(policy, 0).build().run();
        progress.step();
      }
      RunResult sameMean = exponential.simulation(policy, 0).build().run();
      progress.step();
      study.comparisons.add(new SizeComparison(policy.name(), fresh, sameMean));
      List<PoolChanges.Join> joins = new ArrayList<>();
      List<Double> failShares = new ArrayList<>();
      for (double board : boards) {
        joins.add(PoolChanges.coldJoin(shorter, policy, board));
        progress.step();
        failShares.add(PoolChanges.failFast(shorter, policy, board));
        progress.step();
      }
      study.changes.add(new Changes(policy.name(), joins, failShares));
    }
    for (int candidates : choices(d)) {
      for (int n : theoryServers) {
        study.checks.add(
            SupermarketCheck.run(setup.lambda(), n, candidates, setup.requests(), setup.seed()));
        progress.step();
      }
    }
    return study;
  }

  /** The choices the supermarket table compares: one, and d. */
  static Set<Integer> choices(int d) {
    return new LinkedHashSet<>(List.of(1, d));
  }

  QueueSetup setup() {
    return setup;
  }

  /** The board periods, in ms, 0 for fresh loads, in the order given. */
  List<Double> boards() {
    return boards;
  }

  /** Per policy, then per board period. */
  List<PolicyRun> runs() {
    return List.copyOf(runs);
  }

  List<SizeComparison> comparisons() {
    return List.copyOf(comparisons);
  }

  List<Changes> changes() {
    return List.copyOf(changes);
  }

  /** Per d (1 first), then per n. */
  List<SupermarketCheck> checks() {
    return List.copyOf(checks);
  }

  /** The requests of the runs of {@link #changes()}. */
  int changeRequests() {
    return Math.max(10, setup.requests() / 10);
  }
}
