/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.balls;

import io.github.twochoice.cli.common.CommonOptions;
import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Table;
import io.github.twochoice.sim.Scheme;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The layer profile: the fraction of bins with at least i balls, measured beside theory. */
@Command(
    name = "layers",
    mixinStandardHelpOptions = true,
    description = {
      "Fraction of bins with at least i balls, beside the fluid limit.",
      "%nThrow load*n balls into n bins once per scheme and print, for each layer i, the"
          + " percentage of bins holding at least i balls, beside theory: the Poisson tail for one"
          + " choice, the fluid limit for d choices and for d-left."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  twochoice layers",
      "  twochoice layers --n 1000000 --max-layer 5 --seed 7",
      "  twochoice layers --load 4 --max-layer 10 --csv"
    })
public final class LayersCommand implements Runnable {
  @Mixin CommonOptions common;

  @Option(
      names = "--n",
      defaultValue = "100000",
      description = "Number of bins (default: ${DEFAULT-VALUE}).")
  int n;

  @Option(
      names = "--load",
      defaultValue = "1",
      description = "Balls per bin (default: ${DEFAULT-VALUE}).")
  double load;

  @Option(
      names = "--max-layer",
      defaultValue = "6",
      description = "Highest layer printed (default: ${DEFAULT-VALUE}).")
  int maxLayer;

  @Override
  public void run() {
    common.check(n >= BallsCommand.LEAST_BINS, "--n", BallsCommand.LEAST_BINS_RULE, n);
    common.check(load > 0 && Double.isFinite(load), "--load", "a positive number", load);
    common.check(maxLayer >= 1, "--max-layer", "at least 1", maxLayer);
    List<Scheme> schemes = Scheme.STANDARD;
    Layers layers = Layers.measure(n, load, schemes, maxLayer, common.seed);
    List<String> header = new ArrayList<>(List.of("layer"));
    for (Scheme scheme : schemes) {
      header.add(scheme.label() + " %");
      header.add(scheme.choices() == 1 ? "Poisson %" : "fluid %");
    }
    Table table = new Table(header.toArray(new String[0]));
    for (int i = 1; i <= maxLayer; i++) {
      List<Object> cells = new ArrayList<>(List.of(">=" + i));
      for (int s = 0; s < schemes.size(); s++) {
        cells.add(Format.percent(layers.measured(s, i)));
        cells.add(Format.percent(layers.theory(s, i)));
      }
      table.row(cells.toArray());
    }
    common.print(table);
  }
}
