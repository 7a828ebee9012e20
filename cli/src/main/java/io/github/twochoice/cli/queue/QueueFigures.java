/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.Chart.Axis;
import io.github.twochoice.cli.figure.Chart.Series;
import io.github.twochoice.cli.figure.Chart.Style;
import io.github.twochoice.cli.figure.Figure;
import io.github.twochoice.cli.figure.Section;
import io.github.twochoice.cli.weblog.AccessLog;
import io.github.twochoice.sim.queue.Policy;
import io.github.twochoice.sim.queue.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The report's load-balancing section: three charts of the {@code queue} command's simulations at
 * 10 servers and λ = 0.9, with fewer requests than the command. The response-time distribution of
 * every policy on the bundled log's sizes, the queue-length tail of one and two choices beside the
 * mean-field limit (several seeds, with their spread), and the longest queue over time on a stale
 * board. Cost: 10 + 2 · tailRuns simulations, each O(requests · log n), and a sort of each policy's
 * response times.
 */
public final class QueueFigures {
  /** The servers and utilisation of the section. */
  public static final int SERVERS = 10;

  /** The servers' utilisation in the load-balancing charts. */
  public static final double LAMBDA = 0.9;

  /** The servers of the queue-tail chart. */
  public static final int TAIL_SERVERS = 100;

  /** The board period of the stale-board chart, and the time its window shows, in ms. */
  public static final double BOARD_MILLIS = 10;

  static final double WINDOW_MILLIS = 200;

  /** The cumulative fractions at which the response-time distribution is drawn. */
  static final double[] LEVELS = {
    0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999
  };

  /**
   * The policies of the response-time chart. The variants the command adds (independent draws,
   * weighted best of d, least loaded with low ties) would draw over their originals' curves on
   * servers of one speed.
   */
  static final List<Balancer> CHART_BALANCERS =
      List.of(
          Balancer.RANDOM,
          Balancer.ROUND_ROBIN,
          Balancer.BEST_OF_D,
          Balancer.BEST_OF_D_TIES_LOW,
          Balancer.LEAST_LOADED,
          Balancer.LEAST_WORK,
          Balancer.WEIGHTED,
          Balancer.PEAK_EWMA);

  private QueueFigures() {}

  /**
   * The section's heading and introduction, and its charts.
   *
   * @param log the web log whose reply sizes give the request sizes
   * @param requests the requests per run
   * @param tailRuns the runs of the queue-length tail chart
   * @param seed the seed of every run
   * @return the section
   */
  public static Section section(AccessLog log, int requests, int tailRuns, long seed) {
    QueueSetup web = new QueueSetup(SERVERS, LAMBDA, JobSizes.web(log), requests, seed);
    return new Section(
        "Balancing requests over servers",
        String.format(
            Locale.ROOT,
            "Seeded simulations of package sim.queue (command: queue, which prints their"
                + " percentiles in tables, with more requests): %d FIFO servers at utilisation %s, Poisson arrivals, the"
                + " first tenth of each run not measured. The request sizes are the %d replies"
                + " of %s at 0.05 ms + 1 µs per 100 bytes (mean %.3f ms). To keep the report"
                + " quick each run has %d requests, where the command's default is 10^6.",
            SERVERS,
            QueueTables.number(LAMBDA),
            log.totalRequests(),
            log.source(),
            web.sizes().times().mean(),
            requests),
        figures(web, tailRuns));
  }

  static List<Figure> figures(QueueSetup web, int tailRuns) {
    return List.of(
        new Figure(
            responseTimeChart(web),
            "Fraction of requests answered within a time, per policy, on fresh loads. Counting"
                + " outstanding requests (best of 2, least loaded) cuts the median and the tail"
                + " far below random and round robin; only least work, which knows every queued"
                + " request's size, does better in the tail. Weighted coincides with least loaded"
                + " on servers of equal speed."),
        new Figure(
            queueTailChart(web, tailRuns),
            "Fraction of time a server holds at least i requests, "
                + TAIL_SERVERS
                + " servers, exponential sizes, on fresh loads: the mean of "
                + tailRuns
                + " seeded runs of at least "
                + QueueTables.number(SupermarketCheck.MIN_DURATION)
                + " mean service times, the band spanning the lowest and the highest. Dashed: the supermarket model's limit λ^i for one"
                + " choice and λ^(2^i − 1) for two (Vvedenskaya, Dobrushin and Karpelevich;"
                + " Mitzenmacher)."),
        new Figure(
            staleBoardChart(web),
            "The longest queue in the pool, sampled every millisecond for "
                + QueueTables.number(WINDOW_MILLIS)
                + " ms after the warm-up, when the policies read a board updated every "
                + QueueTables.number(BOARD_MILLIS)
                + " ms. Least loaded sends a whole period's requests to the servers the board"
                + " shows emptiest (the herd effect); best of 2 spreads them over random pairs."));
  }

  /** The cumulative distribution of the response time, per policy, on a logarithmic time axis. */
  static Chart responseTimeChart(QueueSetup web) {
    List<Series> series = new ArrayList<>();
    for (Balancer balancer : CHART_BALANCERS) {
      Policy policy = balancer.policy(2);
      double[] times = responseTimes(web, policy);
      List<double[]> points = new ArrayList<>();
      for (double level : LEVELS) {
        points.add(new double[] {quantile(times, level), level});
      }
      series.add(Series.of(policy.name(), Style.MEASURED, points, false));
    }
    return new Chart(
        "Response time per policy, web sizes",
        new Axis("response time (ms)", true),
        new Axis("fraction of requests answered", false),
        series);
  }

  /** The measured response times of a run on fresh loads, sorted. */
  private static double[] responseTimes(QueueSetup setup, Policy policy) {
    double[] times = new double[setup.requests()];
    int[] count = new int[1];
    setup
        .simulation(policy, 0)
        .listener(
            (request, server, arrival, work, completion, error) -> {
              if (request >= setup.warmup()) {
                times[count[0]++] = completion - arrival;
              }
            })
        .build()
        .run();
    double[] measured = Arrays.copyOf(times, count[0]);
    Arrays.sort(measured);
    return measured;
  }

  /** The nearest-rank quantile of a sorted sample. */
  private static double quantile(double[] ascending, double level) {
    int rank = (int) Math.ceil(level * ascending.length);
    return ascending[Math.max(0, rank - 1)];
  }

  /**
   * Simulated queue tails of one and two choices beside the mean-field limit: the mean of several
   * seeded runs and their spread.
   */
  static Chart queueTailChart(QueueSetup setup, int runs) {
    List<Series> series = new ArrayList<>();
    for (int d = 1; d <= 2; d++) {
      SplittableRandom seeds = new SplittableRandom(setup.seed());
      double[][] tails = new double[QueueTables.TAIL_LENGTH + 1][runs];
      SupermarketCheck check = null;
      for (int run = 0; run < runs; run++) {
        check =
            SupermarketCheck.run(
                LAMBDA, TAIL_SERVERS, d, Policy.Draws.DISTINCT, setup.requests(), seeds.nextLong());
        for (int i = 1; i <= QueueTables.TAIL_LENGTH; i++) {
          tails[i][run] = check.simulated().fractionOfTimeAtLeast(i);
        }
      }
      List<double[]> measured = new ArrayList<>();
      List<double[]> theory = new ArrayList<>();
      for (int i = 1; i <= QueueTables.TAIL_LENGTH; i++) {
        measured.add(Series.runsAt(i, tails[i]));
        theory.add(new double[] {i, check.model().tail(i)});
      }
      String name = d == 1 ? "1 choice" : "2 choices";
      series.add(Series.spread(name, measured, true));
      series.add(Series.of(name + " theory", Style.THEORY, theory, true));
    }
    return new Chart(
        "Queue-length tail: one and two choices",
        new Axis("queue length i", false),
        new Axis("fraction of time with at least i", true),
        series);
  }

  /** The longest queue over a window of time on a stale board, least loaded and best of 2. */
  static Chart staleBoardChart(QueueSetup web) {
    List<Series> series = new ArrayList<>();
    double start = web.expectedArrival(web.warmup(), web.servers());
    for (Policy policy : List.of(Policy.leastLoaded(), Policy.bestOf(2))) {
      RunResult result =
          web.simulation(policy, BOARD_MILLIS).sampleLongestQueueEvery(1).build().run();
      int[] samples = result.longestQueueSeries();
      List<double[]> points = new ArrayList<>();
      for (int k = (int) Math.ceil(start); k < samples.length && k <= start + WINDOW_MILLIS; k++) {
        points.add(new double[] {k, samples[k]});
      }
      series.add(Series.of(policy.name(), Style.MEASURED, points, false));
    }
    return new Chart(
        "Longest queue on a board updated every " + QueueTables.number(BOARD_MILLIS) + " ms",
        new Axis("time (ms)", false),
        new Axis("longest queue", false),
        series);
  }
}
