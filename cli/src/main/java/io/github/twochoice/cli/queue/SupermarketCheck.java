/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.sim.queue.Policy;
import io.github.twochoice.sim.queue.RefinedMeanField;
import io.github.twochoice.sim.queue.RunResult;
import io.github.twochoice.sim.queue.ServiceTimes;
import io.github.twochoice.sim.queue.Simulation;

/**
 * The supermarket model simulated at n servers (exponential sizes of mean 1, best of d with
 * distinct or independent candidates on fresh loads) beside its refined mean field at n ({@link
 * RefinedMeanField}) and its limit. A run lasts at least {@link #MIN_DURATION} mean service times,
 * enough for one queue of M/M/1 at λ = 0.9 to forget its empty start (relaxation time about 380),
 * and its first quarter is not measured. Immutable; costs one simulation and one refined mean
 * field.
 *
 * @param n the number of servers
 * @param d the candidates per request
 * @param draws how the candidates are drawn
 * @param requests the requests of the run
 * @param simulated the run's figures
 * @param model the supermarket model at the same λ, d and sampling rule
 */
record SupermarketCheck(
    int n, int d, Policy.Draws draws, int requests, RunResult simulated, RefinedMeanField model) {
  /** The shortest run, in mean service times. */
  static final double MIN_DURATION = 4000;

  /** Simulates n servers with at least {@code requests} requests. */
  static SupermarketCheck run(
      double lambda, int n, int d, Policy.Draws draws, int requests, long seed) {
    int length = Math.max(requests, (int) Math.ceil(MIN_DURATION * lambda * n));
    RunResult simulated =
        Simulation.builder()
            .servers(n)
            .utilisation(lambda)
            .serviceTimes(ServiceTimes.exponential())
            .policy(Policy.bestOf(d, draws, Policy.Ties.RANDOM))
            .requests(length)
            .warmup(length / 4)
            .seed(seed)
            .build()
            .run();
    return new SupermarketCheck(
        n, d, draws, length, simulated, RefinedMeanField.supermarket(lambda, d, draws));
  }
}
