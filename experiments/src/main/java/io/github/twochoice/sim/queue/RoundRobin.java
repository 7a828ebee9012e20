/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.SplittableRandom;

/**
 * Round robin: the i-th request of a run (from 0) goes to server {@code i mod servers()}. O(1), one
 * counter per run, no random draw, no load read.
 */
final class RoundRobin implements Policy {
  @Override
  public String name() {
    return "round robin";
  }

  @Override
  public Dispatcher newDispatcher(int servers, double meanWork) {
    return new Dispatcher() {
      private long requests;

      @Override
      public int choose(LoadView load, SplittableRandom random) {
        return (int) (requests++ % load.servers());
      }
    };
  }
}
