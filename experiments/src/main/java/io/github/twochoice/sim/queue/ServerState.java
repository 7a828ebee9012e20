/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

/**
 * The live state of n FIFO servers, and the fresh {@link LoadView} of it. A FIFO server finishes a
 * request at {@code max(arrival, previous finish) + size / speed} (Lindley's recursion), so one
 * "busy until" time per server replaces its queue. A failed server answers every new request at
 * once, with an error, while it finishes the requests it had. O(1) per operation except {@link
 * #longestNow()}, O(n).
 */
final class ServerState implements LoadView {
  private final double[] speeds;
  private final int[] outstanding;
  private final double[] busyUntil;
  private final int[] longest;
  private final boolean[] failed;
  private int active;
  private double now;

  ServerState(double[] speeds, int active) {
    this.speeds = speeds;
    this.outstanding = new int[speeds.length];
    this.busyUntil = new double[speeds.length];
    this.longest = new int[speeds.length];
    this.failed = new boolean[speeds.length];
    this.active = active;
  }

  @Override
  public int servers() {
    return active;
  }

  @Override
  public int outstanding(int server) {
    return outstanding[server];
  }

  @Override
  public double timeToDrain(int server) {
    return Math.max(0, busyUntil[server] - now);
  }

  @Override
  public double speed(int server) {
    return speeds[server];
  }

  @Override
  public double now() {
    return now;
  }

  /** The time the server will have finished the work it holds (in the past if it is idle). */
  double busyUntil(int server) {
    return busyUntil[server];
  }

  /** Advances the clock to t, no earlier than now. */
  void advanceTo(double t) {
    now = t;
  }

  /** Adds the next server to the pool. */
  void join() {
    active++;
  }

  /** Makes the server answer all later requests at once, with an error. */
  void fail(int server) {
    failed[server] = true;
  }

  boolean failed(int server) {
    return failed[server];
  }

  /**
   * Gives the server a request of the given size arriving now, and returns when it will be
   * answered: at once if the server has failed, else when the FIFO queue has served it.
   */
  double accept(int server, double work) {
    int length = ++outstanding[server];
    longest[server] = Math.max(longest[server], length);
    if (failed[server]) {
      return now;
    }
    busyUntil[server] = Math.max(now, busyUntil[server]) + work / speeds[server];
    return busyUntil[server];
  }

  /** Removes an answered request from the server's count. */
  void release(int server) {
    outstanding[server]--;
  }

  /** The longest queue any server has held so far, per server. */
  int[] longestPerServer() {
    return longest.clone();
  }

  /** The longest queue in the pool now. */
  int longestNow() {
    int max = 0;
    for (int server = 0; server < active; server++) {
      max = Math.max(max, outstanding[server]);
    }
    return max;
  }
}
