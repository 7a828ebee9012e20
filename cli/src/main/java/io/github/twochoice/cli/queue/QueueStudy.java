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
 * The simulations behind the {@code queue} command's tables, only those the chosen tables need:
 * every policy on every board period; every policy on fresh loads, under the chosen sizes and under
 * exponential sizes of the same mean; a cold server joining and a server failing fast, per policy
 * and board period, in runs of a tenth of the requests; and the supermarket model simulated at
 * several n and sampling rules beside its refined mean field. Deterministic for a given setup and
 * plan. Cost: {@link Plan#runs} simulations, each O(requests · log n).
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

  /** One policy's pool changes, one entry per board period (none if the table is not asked). */
  record Changes(String policy, List<PoolChanges.Join> joins, List<Double> failShares) {}

  /**
   * What to simulate.
   *
   * @param balancers the policies, in the order of the tables
   * @param d the candidates of best of d
   * @param boards the board periods in ms, 0 for fresh loads
   * @param theoryServers the n of the supermarket runs
   * @param draws the sampling rules of the supermarket runs with d &gt; 1
   * @param tables the tables to print
   */
  record Plan(
      List<Balancer> balancers,
      int d,
      List<Double> boards,
      List<Integer> theoryServers,
      List<Policy.Draws> draws,
      Set<QueueTable> tables) {
    Plan {
      balancers = List.copyOf(balancers);
      boards = List.copyOf(boards);
      theoryServers = List.copyOf(theoryServers);
      draws = List.copyOf(new LinkedHashSet<>(draws));
      tables = Set.copyOf(tables);
    }

    /** The number of simulations {@link #run} performs, for its progress line. */
    long runs() {
      long perPolicy = 0;
      if (tables.contains(QueueTable.RESPONSE_TIMES)) {
        perPolicy += boards.size();
      }
      if (needsFresh() && !reusesFresh()) {
        perPolicy++;
      }
      if (tables.contains(QueueTable.COUNTING)) {
        perPolicy++;
      }
      if (tables.contains(QueueTable.COLD_JOIN)) {
        perPolicy += boards.size();
      }
      if (tables.contains(QueueTable.FAIL_FAST)) {
        perPolicy += boards.size();
      }
      long supermarket = 0;
      if (tables.contains(QueueTable.SUPERMARKET)) {
        for (int candidates : choices()) {
          supermarket += (long) theoryServers.size() * rules(candidates).size();
        }
      }
      return perPolicy * balancers.size() + supermarket;
    }

    /** The choices the supermarket table compares: one, and d. */
    Set<Integer> choices() {
      return new LinkedHashSet<>(List.of(1, d));
    }

    /** The sampling rules run for a number of candidates: one for d = 1, where they agree. */
    List<Policy.Draws> rules(int candidates) {
      return candidates == 1 ? draws.subList(0, 1) : draws;
    }

    private boolean needsFresh() {
      return tables.contains(QueueTable.COUNTING) || tables.contains(QueueTable.TRAFFIC);
    }

    private boolean reusesFresh() {
      return tables.contains(QueueTable.RESPONSE_TIMES) && boards.contains(0.0);
    }
  }

  private final QueueSetup setup;
  private final Plan plan;
  private final List<PolicyRun> runs = new ArrayList<>();
  private final List<PolicyRun> fresh = new ArrayList<>();
  private final List<SizeComparison> comparisons = new ArrayList<>();
  private final List<Changes> changes = new ArrayList<>();
  private final List<SupermarketCheck> checks = new ArrayList<>();

  private QueueStudy(QueueSetup setup, Plan plan) {
    this.setup = setup;
    this.plan = plan;
  }

  /** Runs the plan's simulations, stepping the progress once per simulation. */
  static QueueStudy run(QueueSetup setup, Plan plan, Progress progress) {
    QueueStudy study = new QueueStudy(setup, plan);
    for (Balancer balancer : plan.balancers()) {
      study.runPolicy(balancer.policy(plan.d()), progress);
    }
    if (plan.tables().contains(QueueTable.SUPERMARKET)) {
      for (int candidates : plan.choices()) {
        for (int n : plan.theoryServers()) {
          for (Policy.Draws draws : plan.rules(candidates)) {
            study.checks.add(
                SupermarketCheck.run(
                    setup.lambda(), n, candidates, draws, setup.requests(), setup.seed()));
            progress.step();
          }
        }
      }
    }
    return study;
  }

  private void runPolicy(Policy policy, Progress progress) {
    Set<QueueTable> tables = plan.tables();
    RunResult freshRun = null;
    if (tables.contains(QueueTable.RESPONSE_TIMES)) {
      for (double board : plan.boards()) {
        RunResult result = setup.simulation(policy, board).build().run();
        progress.step();
        runs.add(new PolicyRun(policy.name(), board, result));
        freshRun = board == 0 ? result : freshRun;
      }
    }
    if (plan.needsFresh()) {
      if (freshRun == null) {
        freshRun = setup.simulation(policy, 0).build().run();
        progress.step();
      }
      fresh.add(new PolicyRun(policy.name(), 0, freshRun));
    }
    if (tables.contains(QueueTable.COUNTING)) {
      QueueSetup exponential = setup.withSizes(setup.sizes().exponentialOfSameMean());
      RunResult sameMean = exponential.simulation(policy, 0).build().run();
      progress.step();
      comparisons.add(new SizeComparison(policy.name(), freshRun, sameMean));
    }
    QueueSetup shorter = setup.withRequests(changeRequests());
    List<PoolChanges.Join> joins = new ArrayList<>();
    List<Double> failShares = new ArrayList<>();
    for (double board : plan.boards()) {
      if (tables.contains(QueueTable.COLD_JOIN)) {
        joins.add(PoolChanges.coldJoin(shorter, policy, board));
        progress.step();
      }
      if (tables.contains(QueueTable.FAIL_FAST)) {
        failShares.add(PoolChanges.failFast(shorter, policy, board));
        progress.step();
      }
    }
    changes.add(new Changes(policy.name(), joins, failShares));
  }

  QueueSetup setup() {
    return setup;
  }

  Plan plan() {
    return plan;
  }

  /** The board periods, in ms, 0 for fresh loads, in the order given. */
  List<Double> boards() {
    return plan.boards();
  }

  /** Per policy, then per board period. */
  List<PolicyRun> runs() {
    return List.copyOf(runs);
  }

  /** Per policy, on fresh loads. */
  List<PolicyRun> fresh() {
    return List.copyOf(fresh);
  }

  List<SizeComparison> comparisons() {
    return List.copyOf(comparisons);
  }

  List<Changes> changes() {
    return List.copyOf(changes);
  }

  /** Per d (1 first), then per n, then per sampling rule. */
  List<SupermarketCheck> checks() {
    return List.copyOf(checks);
  }

  /** The requests of the runs of {@link #changes()}. */
  int changeRequests() {
    return Math.max(10, setup.requests() / 10);
  }
}
