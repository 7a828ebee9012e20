/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Arrays;
import java.util.Locale;

/**
 * The figures of one run, immutable: response-time statistics over the requests after the warm-up
 * that were served (errors from a failed server are counted apart, not timed), queue lengths,
 * traffic per server and the work balance. Quantiles are exact nearest-rank values. Accessors are
 * O(1) and return copies of arrays.
 *
 * @since 0.1.0
 */
public final class RunResult {
  private final int requests;
  private final long served;
  private final long errors;
  private final int measured;
  private final double mean;
  private final double median;
  private final double p99;
  private final double p999;
  private final double max;
  private final int[] longestPerServer;
  private final double meanLongestQueue;
  private final long[] requestsPerServer;
  private final double[] workPerServer;
  private final double[] queueTail;
  private final int[] longestQueueSeries;
  private final double sampleInterval;
  private final double workArrived;
  private final double workServed;
  private final double endTime;

  RunResult(EventLoop run) {
    ResponseTimes times = run.responses();
    this.requests = run.requests();
    this.served = run.served();
    this.errors = run.errors();
    this.measured = times.count();
    this.mean = times.mean();
    this.median = times.quantile(0.5);
    this.p99 = times.quantile(0.99);
    this.p999 = times.quantile(0.999);
    this.max = times.quantile(1);
    this.longestPerServer = run.state().longestPerServer();
    this.meanLongestQueue = run.clock().meanLongest();
    this.requestsPerServer = run.requestsPerServer();
    this.workPerServer = run.workPerServer();
    this.queueTail = run.clock().tail();
    this.longestQueueSeries = run.sampler().samples();
    this.sampleInterval = run.sampleInterval();
    this.workArrived = run.workArrived();
    this.workServed = run.workServed();
    this.endTime = run.endTime();
  }

  /**
   * Returns the number of requests that arrived.
   *
   * @return the requests of the run
   */
  public int requests() {
    return requests;
  }

  /**
   * Returns the number of requests served, warm-up included; with {@link #errors()} it adds up to
   * {@link #requests()}.
   *
   * @return the successful answers
   */
  public long served() {
    return served;
  }

  /**
   * Returns the number of requests answered with an error by a failed server.
   *
   * @return the errors
   */
  public long errors() {
    return errors;
  }

  /**
   * Returns the number of response times the statistics cover: the served requests after the
   * warm-up.
   *
   * @return the sample size
   */
  public int measured() {
    return measured;
  }

  /**
   * Returns the mean response time (arrival to answer).
   *
   * @return the mean, NaN if nothing was measured
   */
  public double mean() {
    return mean;
  }

  /**
   * Returns the median response time.
   *
   * @return the median, NaN if nothing was measured
   */
  public double median() {
    return median;
  }

  /**
   * Returns the 99th percentile of the response time.
   *
   * @return p99, NaN if nothing was measured
   */
  public double p99() {
    return p99;
  }

  /**
   * Returns the 99.9th percentile of the response time.
   *
   * @return p99.9, NaN if nothing was measured
   */
  public double p999() {
    return p999;
  }

  /**
   * Returns the longest response time.
   *
   * @return the maximum, NaN if nothing was measured
   */
  public double max() {
    return max;
  }

  /**
   * Returns the longest queue (outstanding requests at one server) seen at any time of the run.
   *
   * @return the longest queue
   */
  public int longestQueue() {
    return Arrays.stream(longestPerServer).max().orElse(0);
  }

  /**
   * Returns the longest queue in the pool averaged over time, from the first measured arrival to
   * the last arrival (the window of {@link #fractionOfTimeAtLeast}): the integral of {@code max_i
   * Q_i(t)} over the window, divided by its length. It is at most {@link #longestQueue()}, which
   * takes the maximum over the whole run, and it tells a queue that stays long from one that peaked
   * once.
   *
   * @return the time-averaged longest queue, NaN if the window is empty (the first measured request
   *     is the last)
   */
  public double meanLongestQueue() {
    return meanLongestQueue;
  }

  /**
   * Returns the longest queue each server held at any time of the run.
   *
   * @return one entry per server
   */
  public int[] longestQueuePerServer() {
    return longestPerServer.clone();
  }

  /**
   * Returns how many requests were sent to each server, warm-up and errors included.
   *
   * @return one entry per server
   */
  public long[] requestsPerServer() {
    return requestsPerServer.clone();
  }

  /**
   * Returns the total size of the requests sent to each server, warm-up and errors included; the
   * entries add up to {@link #workArrived()} (up to rounding).
   *
   * @return one entry per server
   */
  public double[] workPerServer() {
    return workPerServer.clone();
  }

  /**
   * Returns the fraction of server-time, from the first measured arrival to the last arrival, that
   * servers spent with at least i outstanding requests: the quantity the supermarket model's {@code
   * λ^((d^i − 1)/(d − 1))} predicts. By PASTA it is also the fraction of arrivals that find a
   * random server so loaded.
   *
   * @param i the queue length, {@code >= 0}
   * @return the fraction, in [0, 1]; 0 beyond the longest queue
   * @throws IllegalArgumentException if {@code i < 0}
   */
  public double fractionOfTimeAtLeast(int i) {
    if (i < 0) {
      throw new IllegalArgumentException("i must be >= 0: " + i);
    }
    return i < queueTail.length ? queueTail[i] : 0;
  }

  /**
   * Returns the longest queue in the pool at times 0, Δ, 2Δ, … until the last answer, Δ = {@link
   * #sampleInterval()}; empty if sampling was off.
   *
   * @return the samples
   */
  public int[] longestQueueSeries() {
    return longestQueueSeries.clone();
  }

  /**
   * Returns Δ, the time between samples of {@link #longestQueueSeries()}.
   *
   * @return the interval, 0 if sampling was off
   */
  public double sampleInterval() {
    return sampleInterval;
  }

  /**
   * Returns the total size of the requests that arrived.
   *
   * @return the work that arrived
   */
  public double workArrived() {
    return workArrived;
  }

  /**
   * Returns the total size of the requests served; it equals {@link #workArrived()} (up to
   * rounding) unless a failed server answered some with errors.
   *
   * @return the work served
   */
  public double workServed() {
    return workServed;
  }

  /**
   * Returns the time of the last answer.
   *
   * @return the end of the run
   */
  public double endTime() {
    return endTime;
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "mean %.4g, p50 %.4g, p99 %.4g, p99.9 %.4g, longest queue %d, served %d, errors %d",
        mean,
        median,
        p99,
        p999,
        longestQueue(),
        served,
        errors);
  }
}
