/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Draws distinct servers with probability proportional to their speed, one after another without
 * replacement: the first with probability {@code s_i / S}, each next one among the servers not yet
 * drawn, in proportion to speed. One uniform draw is mapped onto the speeds left by skipping the
 * intervals of the servers drawn before, then found by binary search in the prefix sums of the
 * speeds.
 *
 * <p>Per-dispatcher state: the prefix sums (O(n) to build, again when the pool grows) and the drawn
 * servers in index order. A draw costs one uniform, O(k) for the k servers drawn before and O(log
 * n) for the search; it allocates nothing.
 */
final class SpeedDraws {
  private double[] prefix = new double[1]; // prefix[i]: the total speed of servers 0 … i − 1
  private int summed; // the servers prefix covers
  private final int[] ascending; // the servers drawn so far in this choice, in index order

  SpeedDraws(int d) {
    ascending = new int[d];
  }

  /**
   * Draws the next candidate of a choice, given the {@code count} drawn before it (in {@code
   * drawn}); stores it at {@code drawn[count]} and returns it.
   */
  int draw(LoadView load, SplittableRandom random, int[] drawn, int count) {
    int servers = load.servers();
    if (servers != summed) {
      sum(load, servers);
    }
    double taken = 0;
    for (int i = 0; i < count; i++) {
      taken += load.speed(drawn[i]);
    }
    double u = random.nextDouble() * (prefix[servers] - taken);
    for (int i = 0; i < count; i++) {
      int server = ascending[i];
      if (u >= prefix[server]) {
        u += load.speed(server); // rounding is monotone: u stays at or past prefix[server + 1]
      }
    }
    int chosen = undrawnAtOrBelow(search(u, servers), count);
    drawn[count] = chosen;
    insert(chosen, count);
    return chosen;
  }

  /** The largest i below {@code servers} with prefix[i] ≤ u. */
  private int search(double u, int servers) {
    int lo = 0;
    int hi = servers - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (prefix[mid] <= u) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /**
   * The server itself if it was not drawn, else the next lower one that was not: only when rounding
   * has carried u to the end of the last interval.
   */
  private int undrawnAtOrBelow(int server, int count) {
    int candidate = server;
    for (int i = count - 1; i >= 0; i--) {
      if (ascending[i] == candidate) {
        candidate--;
      }
    }
    return candidate;
  }

  private void insert(int server, int count) {
    int i = count;
    while (i > 0 && ascending[i - 1] > server) {
      ascending[i] = ascending[i - 1];
      i--;
    }
    ascending[i] = server;
  }

  private void sum(LoadView load, int servers) {
    if (prefix.length < servers + 1) {
      prefix = Arrays.copyOf(prefix, servers + 1);
    }
    for (int server = 0; server < servers; server++) {
      prefix[server + 1] = prefix[server] + load.speed(server);
    }
    summed = servers;
  }
}
