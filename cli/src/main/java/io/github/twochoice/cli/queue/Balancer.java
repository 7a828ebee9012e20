/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.sim.queue.Policy;
import io.github.twochoice.sim.queue.Policy.Draws;
import io.github.twochoice.sim.queue.Policy.Ties;

/**
 * The dispatching policies the {@code queue} command compares, by their command-line names; each
 * makes the simulator's {@link Policy} for a given d. O(1).
 */
enum Balancer {
  /** A server drawn uniformly at random. */
  RANDOM,
  /** Request i to server i mod n. */
  ROUND_ROBIN,
  /** The fewest outstanding requests of d distinct random servers, ties at random. */
  BEST_OF_D,
  /** Best of d with d independent draws, which may repeat a server: the supermarket model's. */
  BEST_OF_D_INDEPENDENT,
  /** Best of d with ties to the lower server index. */
  BEST_OF_D_TIES_LOW,
  /** The least (outstanding + 1) / speed of d distinct random servers. */
  WEIGHTED_BEST_OF_D,
  /** The fewest outstanding requests of all servers, ties at random. */
  LEAST_LOADED,
  /** Least loaded with ties to the lowest server index. */
  LEAST_LOADED_TIES_LOW,
  /** The least remaining work of all servers: it knows every queued request's size. */
  LEAST_WORK,
  /** The least (outstanding + 1) / speed of all servers. */
  WEIGHTED,
  /** Peak EWMA of the response times seen, times the requests pending, best of two. */
  PEAK_EWMA;

  /** The policy, with d candidates for best of d. */
  Policy policy(int d) {
    return switch (this) {
      case RANDOM -> Policy.random();
      case ROUND_ROBIN -> Policy.roundRobin();
      case BEST_OF_D -> Policy.bestOf(d);
      case BEST_OF_D_INDEPENDENT -> Policy.bestOf(d, Draws.INDEPENDENT, Ties.RANDOM);
      case BEST_OF_D_TIES_LOW -> Policy.bestOf(d, Draws.DISTINCT, Ties.LOWER_INDEX);
      case WEIGHTED_BEST_OF_D -> Policy.weightedBestOf(d);
      case LEAST_LOADED -> Policy.leastLoaded();
      case LEAST_LOADED_TIES_LOW -> Policy.leastLoaded(Ties.LOWER_INDEX);
      case LEAST_WORK -> Policy.leastWork();
      case WEIGHTED -> Policy.weighted();
      case PEAK_EWMA -> Policy.peakEwma();
    };
  }
}
