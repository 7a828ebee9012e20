/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Arrays;

/**
 * Samples the longest queue in the pool at times 0, Δ, 2Δ, … for a chart. A sample costs O(n) (one
 * scan serves all the samples due before the next event); the series grows by doubling. With Δ = 0
 * it samples nothing.
 */
final class LongestQueueSampler {
  private final double interval;
  private int[] samples = new int[0];
  private int count;

  LongestQueueSampler(double interval) {
    this.interval = interval;
  }

  /** Records the samples due up to time t, given that the servers have not changed since them. */
  void advanceTo(double t, ServerState servers) {
    if (interval == 0 || count * interval > t) {
      return;
    }
    int longest = servers.longestNow();
    while (count * interval <= t) {
      if (count == samples.length) {
        samples = Arrays.copyOf(samples, Math.max(16, 2 * count));
      }
      samples[count++] = longest;
    }
  }

  int[] samples() {
    return Arrays.copyOf(samples, count);
  }
}
