/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.SplittableRandom;

/**
 * The per-run state of a {@link Policy}: picks the server of each request and hears of each
 * response. A simulation calls it from one thread, in event order; its random choices come only
 * from the generator it is given, so runs are reproducible.
 *
 * @since 0.1.0
 */
public interface Dispatcher {
  /**
   * Picks the server for a request arriving now.
   *
   * @param load what the dispatcher may know of the servers
   * @param random the generator for its random choices
   * @return a server index in [0, load.servers())
   */
  int choose(LoadView load, SplittableRandom random);

  /**
   * Hears that a request it placed has been answered; by default ignores it.
   *
   * @param server the server that answered
   * @param responseTime the time from the request's arrival to its answer
   * @param now the time of the answer
   */
  default void completed(int server, double responseTime, double now) {}
}
