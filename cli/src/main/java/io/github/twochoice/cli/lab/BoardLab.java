/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.Chart.Axis;
import io.github.twochoice.cli.figure.Chart.Series;
import io.github.twochoice.cli.figure.Chart.Style;
import io.github.twochoice.sim.queue.Policy;
import io.github.twochoice.sim.queue.RunResult;
import io.github.twochoice.sim.queue.ServiceTimes;
import io.github.twochoice.sim.queue.Simulation;
import java.util.ArrayList;
import java.util.List;

/**
 * The stale-board page: a run of the load-balancing {@link Simulation} (n servers, Poisson arrivals
 * at utilisation λ, exponential sizes of mean 1, so time is in mean service times) whose policy
 * reads a board updated every T. The simulation reports every answered request (its arrival, server
 * and completion); from those the page's steps follow exactly: at each arrival the queue lengths
 * (requests held, queued or in service) and what the board showed, the lengths at the last update
 * time kT. The sweep runs each policy at several board periods and draws the mean time in system,
 * where the crossovers show.
 *
 * <p>Cost: the run O(requests · log n); the steps O(requests · n) integers; the sweep 4 × 8 runs.
 */
final class BoardLab {
  /** The policies by their URL names, in the page's order. */
  static final List<String> POLICY_NAMES = List.of("least", "best2", "best3", "random");

  /** The most servers. */
  static final int MAX_SERVERS = 16;

  /** The most requests of the animated run. */
  static final int MAX_REQUESTS = 2000;

  /** The most requests per run of the sweep. */
  static final int MAX_SWEEP_REQUESTS = 200_000;

  /** The longest board period the animated run takes, in mean service times. */
  static final double MAX_PERIOD = 20;

  /** The board periods of the sweep, in mean service times; 0 is a live board. */
  static final double[] SWEEP_PERIODS = {0, 0.5, 1, 2, 4, 8, 16, 32};

  private BoardLab() {}

  static Policy policy(String name) {
    return switch (name) {
      case "least" -> Policy.leastLoaded();
      case "best2" -> Policy.bestOf(2);
      case "best3" -> Policy.bestOf(3);
      default -> Policy.random();
    };
  }

  /** {@code /api/board?servers=&lambda=&period=&policy=&requests=&seed=}: every arrival. */
  static Json.Obj trace(Params params) {
    int n = params.integer("servers", 8, 3, MAX_SERVERS);
    double lambda = params.decimal("lambda", 0.9, 0.1, 0.99);
    double period = params.decimal("period", 4, 0, MAX_PERIOD);
    String policy = params.choice("policy", POLICY_NAMES);
    int requests = params.integer("requests", 400, 10, MAX_REQUESTS);
    long seed = params.seed();
    params.checkAllRead();
    Requests run =
        Requests.of(simulation(n, lambda, period, policy(policy), requests, seed), requests);
    RunResult result = run.result();
    int[][] queues = new int[requests][];
    int[][] board = new int[requests][];
    for (int k = 0; k < requests; k++) {
      double arrival = run.arrival(k);
      queues[k] = run.lengthsAt(arrival, n, k);
      double update = period == 0 ? arrival : Math.floor(arrival / period) * period;
      board[k] = run.lengthsAt(update, n, k - 1);
    }
    return Json.obj()
        .put("servers", n)
        .put("lambda", lambda)
        .put("period", period)
        .put("policy", policy)
        .put("policyName", policy(policy).name())
        .put("seed", seed)
        .put("steps", requests)
        .put("arrival", run.arrivals())
        .put("server", run.servers())
        .put("queues", queues)
        .put("board", board)
        .put("meanTime", result.mean())
        .put("longestQueue", result.longestQueue());
  }

  /**
   * A run and what it reported of each request, indexed in arrival order: when it arrived, the
   * server it was sent to and when it was answered. The arrays stay inside; callers read one entry
   * or get a copy. Cost: three arrays of one entry per request; {@link #lengthsAt} reads the first
   * {@code last + 1} requests.
   */
  static final class Requests {
    private final double[] arrival;
    private final double[] completion;
    private final int[] server;
    private final RunResult result;

    private Requests(double[] arrival, double[] completion, int[] server, RunResult result) {
      this.arrival = arrival;
      this.completion = completion;
      this.server = server;
      this.result = result;
    }

    /** Runs a simulation of {@code requests} requests and records each through its listener. */
    static Requests of(Simulation.Builder simulation, int requests) {
      double[] arrival = new double[requests];
      double[] completion = new double[requests];
      int[] server = new int[requests];
      RunResult result =
          simulation
              .listener(
                  (request, s, arrived, work, completed, error) -> {
                    arrival[request] = arrived;
                    completion[request] = completed;
                    server[request] = s;
                  })
              .build()
              .run();
      return new Requests(arrival, completion, server, result);
    }

    /** The run's figures. */
    RunResult result() {
      return result;
    }

    /** The arrival time of request {@code k}. */
    double arrival(int k) {
      return arrival[k];
    }

    /** The time request {@code k} was answered. */
    double completion(int k) {
      return completion[k];
    }

    /** The server request {@code k} was sent to. */
    int server(int k) {
      return server[k];
    }

    /** Every request's arrival time, a copy. */
    double[] arrivals() {
      return arrival.clone();
    }

    /** The server each request was sent to, a copy. */
    int[] servers() {
      return server.clone();
    }

    /**
     * The requests each of the {@code n} servers holds at time t: those among the first {@code last
     * + 1} that arrived by t and are not answered yet.
     */
    int[] lengthsAt(double t, int n, int last) {
      int[] lengths = new int[n];
      for (int i = 0; i <= last; i++) {
        if (arrival[i] <= t && completion[i] > t) {
          lengths[server[i]]++;
        }
      }
      return lengths;
    }
  }

  static Simulation.Builder simulation(
      int n, double lambda, double period, Policy policy, int requests, long seed) {
    return Simulation.builder()
        .servers(n)
        .utilisation(lambda)
        .serviceTimes(ServiceTimes.exponential())
        .policy(policy)
        .requests(requests)
        .boardPeriod(period)
        .seed(seed);
  }

  /**
   * {@code /api/board/sweep?servers=&lambda=&requests=&seed=}: the mean time in system of every
   * policy at every board period of {@link #SWEEP_PERIODS}, as a chart.
   */
  static Json.Obj sweep(Params params) {
    int n = params.integer("servers", 8, 3, MAX_SERVERS);
    double lambda = params.decimal("lambda", 0.9, 0.1, 0.99);
    int requests = params.integer("requests", 20_000, 1000, MAX_SWEEP_REQUESTS);
    long seed = params.seed();
    params.checkAllRead();
    List<Series> series = new ArrayList<>();
    List<Json.Obj> rows = new ArrayList<>();
    for (String name : POLICY_NAMES) {
      Policy policy = policy(name);
      List<double[]> points = new ArrayList<>();
      double[] means = new double[SWEEP_PERIODS.length];
      for (int p = 0; p < SWEEP_PERIODS.length; p++) {
        means[p] =
            simulation(n, lambda, SWEEP_PERIODS[p], policy, requests, seed)
                .warmup(requests / 10)
                .build()
                .run()
                .mean();
        if (SWEEP_PERIODS[p] > 0) {
          points.add(new double[] {SWEEP_PERIODS[p], means[p]});
        }
      }
      series.add(Series.of(policy.name(), Style.MEASURED, points, false));
      rows.add(Json.obj().put("policy", name).put("label", policy.name()).put("means", means));
    }
    Chart chart =
        new Chart(
            "Mean time in system against the board's age",
            new Axis("board period T (mean service times, log scale; T = 0 is in the table)", true),
            new Axis("mean time in system (mean service times)", false),
            series);
    return Json.obj()
        .put("servers", n)
        .put("lambda", lambda)
        .put("requests", requests)
        .put("seed", seed)
        .put("periods", SWEEP_PERIODS)
        .put("policies", rows)
        .put("figure", LabFigure.of(chart));
  }
}
