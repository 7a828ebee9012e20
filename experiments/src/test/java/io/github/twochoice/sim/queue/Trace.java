/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A {@link CompletionListener} that records every answered request by its index, for checks against
 * an independent reference. Fails if a request is answered twice.
 */
final class Trace implements CompletionListener {
  final int[] server;
  final double[] arrival;
  final double[] work;
  final double[] completion;
  final boolean[] error;
  final boolean[] seen;
  int answers;

  Trace(int requests) {
    server = new int[requests];
    arrival = new double[requests];
    work = new double[requests];
    completion = new double[requests];
    error = new boolean[requests];
    seen = new boolean[requests];
  }

  @Override
  public void completed(
      int request, int server, double arrival, double work, double completion, boolean error) {
    assertFalse(seen[request], () -> "request " + request + " answered twice");
    seen[request] = true;
    answers++;
    this.server[request] = server;
    this.arrival[request] = arrival;
    this.work[request] = work;
    this.completion[request] = completion;
    this.error[request] = error;
  }

  /** The requests at the server at time t, counting arrivals up to t and answers after t. */
  int outstandingAt(int at, double t) {
    int count = 0;
    for (int r = 0; r < server.length; r++) {
      if (server[r] == at && arrival[r] <= t && completion[r] > t) {
        count++;
      }
    }
    return count;
  }
}
