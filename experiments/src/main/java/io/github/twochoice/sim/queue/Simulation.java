/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Arrays;
import java.util.Objects;

/**
 * A validated, immutable description of one seeded run of the load-balancing simulator: n FIFO
 * servers, Poisson arrivals at total rate {@code λ · (sum of the speeds) / (mean size)}, request
 * sizes from a {@link ServiceTimes} source, a {@link Policy}, fresh loads or a board updated every
 * T, and optionally a server that joins or fails mid-run. {@link #run()} simulates it until every
 * request has been answered.
 *
 * <p>Deterministic: the same description gives the same {@link RunResult}. Arrivals, sizes and the
 * policy's choices draw from three streams split from the seed, so every policy sees the same
 * arrivals and sizes for a given seed.
 *
 * <p>Cost: O(log k) per event for k requests in flight, plus the policy's cost; no allocation per
 * event. Memory O(n + k + requests), the last for the exact response-time quantiles (8 bytes per
 * request).
 *
 * @since 0.1.0
 */
public final class Simulation {
  private final double[] speeds;
  private final double utilisation;
  private final ServiceTimes serviceTimes;
  private final Policy policy;
  private final int requests;
  private final int warmup;
  private final double boardPeriod;
  private final long seed;
  private final double sampleInterval;
  private final double joinTime;
  private final int failingServer;
  private final double failTime;
  private final CompletionListener listener;

  private Simulation(Builder b) {
    this.speeds = b.speeds.clone();
    this.utilisation = b.utilisation;
    this.serviceTimes = b.serviceTimes;
    this.policy = b.policy;
    this.requests = b.requests;
    this.warmup = b.warmup;
    this.boardPeriod = b.boardPeriod;
    this.seed = b.seed;
    this.sampleInterval = b.sampleInterval;
    this.joinTime = b.joinTime;
    this.failingServer = b.failingServer;
    this.failTime = b.failTime;
    this.listener = b.listener;
  }

  /**
   * Starts a description with the defaults: 10 servers of speed 1, utilisation 0.9, exponential
   * sizes of mean 1, random dispatching, 10<sup>6</sup> requests, no warm-up, fresh loads, seed 1,
   * no sampling, no server joining or failing, no listener.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Runs the simulation until every request has been answered.
   *
   * @return the run's figures
   * @throws IllegalArgumentException if the policy cannot serve this many servers
   * @throws IllegalStateException if the policy picks a server outside the pool
   */
  public RunResult run() {
    return new EventLoop(this).run();
  }

  double[] speeds() {
    return speeds;
  }

  double utilisation() {
    return utilisation;
  }

  ServiceTimes serviceTimes() {
    return serviceTimes;
  }

  Policy policy() {
    return policy;
  }

  int requests() {
    return requests;
  }

  int warmup() {
    return warmup;
  }

  double boardPeriod() {
    return boardPeriod;
  }

  long seed() {
    return seed;
  }

  double sampleInterval() {
    return sampleInterval;
  }

  /** The time the last server joins; infinite if it is there from the start. */
  double joinTime() {
    return joinTime;
  }

  /** The server that fails, or −1. */
  int failingServer() {
    return failingServer;
  }

  double failTime() {
    return failTime;
  }

  CompletionListener listener() {
    return listener;
  }

  /**
   * Collects and checks the settings of a {@link Simulation}; each setter checks its argument.
   *
   * @since 0.1.0
   */
  public static final class Builder {
    private double[] speeds = filledWithOnes(10);
    private double utilisation = 0.9;
    private ServiceTimes serviceTimes = ServiceTimes.exponential();
    private Policy policy = Policy.random();
    private int requests = 1_000_000;
    private int warmup;
    private double boardPeriod;
    private long seed = 1;
    private double sampleInterval;
    private double joinTime = Double.POSITIVE_INFINITY;
    private int failingServer = -1;
    private double failTime = Double.POSITIVE_INFINITY;
    private CompletionListener listener = (request, server, arrival, work, completion, error) -> {};

    private Builder() {}

    /**
     * Sets n servers, all of speed 1.
     *
     * @param servers n, at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code servers < 1}
     */
    public Builder servers(int servers) {
      if (servers < 1) {
        throw new IllegalArgumentException("servers must be >= 1: " + servers);
      }
      speeds = filledWithOnes(servers);
      return this;
    }

    /**
     * Sets one server per speed: a server of speed s serves a request of size w in time w / s.
     *
     * @param speeds positive finite speeds, at least one; copied
     * @return this builder
     * @throws NullPointerException if {@code speeds} is null
     * @throws IllegalArgumentException if {@code speeds} is empty or a speed is not positive and
     *     finite
     */
    public Builder speeds(double... speeds) {
      Objects.requireNonNull(speeds, "speeds");
      if (speeds.length == 0) {
        throw new IllegalArgumentException("speeds must not be empty");
      }
      for (int i = 0; i < speeds.length; i++) {
        if (!(speeds[i] > 0) || Double.isInfinite(speeds[i])) {
          throw new IllegalArgumentException(
              "speeds[" + i + "] must be positive and finite: " + speeds[i]);
        }
      }
      this.speeds = speeds.clone();
      return this;
    }

    /**
     * Sets the utilisation λ: the arrival rate is {@code λ · (sum of the speeds) / (mean size)},
     * counting only the servers present from the start.
     *
     * @param utilisation λ, in (0, 1)
     * @return this builder
     * @throws IllegalArgumentException if λ is outside (0, 1)
     */
    public Builder utilisation(double utilisation) {
      if (!(utilisation > 0 && utilisation < 1)) {
        throw new IllegalArgumentException("utilisation must be in (0, 1): " + utilisation);
      }
      this.utilisation = utilisation;
      return this;
    }

    /**
     * Sets the source of request sizes.
     *
     * @param serviceTimes the source
     * @return this builder
     * @throws NullPointerException if {@code serviceTimes} is null
     */
    public Builder serviceTimes(ServiceTimes serviceTimes) {
      this.serviceTimes = Objects.requireNonNull(serviceTimes, "serviceTimes");
      return this;
    }

    /**
     * Sets the dispatching policy.
     *
     * @param policy the policy
     * @return this builder
     * @throws NullPointerException if {@code policy} is null
     */
    public Builder policy(Policy policy) {
      this.policy = Objects.requireNonNull(policy, "policy");
      return this;
    }

    /**
     * Sets the number of requests.
     *
     * @param requests at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code requests < 1}
     */
    public Builder requests(int requests) {
      if (requests < 1) {
        throw new IllegalArgumentException("requests must be >= 1: " + requests);
      }
      this.requests = requests;
      return this;
    }

    /**
     * Sets how many of the first requests the statistics leave out: response times count only later
     * requests, and queue lengths only the time from the first counted arrival to the last arrival.
     *
     * @param warmup {@code >= 0}, and below the number of requests when built
     * @return this builder
     * @throws IllegalArgumentException if {@code warmup < 0}
     */
    public Builder warmup(int warmup) {
      if (warmup < 0) {
        throw new IllegalArgumentException("warmup must be >= 0: " + warmup);
      }
      this.warmup = warmup;
      return this;
    }

    /**
     * Sets what the load-based policies see: fresh loads (0) or a board the servers update every
     * {@code period} time units.
     *
     * @param period 0 for fresh loads, else positive and finite
     * @return this builder
     * @throws IllegalArgumentException if {@code period} is negative or not finite
     */
    public Builder boardPeriod(double period) {
      if (!(period >= 0) || Double.isInfinite(period)) {
        throw new IllegalArgumentException("period must be finite and >= 0: " + period);
      }
      this.boardPeriod = period;
      return this;
    }

    /**
     * Sets the seed.
     *
     * @param seed any value
     * @return this builder
     */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /**
     * Samples the longest queue every {@code interval} time units (0: never); see {@link
     * RunResult#longestQueueSeries()}.
     *
     * @param interval 0, or positive and finite
     * @return this builder
     * @throws IllegalArgumentException if {@code interval} is negative or not finite
     */
    public Builder sampleLongestQueueEvery(double interval) {
      if (!(interval >= 0) || Double.isInfinite(interval)) {
        throw new IllegalArgumentException("interval must be finite and >= 0: " + interval);
      }
      this.sampleInterval = interval;
      return this;
    }

    /**
     * Makes the last server (index n − 1) join the pool, empty, at the given time; until then the
     * pool is servers 0 … n − 2 and the utilisation λ refers to them.
     *
     * @param time positive and finite
     * @return this builder
     * @throws IllegalArgumentException if {@code time} is not positive and finite
     */
    public Builder lastServerJoinsAt(double time) {
      if (!(time > 0) || Double.isInfinite(time)) {
        throw new IllegalArgumentException("time must be positive and finite: " + time);
      }
      this.joinTime = time;
      return this;
    }

    /**
     * Makes a server fail fast from the given time: it answers each later request at once with an
     * error (never serving its work), and still finishes the requests it held.
     *
     * @param server the server's index, {@code >= 0} and below n when built
     * @param time {@code >= 0} and finite
     * @return this builder
     * @throws IllegalArgumentException if an argument is out of range
     */
    public Builder serverFailsAt(int server, double time) {
      if (server < 0) {
        throw new IllegalArgumentException("server must be >= 0: " + server);
      }
      if (!(time >= 0) || Double.isInfinite(time)) {
        throw new IllegalArgumentException("time must be finite and >= 0: " + time);
      }
      this.failingServer = server;
      this.failTime = time;
      return this;
    }

    /**
     * Sets a listener that hears of every answered request.
     *
     * @param listener the listener
     * @return this builder
     * @throws NullPointerException if {@code listener} is null
     */
    public Builder listener(CompletionListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * Checks the settings together and returns the description.
     *
     * @return the simulation
     * @throws IllegalArgumentException if the warm-up is not below the number of requests, the
     *     failing server is not below n, or a server joins while n &lt; 2
     */
    public Simulation build() {
      if (warmup >= requests) {
        throw new IllegalArgumentException(
            "warmup must be below requests = " + requests + ": " + warmup);
      }
      if (failingServer >= speeds.length) {
        throw new IllegalArgumentException(
            "server must be below the " + speeds.length + " servers: " + failingServer);
      }
      if (joinTime < Double.POSITIVE_INFINITY && speeds.length < 2) {
        throw new IllegalArgumentException("a server can join only a pool of >= 2 servers");
      }
      return new Simulation(this);
    }

    private static double[] filledWithOnes(int n) {
      double[] ones = new double[n];
      Arrays.fill(ones, 1);
      return ones;
    }
  }
}
