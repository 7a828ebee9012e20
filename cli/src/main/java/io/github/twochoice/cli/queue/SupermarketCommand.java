/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.cli.common.CommonOptions;
import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Table;
import io.github.twochoice.theory.Theory;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The supermarket model's equilibrium, from theory: queue-length tails and time in system. */
@Command(
    name = "supermarket",
    mixinStandardHelpOptions = true,
    description = {
      "The supermarket model's queue-length tails, from theory.",
      "%nPrint the supermarket model's equilibrium (n servers, arrivals at rate lambda*n, each"
          + " customer joins the shortest of d random queues): the fraction of queues with at"
          + " least i customers, lambda^((d^i - 1)/(d - 1)), and the mean time in system. Theory"
          + " only: no randomness, so --seed changes nothing."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  twochoice supermarket",
      "  twochoice supermarket --lambda 0.9 --d 1,2 --max-length 10 --csv"
    })
public final class SupermarketCommand implements Runnable {
  @Mixin CommonOptions common;

  @Option(
      names = "--lambda",
      split = ",",
      defaultValue = "0.5,0.9,0.99",
      description = "Arrival rates per server, below 1 (default: ${DEFAULT-VALUE}).")
  List<Double> lambdas;

  @Option(
      names = "--d",
      split = ",",
      defaultValue = "1,2,3",
      description = "Choices per customer (default: ${DEFAULT-VALUE}).")
  List<Integer> choices;

  @Option(
      names = "--max-length",
      defaultValue = "5",
      description = "Longest queue length printed (default: ${DEFAULT-VALUE}).")
  int maxLength;

  @Override
  public void run() {
    for (double lambda : lambdas) {
      common.check(lambda > 0 && lambda < 1, "--lambda", "in (0, 1)", lambda);
    }
    for (int d : choices) {
      common.check(d >= 1 && d <= 64, "--d", "from 1 to 64", d);
    }
    common.check(maxLength >= 1, "--max-length", "at least 1", maxLength);
    List<String> header = new ArrayList<>(List.of("lambda", "d", "mean time"));
    for (int i = 1; i <= maxLength; i++) {
      header.add(">=" + i + " %");
    }
    Table table = new Table(header.toArray(new String[0]));
    for (double lambda : lambdas) {
      for (int d : choices) {
        List<Object> cells = new ArrayList<>();
        cells.add(lambda);
        cells.add(d);
        cells.add(Format.fixed(Theory.supermarketMeanTime(lambda, d), 3));
        for (int i = 1; i <= maxLength; i++) {
          cells.add(Format.percent(Theory.supermarketTail(lambda, d, i)));
        }
        table.row(cells.toArray());
      }
    }
    common.print(table);
  }
}
