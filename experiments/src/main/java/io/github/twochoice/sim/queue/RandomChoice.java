/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.SplittableRandom;

/** Sends each request to a server drawn uniformly at random: one draw, no state, no load read. */
final class RandomChoice implements Policy, Dispatcher {
  @Override
  public String name() {
    return "random";
  }

  @Override
  public Dispatcher newDispatcher(int servers, double meanWork) {
    return this;
  }

  @Override
  public int choose(LoadView load, SplittableRandom random) {
    return random.nextInt(load.servers());
  }
}
