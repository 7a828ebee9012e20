/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Arrays;

/**
 * Measures, over a time window, how long the servers spend at each queue length: each server
 * remembers when its length last changed, and a change adds the time since to the histogram entry
 * of the old length. O(1) per change, O(n) to open or close the window; the histogram grows by
 * doubling.
 */
final class QueueLengthClock {
  private final double[] since;
  private double[] timeAtLength = new double[16];
  private boolean running;

  QueueLengthClock(int servers) {
    since = new double[servers];
  }

  /** Opens the window at time t for the servers {@code 0 … active − 1}. */
  void start(double t, int active) {
    Arrays.fill(since, 0, active, t);
    running = true;
  }

  /** Notes that a server joins the pool, empty, at time t. */
  void join(int server, double t) {
    since[server] = t;
  }

  /** Notes that the server's queue, of the given length until now, is about to change at time t. */
  void beforeChange(int server, int length, double t) {
    if (running) {
      add(length, t - since[server]);
      since[server] = t;
    }
  }

  /** Closes the window at time t. */
  void stop(ServerState servers, double t) {
    for (int server = 0; server < servers.servers(); server++) {
      beforeChange(server, servers.outstanding(server), t);
    }
    running = false;
  }

  /**
   * Returns, for i = 0, 1, …, the fraction of server-time in the window spent with at least i
   * requests, up to the longest length seen; empty if the window was empty.
   */
  double[] tail() {
    int end = timeAtLength.length;
    while (end > 0 && timeAtLength[end - 1] == 0) {
      end--;
    }
    double[] tail = new double[end];
    double sum = 0;
    for (int length = end - 1; length >= 0; length--) {
      sum += timeAtLength[length];
      tail[length] = sum;
    }
    for (int length = 0; length < end; length++) {
      tail[length] /= sum;
    }
    return tail;
  }

  private void add(int length, double duration) {
    if (length >= timeAtLength.length) {
      timeAtLength = Arrays.copyOf(timeAtLength, Math.max(2 * timeAtLength.length, length + 1));
    }
    timeAtLength[length] += duration;
  }
}
