/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

/**
 * What a dispatcher may know about the servers when it places a request: either their live state or
 * what they last published to a board. Servers {@code 0 … servers() − 1} are in the pool. Every
 * method is O(1) and allocates nothing.
 *
 * @since 0.1.0
 */
public interface LoadView {
  /**
   * Returns the number of servers in the pool; a server that joins later raises it.
   *
   * @return the servers a request may go to, numbered from 0
   */
  int servers();

  /**
   * Returns the requests the server holds, queued or in service, as this view knows it.
   *
   * @param server a server index, in [0, servers())
   * @return its outstanding requests
   */
  int outstanding(int server);

  /**
   * Returns the time the server needs to finish the work it holds, at its speed, as this view knows
   * it.
   *
   * @param server a server index, in [0, servers())
   * @return its remaining work divided by its speed, {@code >= 0}
   */
  double timeToDrain(int server);

  /**
   * Returns the server's speed: it serves a request of size w in time w / speed.
   *
   * @param server a server index, in [0, servers())
   * @return the speed, positive
   */
  double speed(int server);

  /**
   * Returns the current time of the simulation.
   *
   * @return the time now
   */
  double now();
}
