/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.balls;

import io.github.twochoice.cli.common.CommonOptions;
import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.common.Table;
import io.github.twochoice.sim.Scheme;
import io.github.twochoice.theory.Theory;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The distribution of the maximum load of n balls in n bins, per scheme, beside theory. */
@Command(
    name = "balls",
    mixinStandardHelpOptions = true,
    description = {
      "Maximum load of n balls in n bins, per scheme, beside theory.",
      "%nThrow n balls into n bins, many times, with one, two and three choices and 2-left, and"
          + " print the maximum load over the trials beside theory: Gonnet's Gamma^-1(n) - 3/2 for"
          + " one choice, ln ln n / ln d for d choices, ln ln n / (d ln phi_d) for d-left"
          + " ('formula'), and the highest layer the fluid limit expects half a bin to reach"
          + " ('fluid'). With --bounds, print instead the classic one-choice bounds for each n (no"
          + " simulation)."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  twochoice balls",
      "  twochoice balls --n 1000,1000000 --trials 100 --seed 7",
      "  twochoice balls --n 1000 --load 110.5 --csv",
      "  twochoice balls --bounds"
    })
public final class BallsCommand implements Runnable {
  /** Beyond this many balls per bin the fluid limit needs hundreds of layers: not printed. */
  private static final double MAX_FLUID_LOAD = 4;

  @Mixin CommonOptions common;

  @Option(
      names = "--n",
      split = ",",
      defaultValue = "10,100,1000,10000,100000,1000000",
      description = "Numbers of balls (= bins), comma-separated (default: ${DEFAULT-VALUE}).")
  List<Integer> ns;

  @Option(
      names = "--load",
      defaultValue = "1",
      description =
          "Balls per bin (default: ${DEFAULT-VALUE}). Above 1 the formulas, which are for n balls"
              + " in n bins, are not printed; the fluid prediction is printed up to 4.")
  double load;

  @Option(
      names = "--trials",
      defaultValue = "20",
      description = "Trials per n and scheme (default: ${DEFAULT-VALUE}).")
  int trials;

  @Option(
      names = "--bounds",
      description =
          "Print instead, for each n, the one-choice bounds a course derives before Gonnet's:"
              + " round robin's ceil(m/n), the union bound n/k!, Kleinberg and Tardos's"
              + " e*gamma(n) (gamma(n)^gamma(n) = n) with probability >= 1 - 1/n, beside"
              + " Gonnet's Gamma^-1(n) - 3/2 and ln n / ln ln n; then their heavily loaded case,"
              + " m = 16 n ln n balls (mean mu = 16 ln n): the union bounds on a bin below mu/2"
              + " and above 2 mu beside the least and the greatest bin of --trials runs.")
  boolean bounds;

  /** The fewest bins the standard schemes run on: as many as the most choices of one. */
  static final int LEAST_BINS =
      Scheme.STANDARD.stream().mapToInt(Scheme::choices).max().orElseThrow();

  /** The rule of {@code --n} in the error message. */
  static final String LEAST_BINS_RULE =
      "at least " + LEAST_BINS + " (a scheme has " + LEAST_BINS + " choices)";

  @Override
  public void run() {
    for (int n : ns) {
      common.check(n >= LEAST_BINS, "--n", LEAST_BINS_RULE, n);
    }
    common.check(load > 0 && Double.isFinite(load), "--load", "a positive number", load);
    common.check(trials >= 1, "--trials", "at least 1", trials);
    if (bounds) {
      common.print(boundsTable());
      Progress progress = common.progress("balls --bounds", ns.size());
      Table heavy = heavyLoadTable(HeavyLoad.measure(ns, trials, common.seed, progress));
      progress.finish();
      common.section(
          "Heavily loaded (Kleinberg and Tardos 13.46): m = 16 n ln n balls, one choice, "
              + trials
              + " runs; some bin falls below mu/2 or above 2 mu with probability at most the"
              + " union bounds",
          heavy);
      return;
    }
    Progress progress = common.progress("balls", (long) ns.size() * Scheme.STANDARD.size());
    Table table =
        new Table(
            "n",
            "scheme",
            "trials",
            "mean max",
            "lowest",
            "highest",
            "max load x runs",
            "formula",
            "fluid");
    for (MaxLoads row :
        MaxLoads.measure(ns, load, Scheme.STANDARD, trials, common.seed, progress)) {
      table.row(
          row.n(),
          row.scheme().label(),
          trials,
          Format.fixed(row.mean(), 2),
          row.lowest(),
          row.highest(),
          row.describe(),
          Format.fixed(load == 1 ? row.formula() : Double.NaN, 2),
          load <= MAX_FLUID_LOAD ? String.valueOf(row.fluidPrediction()) : "-");
    }
    progress.finish();
    common.print(table);
  }

  /** Kleinberg and Tardos's (13.46): the least and greatest bin at m = 16 n ln n, per n. */
  private static Table heavyLoadTable(List<HeavyLoad> rows) {
    Table table =
        new Table(
            "n",
            "m",
            "mu",
            "mu/2",
            "n*e^(-mu/8)",
            "least: mean",
            "lowest",
            "greatest: mean",
            "highest",
            "2 mu",
            "n*(e/4)^mu");
    for (HeavyLoad row : rows) {
      table.row(
          row.n(),
          row.balls(),
          Format.fixed(row.mean(), 2),
          Format.fixed(row.mean() / 2, 2),
          Format.significant(row.lowBound()),
          Format.fixed(row.meanLeast(), 2),
          row.lowestLeast(),
          Format.fixed(row.meanGreatest(), 2),
          row.highestGreatest(),
          Format.fixed(2 * row.mean(), 2),
          Format.significant(row.highBound()));
    }
    return table;
  }

  /** The classic one-choice bounds for n balls in n bins, one row per n. */
  private Table boundsTable() {
    Table table =
        new Table(
            "n",
            "round robin",
            "union bound k",
            "n/k!",
            "e*gamma(n)",
            "gamma(n)",
            "Gonnet",
            "ln n/ln ln n");
    for (int n : ns) {
      int k = Theory.unionBoundMaxLoad(n);
      table.row(
          n,
          Theory.roundRobinMaxLoad(n, n),
          k,
          Format.fixed(Theory.unionBound(n, k), 3),
          Format.fixed(Theory.kleinbergTardosMaxLoad(n), 2),
          Format.fixed(Theory.kleinbergTardosGamma(n), 2),
          Format.fixed(Theory.gonnetMaxLoad(n), 2),
          Format.fixed(Theory.oneChoiceMaxLoad(n), 2));
    }
    return table;
  }
}
