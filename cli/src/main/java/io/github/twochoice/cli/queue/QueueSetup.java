/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.sim.queue.Policy;
import io.github.twochoice.sim.queue.Simulation;

/**
 * What the runs of the {@code queue} command share: n servers of speed 1 at utilisation λ, the
 * request sizes (in ms), the requests per run, of which the first tenth warm the servers up and are
 * not measured, and the seed. Immutable; O(1).
 *
 * @param servers n, at least 2
 * @param lambda the utilisation λ, in (0, 1)
 * @param sizes the request sizes
 * @param requests the requests of one run, at least 10
 * @param seed the seed of every run
 */
record QueueSetup(int servers, double lambda, JobSizes sizes, int requests, long seed) {
  /** A run of one policy on fresh loads (period 0) or on a board updated every period ms. */
  Simulation.Builder simulation(Policy policy, double boardPeriod) {
    return Simulation.builder()
        .servers(servers)
        .utilisation(lambda)
        .serviceTimes(sizes.times())
        .policy(policy)
        .requests(requests)
        .warmup(warmup())
        .boardPeriod(boardPeriod)
        .seed(seed);
  }

  /** The requests left out of the statistics: the first tenth. */
  int warmup() {
    return requests / 10;
  }

  /** The same setup with other sizes. */
  QueueSetup withSizes(JobSizes other) {
    return new QueueSetup(servers, lambda, other, requests, seed);
  }

  /** The same setup with another number of requests per run. */
  QueueSetup withRequests(int other) {
    return new QueueSetup(servers, lambda, sizes, other, seed);
  }

  /** The time, in ms, at which the k-th request is expected on a pool of {@code pool} servers. */
  double expectedArrival(int k, int pool) {
    return k * sizes.times().mean() / (lambda * pool);
  }
}
