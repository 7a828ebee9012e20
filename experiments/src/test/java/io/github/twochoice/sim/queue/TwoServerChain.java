/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Arrays;

/**
 * The exact equilibrium of two unit-rate exponential FIFO servers fed by Poisson arrivals at rate
 * 2λ, each arrival joining server 0 with a probability that depends only on the two queue lengths:
 * a continuous-time Markov chain on (a, b), solved by Gauss-Seidel sweeps of its balance equations
 * until no state's probability changes by a relative 10<sup>-12</sup>, independently of the
 * simulator. Queues are truncated at {@code limit} requests each; at λ = 0.8 the probability of a
 * queue that long is below 0.8^limit. O(limit²) per sweep.
 */
final class TwoServerChain {
  /** The probability that an arrival joins server 0 when the queues hold a and b requests. */
  interface Routing {
    double toFirst(int a, int b);
  }

  private TwoServerChain() {}

  /** Returns the mean time in system, by Little's law from the mean number in system. */
  static double meanTime(double lambda, Routing routing, int limit) {
    int side = limit + 1;
    double[] p = new double[side * side];
    Arrays.fill(p, 1);
    double rate = 2 * lambda;
    for (int sweep = 0; sweep < 100_000; sweep++) {
      double change = 0;
      for (int a = 0; a <= limit; a++) {
        for (int b = 0; b <= limit; b++) {
          double in = 0;
          if (a > 0) {
            in += p[(a - 1) * side + b] * rate * routing.toFirst(a - 1, b);
          }
          if (b > 0) {
            in += p[a * side + b - 1] * rate * (1 - routing.toFirst(a, b - 1));
          }
          if (a < limit) {
            in += p[(a + 1) * side + b];
          }
          if (b < limit) {
            in += p[a * side + b + 1];
          }
          double out =
              (a < limit ? rate * routing.toFirst(a, b) : 0)
                  + (b < limit ? rate * (1 - routing.toFirst(a, b)) : 0)
                  + (a > 0 ? 1 : 0)
                  + (b > 0 ? 1 : 0);
          double next = in / out;
          change = Math.max(change, Math.abs(next / p[a * side + b] - 1));
          p[a * side + b] = next;
        }
      }
      if (change < 1e-12) {
        break;
      }
    }
    double total = 0;
    double customers = 0;
    for (int a = 0; a <= limit; a++) {
      for (int b = 0; b <= limit; b++) {
        total += p[a * side + b];
        customers += (a + b) * p[a * side + b];
      }
    }
    return customers / total / rate;
  }
}
