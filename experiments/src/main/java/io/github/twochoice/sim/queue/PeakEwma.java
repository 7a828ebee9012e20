/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.SplittableRandom;

/**
 * Peak EWMA with two random choices: a latency-aware balancer that sees only what it observes
 * itself, its own outstanding requests per server and their response times, so a board does not
 * affect it. See {@link Policy#peakEwma(double, double)} for the rule.
 *
 * <p>Two exponentials per request and one per response; each dispatcher holds three arrays of n
 * entries. Servers that join the pool start with the initial estimate at the time they are first
 * seen.
 */
final class PeakEwma implements Policy {
  private final double decayTime;
  private final double initialEstimate;
  private final boolean inMeanWork; // both figures are multiples of the mean request size

  PeakEwma(double decayTime, double initialEstimate, boolean inMeanWork) {
    this.decayTime = decayTime;
    this.initialEstimate = initialEstimate;
    this.inMeanWork = inMeanWork;
  }

  @Override
  public String name() {
    return "peak EWMA";
  }

  @Override
  public Dispatcher newDispatcher(int servers, double meanWork) {
    double scale = inMeanWork ? meanWork : 1;
    return new Estimates(servers, decayTime * scale, initialEstimate * scale);
  }

  /** The per-run latency estimates and outstanding counts. */
  static final class Estimates implements Dispatcher {
    private final double tau;
    private final double initial;
    private final double[] estimate;
    private final double[] updatedAt;
    private final int[] pending;
    private int known;

    Estimates(int servers, double tau, double initial) {
      this.tau = tau;
      this.initial = initial;
      this.estimate = new double[servers];
      this.updatedAt = new double[servers];
      this.pending = new int[servers];
    }

    @Override
    public int choose(LoadView load, SplittableRandom random) {
      int servers = load.servers();
      double now = load.now();
      for (; known < servers; known++) {
        estimate[known] = initial;
        updatedAt[known] = now;
      }
      int chosen = 0;
      if (servers > 1) {
        int a = random.nextInt(servers);
        int b = random.nextInt(servers - 1);
        b += b >= a ? 1 : 0;
        double costA = cost(a, now);
        double costB = cost(b, now);
        chosen = costA < costB || (costA == costB && random.nextBoolean()) ? a : b;
      }
      pending[chosen]++;
      return chosen;
    }

    /** The estimate decayed to now (stored, as the decay of a sample of 0), times pending + 1. */
    double cost(int server, double now) {
      observe(server, 0, now);
      return estimate[server] * (pending[server] + 1);
    }

    @Override
    public void completed(int server, double responseTime, double now) {
      pending[server]--;
      observe(server, responseTime, now);
    }

    private void observe(int server, double sample, double now) {
      if (sample > estimate[server]) {
        estimate[server] = sample;
      } else {
        double keep = Math.exp(-(now - updatedAt[server]) / tau);
        estimate[server] = estimate[server] * keep + sample * (1 - keep);
      }
      updatedAt[server] = now;
    }
  }
}
