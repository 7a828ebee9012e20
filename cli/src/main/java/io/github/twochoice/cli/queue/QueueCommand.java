/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.cli.common.CommonOptions;
import io.github.twochoice.cli.common.EnumNames;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.place.PlaceCommand;
import io.github.twochoice.sim.queue.Policy;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
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
 * QueueStudy}) and printed as titled tables ({@link QueueTables}), all of them or those named by
 * {@code --tables}. Bad input (λ outside (0, 1), fewer than 2 servers, speeds that are not positive
 * or not one per server, d above n, a missing or malformed size file) is a one-line usage error,
 * exit code 2. Cost: {@code QueueStudy.Plan.runs()} simulations, each O(requests · log n), only
 * those of the tables asked for: 116 with the defaults.
 */
@Command(
    name = "queue",
    mixinStandardHelpOptions = true,
    description = {
      "A web log's requests balanced over n servers, per policy.",
      "%nSimulate load balancing: n FIFO servers (of speed 1, or the --speeds given), Poisson"
          + " arrivals at utilisation lambda of the total speed, request sizes in milliseconds at"
          + " speed 1, and a dispatching policy that sees every server's load as it is (fresh) or"
          + " on a board the servers update every T ms.",
      "%nPrint, in titled tables (--tables, default all): the request sizes; the mean, median,"
          + " p99 and p99.9 response time and the longest queue, at any time and averaged over"
          + " time, per policy and board period; each policy's gain over random under the sizes"
          + " and under exponential sizes of the same mean; each server's share of the work per"
          + " policy; a cold server joining and a server failing fast, per policy; and the"
          + " supermarket model simulated at several n (default 10, 100, 1000), with distinct or"
          + " independent candidates (--draws), beside its refined mean field and its limit. With"
          + " --csv, each table follows a line '# title'.",
      "%nSizes: web (the bundled NASA log's replies, 0.05 ms + 1 us per 100 bytes), heavy (a"
          + " bounded Pareto with median 0.15 ms, mean 0.47 ms, max 84 ms), exponential (mean"
          + " 1 ms, so T is also in mean service times), or a FILE: a web log, or sizes in ms, one"
          + " a line. The first tenth of each run's requests is not measured."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  twochoice queue --requests 100000",
      "  twochoice queue --sizes exponential --board 0,1,5 --policies random,best_of_d",
      "  twochoice queue --speeds 1,1,2,4 --lambda 0.5 --tables traffic --board 0",
      "  twochoice queue --tables supermarket --draws distinct,independent",
      "  twochoice queue --servers 100 --lambda 0.99 --d 3 --csv"
    })
public final class QueueCommand implements Runnable {
  @Spec CommandSpec spec;

  @Mixin CommonOptions common;

  @Option(
      names = "--servers",
      defaultValue = "10",
      description =
          "Number of servers n, at least 2; with --speeds, the number of factors (default:"
              + " ${DEFAULT-VALUE}).")
  int servers;

  @Option(
      names = "--speeds",
      split = ",",
      paramLabel = "FACTOR",
      description =
          "One speed factor per server, positive: a server of speed s serves a request s times"
              + " faster. Sets n unless --servers is given, which must then match (default: all"
              + " 1).")
  List<Double> speeds;

  @Option(
      names = "--lambda",
      defaultValue = "0.9",
      description = "Utilisation lambda of the total speed, in (0, 1) (default: ${DEFAULT-VALUE}).")
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
          "random,round_robin,best_of_d,best_of_d_independent,best_of_d_ties_low,"
              + "weighted_best_of_d,least_loaded,least_loaded_ties_low,least_work,weighted,"
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

  @Option(
      names = "--draws",
      split = ",",
      defaultValue = "distinct",
      converter = DrawsNames.class,
      completionCandidates = DrawsNames.class,
      description =
          "How best of d draws its candidates in the supermarket runs: ${COMPLETION-CANDIDATES}"
              + " (default: ${DEFAULT-VALUE}).")
  List<Policy.Draws> draws;

  @Option(
      names = "--tables",
      split = ",",
      defaultValue = "sizes,response_times,counting,traffic,cold_join,fail_fast,supermarket",
      converter = Tables.class,
      completionCandidates = Tables.class,
      description =
          "Tables to print, in this order whatever the order given; only their simulations run:"
              + " ${COMPLETION-CANDIDATES} (default: all).")
  List<QueueTable> tables;

  @Override
  public void run() {
    List<Double> factors = speeds();
    check(factors.size());
    JobSizes chosen = readSizes(sizes);
    QueueSetup setup = new QueueSetup(factors, lambda, chosen, requests, common.seed);
    QueueStudy.Plan plan =
        new QueueStudy.Plan(balancers, d, boards, theoryServers, draws, EnumSet.copyOf(tables));
    Progress progress = common.progress("queue", plan.runs());
    QueueStudy study = QueueStudy.run(setup, plan, progress);
    progress.finish();
    common.note(chosen.name() + ": " + chosen.summary());
    common.note(
        String.format(
            Locale.ROOT,
            "%d servers%s at lambda = %s, %d requests per run (the first %d not measured); times in"
                + " ms",
            setup.servers(),
            setup.unitSpeeds() ? "" : " of speeds " + speedList(factors),
            QueueTables.number(lambda),
            requests,
            setup.warmup()));
    QueueTables printed =
        new QueueTables(study, tables.contains(QueueTable.SIZES) ? sizeRows(chosen) : List.of());
    for (QueueTable table : plan.tables().stream().sorted().toList()) {
      common.section(printed.title(table), printed.table(table));
    }
  }

  /** The speed factors, --speeds or n ones, checked. */
  private List<Double> speeds() {
    if (speeds == null) {
      common.check(servers >= 2, "--servers", "at least 2", servers);
      return Collections.nCopies(servers, 1.0);
    }
    for (double factor : speeds) {
      common.check(
          factor > 0 && !Double.isInfinite(factor), "--speeds", "positive and finite", factor);
    }
    if (spec.commandLine().getParseResult().hasMatchedOption("--servers")) {
      common.check(servers >= 2, "--servers", "at least 2", servers);
      if (speeds.size() != servers) {
        fail(
            "--speeds must give one factor per server: "
                + speeds.size()
                + " factors for --servers "
                + servers);
      }
    }
    common.check(speeds.size() >= 2, "--speeds", "at least 2 factors", speeds.size());
    return speeds;
  }

  private static String speedList(List<Double> factors) {
    return String.join(",", factors.stream().map(QueueTables::number).toList());
  }

  /** Checks the other options, given n; each failure is a one-line usage error. */
  private void check(int n) {
    common.check(lambda > 0 && lambda < 1, "--lambda", "in (0, 1)", lambda);
    common.check(requests >= 100, "--requests", "at least 100", requests);
    common.check(
        d >= 1 && d <= 64 && d <= n, "--d", "from 1 to 64 and at most --servers (" + n + ")", d);
    for (double board : boards) {
      common.check(
          board >= 0 && !Double.isInfinite(board), "--board periods", "finite and >= 0", board);
    }
    for (int theory : theoryServers) {
      if (theory < d) {
        fail("--theory-servers must each be at least --d (" + d + "): " + theory);
      }
    }
  }

  private void fail(String message) {
    throw new ParameterException(spec.commandLine(), message);
  }

  /** The rows of the sizes table: the built-in sources, and the chosen file if it is one. */
  private List<JobSizes> sizeRows(JobSizes chosen) {
    List<JobSizes> rows = new ArrayList<>();
    for (String builtIn : List.of("web", "heavy", "exponential")) {
      rows.add(chosen.name().equals(builtIn) ? chosen : readSizes(builtIn));
    }
    if (!rows.contains(chosen)) {
      rows.add(chosen);
    }
    return rows;
  }

  /** Resolves a --sizes value; turns every failure into a one-line usage error. */
  private JobSizes readSizes(String value) {
    try {
      return JobSizes.of(value);
    } catch (NoSuchFileException e) {
      throw new ParameterException(
          spec.commandLine(),
          "--sizes: expected exponential, web, heavy or a file, and there is no file " + value,
          e);
    } catch (IOException e) {
      throw new ParameterException(
          spec.commandLine(), "cannot read " + value + ": " + PlaceCommand.reason(e), e);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--sizes: " + e.getMessage(), e);
    }
  }

  /** {@code queue --policies}. */
  static final class Balancers extends EnumNames<Balancer> {
    Balancers() {
      super(Balancer.class);
    }
  }

  /** {@code queue --draws}. */
  static final class DrawsNames extends EnumNames<Policy.Draws> {
    DrawsNames() {
      super(Policy.Draws.class);
    }
  }

  /** {@code queue --tables}. */
  static final class Tables extends EnumNames<QueueTable> {
    Tables() {
      super(QueueTable.class);
    }
  }
}
