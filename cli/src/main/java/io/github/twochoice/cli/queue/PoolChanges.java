/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.sim.queue.Policy;
import io.github.twochoice.sim.queue.RunResult;

/**
 * Two changes of the pool that fool load-based and latency-based policies, each measured in one
 * run: a cold server joining a busy pool halfway through the requests (at a board update), and a
 * server that starts to fail fast, answering at once with an error, when the warm-up ends. Pure
 * functions of the setup; each costs one simulation.
 */
final class PoolChanges {
  /** How long after it joins the new server's share of the requests is counted, in ms. */
  static final double JOIN_WINDOW_MILLIS = 10;

  /**
   * What a cold server got after joining.
   *
   * @param share its share of the requests that arrived in the first {@link #JOIN_WINDOW_MILLIS} ms
   *     after it joined, against a fair 1/n
   * @param longestQueue the longest queue it ever held
   */
  record Join(double share, int longestQueue) {}

  private PoolChanges() {}

  /**
   * Server n − 1 joins, empty, when half the requests are expected to have arrived, delayed to the
   * next update of a board, which then shows it empty for a whole period; until then the pool is n
   * − 1 servers at utilisation λ.
   */
  static Join coldJoin(QueueSetup setup, Policy policy, double boardPeriod) {
    int joiner = setup.servers() - 1;
    double join = joinTime(setup, boardPeriod);
    double end = join + JOIN_WINDOW_MILLIS;
    long[] window = new long[2]; // requests in the window, of which to the joiner
    RunResult result =
        setup
            .simulation(policy, boardPeriod)
            .lastServerJoinsAt(join)
            .listener(
                (request, server, arrival, work, completion, error) -> {
                  if (arrival >= join && arrival < end) {
                    window[0]++;
                    window[1] += server == joiner ? 1 : 0;
                  }
                })
            .build()
            .run();
    return new Join(
        window[0] == 0 ? Double.NaN : window[1] / (double) window[0],
        result.longestQueuePerServer()[joiner]);
  }

  /** Halfway through the requests, or the first board update after that. */
  static double joinTime(QueueSetup setup, double boardPeriod) {
    double halfway = setup.expectedArrival(setup.requests() / 2, setup.servers() - 1);
    return boardPeriod == 0 ? halfway : Math.ceil(halfway / boardPeriod) * boardPeriod;
  }

  /**
   * Server 0 fails fast once the warm-up is expected to be over; returns its share of the requests
   * that arrived after that, all of which it answered with an error, against a fair 1/n.
   */
  static double failFast(QueueSetup setup, Policy policy, double boardPeriod) {
    double failure = setup.expectedArrival(setup.warmup(), setup.servers());
    long[] after = new long[1];
    RunResult result =
        setup
            .simulation(policy, boardPeriod)
            .serverFailsAt(0, failure)
            .listener(
                (request, server, arrival, work, completion, error) ->
                    after[0] += arrival >= failure ? 1 : 0)
            .build()
            .run();
    return after[0] == 0 ? Double.NaN : result.errors() / (double) after[0];
  }
}
