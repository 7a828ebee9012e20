/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

/**
 * A bulletin board that the servers update every T time units, at times 0, T, 2T, … (the periodic
 * update model of Mitzenmacher, How useful is old information?, IEEE TPDS 11(1), 2000). Between
 * updates it shows the outstanding requests and drain times as they were at the last update; the
 * pool size, speeds and clock are live. An update costs O(n); reads cost O(1).
 */
final class Board implements LoadView {
  private final ServerState live;
  private final double period;
  private final int[] outstanding;
  private final double[] timeToDrain;
  private long nextUpdate; // the index k of the next update, at time k T

  Board(ServerState live, int servers, double period) {
    this.live = live;
    this.period = period;
    this.outstanding = new int[servers];
    this.timeToDrain = new double[servers];
  }

  /**
   * Brings the board up to time t, given that the servers have not changed since the last update
   * time before t: one copy stands for every update in between.
   */
  void advanceTo(double t) {
    if (t < nextUpdate * period) {
      return;
    }
    long last = Math.max(nextUpdate, (long) Math.floor(t / period));
    double at = last * period;
    nextUpdate = last + 1;
    for (int server = 0; server < outstanding.length; server++) {
      outstanding[server] = live.outstanding(server);
      timeToDrain[server] = Math.max(0, live.busyUntil(server) - at);
    }
  }

  @Override
  public int servers() {
    return live.servers();
  }

  @Override
  public int outstanding(int server) {
    return outstanding[server];
  }

  @Override
  public double timeToDrain(int server) {
    return timeToDrain[server];
  }

  @Override
  public double speed(int server) {
    return live.speed(server);
  }

  @Override
  public double now() {
    return live.now();
  }
}
