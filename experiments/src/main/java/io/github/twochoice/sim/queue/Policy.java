/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Objects;

/**
 * A dispatching policy: an immutable description that starts a fresh {@link Dispatcher} for each
 * run. The load-based policies read the {@link LoadView} they are given, so a stale board affects
 * them; round robin and random ignore it; peak EWMA uses only what it observes itself. Each choice
 * costs O(1) random draws, except least loaded, least work and weighted, which poll all n servers.
 *
 * @since 0.1.0
 */
public interface Policy {
  /** How best of d draws its candidates. */
  enum Draws {
    /** d different servers, uniformly among the subsets of size d (all of them if fewer). */
    DISTINCT,
    /** d servers drawn independently, so one may come twice: the supermarket model's sampling. */
    INDEPENDENT
  }

  /** How a policy picks among candidates that score the same. */
  enum Ties {
    /** Uniformly at random. */
    RANDOM,
    /** The lowest server index, which biases traffic towards the low indices. */
    LOWER_INDEX
  }

  /**
   * Returns a short name for tables, such as "best of 2".
   *
   * @return the name
   */
  String name();

  /**
   * Starts a dispatcher for a run.
   *
   * @param servers the number of servers the run may use, at least 1
   * @param meanWork the mean request size, positive: the scale of the defaults of peak EWMA
   * @return a new dispatcher
   * @throws IllegalArgumentException if the policy cannot serve this many servers (best of d with d
   *     &gt; servers, or weights of another length)
   */
  Dispatcher newDispatcher(int servers, double meanWork);

  /**
   * Returns the policy that sends each request to a server drawn uniformly at random.
   *
   * @return the policy
   */
  static Policy random() {
    return new RandomChoice();
  }

  /**
   * Returns round robin: request i goes to server {@code i mod servers()}.
   *
   * @return the policy
   */
  static Policy roundRobin() {
    return new RoundRobin();
  }

  /**
   * Returns best of d with distinct candidates and random ties: the request joins the candidate
   * with the fewest outstanding requests.
   *
   * @param d the number of candidates, from 1 to 64
   * @return the policy
   * @throws IllegalArgumentException if {@code d} is outside [1, 64]
   */
  static Policy bestOf(int d) {
    return bestOf(d, Draws.DISTINCT, Ties.RANDOM);
  }

  /**
   * Returns best of d with the given sampling and tie rule.
   *
   * @param d the number of candidates, from 1 to 64
   * @param draws distinct or independent candidates
   * @param ties how equally loaded candidates are ordered
   * @return the policy
   * @throws IllegalArgumentException if {@code d} is outside [1, 64]
   * @throws NullPointerException if {@code draws} or {@code ties} is null
   */
  static Policy bestOf(int d, Draws draws, Ties ties) {
    return new BestOfD(
        "best of ", (load, server) -> load.outstanding(server), d, draws, ties, false);
  }

  /**
   * Returns weighted best of d: d distinct candidates drawn one after another in proportion to
   * their speed, the request joins the one with the least {@code (outstanding + 1) / speed}, ties
   * at random (as nginx's {@code random two least_conn} with weights). Drawing by speed matters:
   * uniform candidates include a fast server too rarely to give it its share of the work when a few
   * fast servers hold much of the capacity, whatever the score. On servers of equal speed it
   * behaves as {@link #bestOf(int)}; see {@link #weighted(double[])} for the + 1.
   *
   * @param d the number of candidates, from 1 to 64
   * @return the policy
   * @throws IllegalArgumentException if {@code d} is outside [1, 64]
   */
  static Policy weightedBestOf(int d) {
    return new BestOfD(
        "weighted best of ", Policy::outstandingPerSpeed, d, Draws.DISTINCT, Ties.RANDOM, true);
  }

  /**
   * Returns least loaded: the server with the fewest outstanding requests, ties at random.
   *
   * @return the policy
   */
  static Policy leastLoaded() {
    return leastLoaded(Ties.RANDOM);
  }

  /**
   * Returns least loaded with the given tie rule: the server with the fewest outstanding requests.
   * With {@link Ties#LOWER_INDEX} it is the first such server in index order, so on an empty pool
   * every request goes to server 0 and, at any load, the low indices get more than their share.
   *
   * @param ties how equally loaded servers are ordered
   * @return the policy
   * @throws NullPointerException if {@code ties} is null
   */
  static Policy leastLoaded(Ties ties) {
    return new LeastScore(
        "least loaded",
        (load, server) -> load.outstanding(server),
        Objects.requireNonNull(ties, "ties"),
        0);
  }

  /**
   * Returns least work: the server that will drain soonest (remaining work divided by speed), ties
   * at random. It needs the sizes of the queued requests, which real balancers rarely know.
   *
   * @return the policy
   */
  static Policy leastWork() {
    return new LeastScore("least work", (load, server) -> load.timeToDrain(server));
  }

  /**
   * Returns weighted least loaded with the servers' speeds as weights; see {@link
   * #weighted(double[])}.
   *
   * @return the policy
   */
  static Policy weighted() {
    return new LeastScore("weighted", Policy::outstandingPerSpeed);
  }

  /**
   * Returns weighted least loaded: the server with the least {@code (outstanding + 1) / weight},
   * ties at random. Counting the request being placed ({@code + 1}) makes an idle fast server beat
   * an idle slow one.
   *
   * @param weights one positive finite weight per server; copied
   * @return the policy
   * @throws NullPointerException if {@code weights} is null
   * @throws IllegalArgumentException if a weight is not positive and finite
   */
  static Policy weighted(double[] weights) {
    double[] copy = Objects.requireNonNull(weights, "weights").clone();
    for (int i = 0; i < copy.length; i++) {
      if (!(copy[i] > 0) || Double.isInfinite(copy[i])) {
        throw new IllegalArgumentException(
            "weights[" + i + "] must be positive and finite: " + copy[i]);
      }
    }
    return new LeastScore(
        "weighted",
        (load, server) -> (load.outstanding(server) + 1) / copy[server],
        Ties.RANDOM,
        copy.length);
  }

  /**
   * Returns peak EWMA with a decay time of 10 mean request sizes and an initial estimate of one
   * mean request size; see {@link #peakEwma(double, double)}.
   *
   * @return the policy
   */
  static Policy peakEwma() {
    return new PeakEwma(10, 1, true);
  }

  /**
   * Returns peak EWMA: two distinct random candidates; each server's cost is its latency estimate
   * times (the requests this dispatcher has outstanding there + 1); the cheaper wins, ties at
   * random. The estimate jumps to any higher response time, blends in a lower one with weight
   * {@code 1 − e^(−Δ/τ)} (Δ the time since the last update), and otherwise decays towards 0 with
   * time constant τ, so a server not heard from for a while looks fast again.
   *
   * @param decayTime τ, positive and finite
   * @param initialEstimate the estimate of a server not yet heard from, {@code >= 0} and finite
   * @return the policy
   * @throws IllegalArgumentException if an argument is out of range
   */
  static Policy peakEwma(double decayTime, double initialEstimate) {
    if (!(decayTime > 0) || Double.isInfinite(decayTime)) {
      throw new IllegalArgumentException("decayTime must be positive and finite: " + decayTime);
    }
    if (!(initialEstimate >= 0) || Double.isInfinite(initialEstimate)) {
      throw new IllegalArgumentException(
          "initialEstimate must be finite and >= 0: " + initialEstimate);
    }
    return new PeakEwma(decayTime, initialEstimate, false);
  }

  /** {@code (outstanding + 1) / speed}: the score of weighted and weighted best of d. */
  private static double outstandingPerSpeed(LoadView load, int server) {
    return (load.outstanding(server) + 1) / load.speed(server);
  }
}
