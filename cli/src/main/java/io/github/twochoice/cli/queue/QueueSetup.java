/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.sim.queue.Policy;
import io.github.twochoice.sim.queue.Simulation;
import java.util.Collections;
import java.util.List;

/**
 * What the runs of the {@code queue} command share: n servers with their speed factors at
 * utilisation λ (of the pool's total speed), the request sizes (in ms at speed 1), the requests per
 * run, of which the first tenth warm the servers up and are not measured, and the seed. Immutable;
 * O(n) to start a run.
 *
 * @param speeds one speed factor per server, at least 2, each positive and finite
 * @param lambda the utilisation λ, in (0, 1)
 * @param sizes the request sizes
 * @param requests the requests of one run, at least 10
 * @param seed the seed of every run
 */
record QueueSetup(List<Double> speeds, double lambda, JobSizes sizes, int requests, long seed) {
  QueueSetup {
    speeds = List.copyOf(speeds);
  }

  /** n servers of speed 1. */
  QueueSetup(int servers, double lambda, JobSizes sizes, int requests, long seed) {
    this(Collections.nCopies(servers, 1.0), lambda, sizes, requests, seed);
  }

  /** A run of one policy on fresh loads (period 0) or on a board updated every period ms. */
  Simulation.Builder simulation(Policy policy, double boardPeriod) {
    return Simulation.builder()
        .speeds(speeds.stream().mapToDouble(Double::doubleValue).toArray())
        .utilisation(lambda)
        .serviceTimes(sizes.times())
        .policy(policy)
        .requests(requests)
        .warmup(warmup())
        .boardPeriod(boardPeriod)
        .seed(seed);
  }

  /** n, the number of servers. */
  int servers() {
    return speeds.size();
  }

  /** Whether every server has speed 1. */
  boolean unitSpeeds() {
    return speeds.stream().allMatch(s -> s == 1);
  }

  /** The server's share of the pool's total speed. */
  double capacityShare(int server) {
    return speeds.get(server) / capacity(servers());
  }

  /** The requests left out of the statistics: the first tenth. */
  int warmup() {
    return requests / 10;
  }

  /** The same setup with other sizes. */
  QueueSetup withSizes(JobSizes other) {
    return new QueueSetup(speeds, lambda, other, requests, seed);
  }

  /** The same setup with another number of requests per run. */
  QueueSetup withRequests(int other) {
    return new QueueSetup(speeds, lambda, sizes, other, seed);
  }

  /**
   * The time, in ms, at which the k-th request is expected on a pool of the first {@code pool}
   * servers.
   */
  double expectedArrival(int k, int pool) {
    return k * sizes.times().mean() / (lambda * capacity(pool));
  }

  /** The total speed of the first {@code pool} servers. */
  private double capacity(int pool) {
    return speeds.subList(0, pool).stream().mapToDouble(Double::doubleValue).sum();
  }
}
