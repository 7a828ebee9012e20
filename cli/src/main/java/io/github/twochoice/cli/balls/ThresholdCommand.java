/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.balls;

import io.github.twochoice.cli.common.CommonOptions;
import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.common.Table;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The cuckoo load threshold: how full a table gets before the first key that cannot be placed. */
@Command(
    name = "threshold",
    mixinStandardHelpOptions = true,
    description = {
      "Cuckoo tables filled until the first failure, per (d, b).",
      "%nFill cuckoo tables of d choices and b-slot buckets (layout dxb) with keys until the first"
          + " one that cannot be placed (exact insert); print the median load reached beside the"
          + " theoretical threshold, and with --sweep the fraction of trials in which a given load"
          + " fits."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  twochoice threshold",
      "  twochoice threshold --layouts 2x1,3x1 --cells 1048576 --trials 5",
      "  twochoice threshold --layouts 2x4 --sweep --csv"
    })
public final class ThresholdCommand implements Runnable {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin CommonOptions common;

  @Option(
      names = "--layouts",
      split = ",",
      defaultValue = "2x1,2x2,2x4,3x1,4x1",
      description = "Layouts dxb, comma-separated (default: ${DEFAULT-VALUE}).")
  List<String> layouts;

  @Option(
      names = "--cells",
      defaultValue = "32768",
      description = "Slots per table (default: ${DEFAULT-VALUE}).")
  int cells;

  @Option(
      names = "--trials",
      defaultValue = "11",
      description = "Tables filled per layout (default: ${DEFAULT-VALUE}).")
  int trials;

  @Option(
      names = "--sweep",
      description = "Also print the success probability at loads 0.40, 0.42, ..., 1.00.")
  boolean sweep;

  @Override
  public void run() {
    common.check(cells >= 1, "--cells", "at least 1", cells);
    common.check(trials >= 1, "--trials", "at least 1", trials);
    List<int[]> parsed = parseLayouts();
    Progress progress = common.progress("threshold", layouts.size());
    List<Threshold> rows = Threshold.measure(parsed, cells, trials, common.seed, progress);
    progress.finish();
    if (sweep) {
      common.print(sweepTable(rows));
      return;
    }
    Table table = new Table("layout", "cells", "trials", "theory", "median", "lowest", "highest");
    for (Threshold row : rows) {
      table.row(
          row.layout(),
          row.cells(),
          row.trials(),
          Format.fixed(row.theory(), 4),
          Format.fixed(row.median(), 4),
          Format.fixed(row.lowest(), 4),
          Format.fixed(row.highest(), 4));
    }
    common.print(table);
  }

  /** The loads of the success-probability sweep: 0.40 to 1.00 by 0.02. */
  static double[] sweepLoads() {
    double[] loads = new double[31];
    for (int i = 0; i < loads.length; i++) {
      loads[i] = (40 + 2 * i) / 100.0;
    }
    return loads;
  }

  private static Table sweepTable(List<Threshold> rows) {
    List<String> header = new ArrayList<>(List.of("load"));
    for (Threshold row : rows) {
      header.add(row.layout());
    }
    Table table = new Table(header.toArray(new String[0]));
    for (double load : sweepLoads()) {
      List<Object> cells = new ArrayList<>(List.of(Format.fixed(load, 2)));
      for (Threshold row : rows) {
        cells.add(Format.fixed(row.successAt(load), 2));
      }
      table.row(cells.toArray());
    }
    return table;
  }

  private List<int[]> parseLayouts() {
    List<int[]> parsed = new ArrayList<>();
    for (String layout : layouts) {
      String[] parts = layout.trim().split("x", -1);
      try {
        if (parts.length != 2) {
          throw new NumberFormatException(layout);
        }
        parsed.add(new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])});
      } catch (NumberFormatException e) {
        throw new ParameterException(
            spec.commandLine(), "--layouts: expected dxb such as 2x4, got '" + layout + "'", e);
      }
      int[] last = parsed.get(parsed.size() - 1);
      common.check(last[0] >= 2 && last[0] <= 8, "--layouts d", "from 2 to 8", layout);
      common.check(
          last[1] == 1 || last[1] == 2 || last[1] == 4 || last[1] == 8,
          "--layouts b",
          "1, 2, 4 or 8",
          layout);
    }
    return parsed;
  }
}
