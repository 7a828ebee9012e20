/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.SplittableRandom;

/**
 * Polls every server in the pool and picks the lowest {@link ServerScore}, ties uniformly at random
 * (reservoir sampling over the tied servers) or to the lowest index. O(n) per request, no state.
 */
final class LeastScore implements Policy, Dispatcher {
  private final String name;
  private final ServerScore score;
  private final Ties ties;
  private final int requiredServers; // 0: any number

  LeastScore(String name, ServerScore score) {
    this(name, score, Ties.RANDOM, 0);
  }

  LeastScore(String name, ServerScore score, Ties ties, int requiredServers) {
    this.name = name;
    this.score = score;
    this.ties = ties;
    this.requiredServers = requiredServers;
  }

  @Override
  public String name() {
    return name + (ties == Ties.LOWER_INDEX ? ", ties low" : "");
  }

  @Override
  public Dispatcher newDispatcher(int servers, double meanWork) {
    if (requiredServers != 0 && servers != requiredServers) {
      throw new IllegalArgumentException(
          "weights has " + requiredServers + " entries for " + servers + " servers");
    }
    return this;
  }

  @Override
  public int choose(LoadView load, SplittableRandom random) {
    int best = 0;
    double bestScore = score.of(load, 0);
    int tied = 1;
    for (int server = 1; server < load.servers(); server++) {
      double s = score.of(load, server);
      if (s < bestScore) {
        best = server;
        bestScore = s;
        tied = 1;
      } else if (s == bestScore && ties == Ties.RANDOM && random.nextInt(++tied) == 0) {
        best = server;
      }
    }
    return best;
  }
}
