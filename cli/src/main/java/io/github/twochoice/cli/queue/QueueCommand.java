/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.cli.common.CommonOptions;
import io.github.twochoice.cli.common.EnumNames;
import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.place.PlaceCommand;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code queue} command: load balancing of requests over n servers, simulated ({@link
 * QueueStudy}) and printed as titled tables ({@link QueueTables}). Bad input (λ outside (0, 1),
 * fewer than 2 servers, d above n, a missing or malformed size file) is a one-line usage error,
 * exit code 2. Cost: about 4 simulations per policy and board period, plus the supermarket runs;
 * some 20 seconds with the defaults.
 */
@Command(
    name = "queue",
    mixinStandardHelpOptions = true,
    description = {
      "A web log's requests balanced over n servers, per policy.",
      "%nSimulate load balancing: n FIFO servers of speed 1, Poisson arrivals at utilisation lambda,"
          + " request sizes in milliseconds, and a dispatching policy that sees every server's"
          + " load as it is (fresh) or on a board the servers update every T ms.",
      "%nPrint, in titled tables: the mean, median, p99 and p99.9 response time and the longest"
          + " queue per policy and board period; each policy's gain over random under the sizes"
          + " and under exponential sizes of the same mean; a cold server joining and a server"
          + " failing fast, per policy; and the supermarket model simulated at several n (default"
          + " 10, 100, 1000) beside its refined mean field and its limit. With --csv, each table follows a line"
          + " '# title'.",
      "%nSizes: web (the bundled NASA log's replies, 0.05 ms + 1 us per 100 bytes), heavy (a"
          + " bounded Pareto with median 0.15 ms, mean 0.47 ms, max 84 ms), exponential (mean"
          + " 1 ms, so T is also in mean service times), or a FILE: a web log, or sizes in ms, one"
          + " a line. The first tenth of each run's requests is not measured."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  twochoice queue --requests 100000",
      "  twochoice queue --sizes exponential --board 0,1,5 --policies random,best_of_d",
      "  twochoice queue --servers 100 --lambda 0.99 --d 3 --csv"
    })
public final class QueueCommand implements Runnable {
  @Spec CommandSpec spec;

  @Mixin CommonOptions common;

  @Option(
      names = "--servers",
      defaultValue = "10",
      description = "Number of servers n, at least 2 (default: ${DEFAULT-VALUE}).")
  int servers;

  @Option(
      names = "--lambda",
      defaultValue = "0.9",
      description = "Utilisation lambda, in (0, 1) (default: ${DEFAULT-VALUE}).")
  double lambda;

  @Option(
      names = "--requests",
      defaultValue = "1000000",
      description =
          "Requests per run, at least 100; the pool-change runs take a tenth (default:"
              + " ${DEFAULT-VALUE}).")
  int requests;

  @Option(
      names = "--sizes",
      defaultValue = "web",
      paramLabel = "exponential|web|heavy|FILE",
      description = "Request sizes, in ms (default: ${DEFAULT-VALUE}).")
  String sizes;

  @Option(
      names = "--board",
      split = ",",
      defaultValue = "0,10,50",
      description =
          "Board periods T in ms; 0 = fresh loads (default: ${DEFAULT-VALUE}). Random, round"
              + " robin and peak EWMA ignore the board.")
  List<Double> boards;

  @Option(
      names = "--policies",
      split = ",",
      defaultValue =
          "random,round_robin,best_of_d,best_of_d_ties_low,least_loaded,least_work,weighted,"
              + "peak_ewma",
      converter = Balancers.class,
      completionCandidates = Balancers.class,
      description = "Policies: ${COMPLETION-CANDIDATES} (default: all).")
  List<Balancer> balancers;

  @Option(
      names = "--d",
      defaultValue = "2",
      description =
          "Candidates of best of d, from 1 to 64 and at most n (default: ${DEFAULT-VALUE}).")
  int d;

  @Option(
      names = "--theory-servers",
      split = ",",
      defaultValue = "10,100,1000",
      description =
          "Servers of the supermarket runs, each at least d; a run lasts at least 4000 mean"
              + " service times (default: ${DEFAULT-VALUE}).")
  List<Integer> theoryServers;

  @Override
  public void run() {
    check();
    QueueSetup setup = new QueueSetup(servers, lambda, readSizes(), requests, common.seed);
    Progress progress =
        common.progress("queue", QueueStudy.runs(balancers.size(), boards, theoryServers, d));
    QueueStudy study = QueueStudy.run(setup, balancers, d, boards, theoryServers, progress);
    progress.finish();
    common.note(setup.sizes().name() + ": " + setup.sizes().summary());
    common.note(
        String.format(
            Locale.ROOT,
            "%d servers at lambda = %s, %d requests per run (the first %d not measured); times in"
                + " ms",
            servers,
            QueueTables.number(lambda),
            requests,
            setup.warmup()));
    QueueTables tables = new QueueTables(study);
    common.section(
        "Response times in ms per policy, on fresh loads or a board updated every T ms",
        tables.responseTimes());
    common.section(
        "Counting jobs vs job sizes, fresh loads: "
            + setup.sizes().name()
            + " sizes beside exponential sizes of the same mean; gain = random's figure / the"
            + " policy's",
        tables.sizes());
    String fair = "fair share 1/n = " + Format.percent(1.0 / servers) + " %";
    common.section(
        String.format(
            Locale.ROOT,
            "A cold server joins halfway through runs of %d requests, at a board update: its share of"
                + " the requests of its first %s ms (%s) and its longest queue",
            study.changeRequests(),
            QueueTables.number(PoolChanges.JOIN_WINDOW_MILLIS),
            fair),
        tables.coldJoin());
    common.section(
        String.format(
            Locale.ROOT,
            "A server fails fast, answering at once with an error, after the warm-up of runs of %d"
                + " requests: its share of the later requests (%s)",
            study.changeRequests(),
            fair),
        tables.failFast());
    common.section(
        "The supermarket model at lambda = "
            + QueueTables.number(lambda)
            + ", exponential sizes of mean 1, best of d on fresh loads: simulated beside the"
            + " refined mean field at n and the limit; mean time in mean service times",
        tables.supermarket());
  }

  /** Checks the options together; each failure is a one-line usage error. */
  private void check() {
    if (servers < 2) {
      fail("--servers must be at least 2: " + servers);
    }
    if (!(lambda > 0 && lambda < 1)) {
      fail("--lambda must be in (0, 1): " + lambda);
    }
    if (requests < 100) {
      fail("--requests must be at least 100: " + requests);
    }
    if (d < 1 || d > 64 || d > servers) {
      fail("--d must be from 1 to 64 and at most --servers (" + servers + "): " + d);
    }
    for (double board : boards) {
      if (!(board >= 0) || Double.isInfinite(board)) {
        fail("--board periods must be finite and >= 0: " + board);
      }
    }
    for (int n : theoryServers) {
      if (n < d) {
        fail("--theory-servers must each be at least --d (" + d + "): " + n);
      }
    }
  }

  /** Resolves --sizes; turns every failure into a one-line usage error. */
  private JobSizes readSizes() {
    try {
      return JobSizes.of(sizes);
    } catch (NoSuchFileException e) {
      throw new ParameterException(
          spec.commandLine(),
          "--sizes: expected exponential, web, heavy or a file, and there is no file " + sizes,
          e);
    } catch (IOException e) {
      throw new ParameterException(
          spec.commandLine(), "cannot read " + sizes + ": " + PlaceCommand.reason(e), e);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--sizes: " + e.getMessage(), e);
    }
  }

  private void fail(String message) {
    throw new ParameterException(spec.commandLine(), message);
  }

  /** {@code queue --policies}. */
  static final class Balancers extends EnumNames<Balancer> {
    Balancers() {
      super(Balancer.class);
    }
  }
}
