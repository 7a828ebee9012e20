/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

/**
 * Hears of every answered request, in completion order, for traces and checks. Called from the
 * simulation's thread; it should be cheap, since it runs once per request.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface CompletionListener {
  /**
   * Hears that a request has been answered.
   *
   * @param request the request's index in arrival order, from 0
   * @param server the server it was sent to
   * @param arrival its arrival time
   * @param work its size
   * @param completion the time of its answer
   * @param error whether the answer was an error from a failed server
   */
  void completed(
      int request, int server, double arrival, double work, double completion, boolean error);
}
