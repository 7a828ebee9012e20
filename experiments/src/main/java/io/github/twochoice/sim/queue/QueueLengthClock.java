/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Arrays;

/**
 * Measures, over a time window, how long the servers spend at each queue length and how long the
 * longest queue in the pool is on average. Each server remembers when its length last changed, and
 * a change adds the time since to the histogram entry of the old length; the longest queue comes
 * from a count of the servers at each length, kept from the start of the run, so it moves by at
 * most one per change. O(1) per change, O(n) to open or close the window; the arrays grow by
 * doubling.
 */
final class QueueLengthClock {
  private final double[] since;
  private double[] timeAtLength = new double[16];
  private int[] serversAtLength = new int[16];
  private int longest;
  private double longestSince;
  private double longestTime; // the integral of the longest queue over the window so far
  private double start;
  private double stop;
  private boolean running;

  /** A clock for n servers, all empty. */
  QueueLengthClock(int servers) {
    since = new double[servers];
    serversAtLength[0] = servers;
  }

  /** Opens the window at time t for the servers {@code 0 … active − 1}. */
  void start(double t, int active) {
    Arrays.fill(since, 0, active, t);
    longestSince = t;
    start = t;
    running = true;
  }

  /** Notes that a server joins the pool, empty, at time t. */
  void join(int server, double t) {
    since[server] = t;
  }

  /** Notes that the server's queue goes from one length to the next (one more or one fewer). */
  void change(int server, int from, int to, double t) {
    account(server, from, t);
    serversAtLength[from]--;
    if (to >= serversAtLength.length) {
      serversAtLength = Arrays.copyOf(serversAtLength, 2 * serversAtLength.length);
    }
    serversAtLength[to]++;
    if (to > longest) {
      longest = to;
    } else if (from == longest && serversAtLength[from] == 0) {
      longest = to;
    }
  }

  /** Closes the window at time t. */
  void stop(ServerState servers, double t) {
    for (int server = 0; server < servers.servers(); server++) {
      account(server, servers.outstanding(server), t);
    }
    stop = t;
    running = false;
  }

  /** Adds the time since the last change to the server's length and to the longest queue. */
  private void account(int server, int length, double t) {
    if (running) {
      add(length, t - since[server]);
      since[server] = t;
      longestTime += longest * (t - longestSince);
      longestSince = t;
    }
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

  /** Returns the time average of the longest queue over the window; NaN if the window was empty. */
  double meanLongest() {
    return stop > start ? longestTime / (stop - start) : Double.NaN;
  }

  private void add(int length, double duration) {
    if (length >= timeAtLength.length) {
      timeAtLength = Arrays.copyOf(timeAtLength, Math.max(2 * timeAtLength.length, length + 1));
    }
    timeAtLength[length] += duration;
  }
}
