/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.ArrayList;
import java.util.List;

/** A {@link LoadView} that forwards to another and records which servers' loads were read. */
final class RecordingView implements LoadView {
  final List<Integer> reads = new ArrayList<>();
  private LoadView delegate;

  /** Starts recording a new decision over the given view. */
  RecordingView over(LoadView view) {
    delegate = view;
    reads.clear();
    return this;
  }

  @Override
  public int servers() {
    return delegate.servers();
  }

  @Override
  public int outstanding(int server) {
    reads.add(server);
    return delegate.outstanding(server);
  }

  @Override
  public double timeToDrain(int server) {
    reads.add(server);
    return delegate.timeToDrain(server);
  }

  @Override
  public double speed(int server) {
    return delegate.speed(server);
  }

  @Override
  public double now() {
    return delegate.now();
  }
}
