/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The options every experiment shares: the seed and the output format. */
final class CommonOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--seed",
      defaultValue = "2026",
      description = "Seed of every random choice (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--csv", description = "Print CSV instead of an aligned table.")
  boolean csv;

  /**
   * Throws a one-line usage error, "{@code option} must be {@code rule}: {@code value}", unless
   * {@code valid}.
   */
  void check(boolean valid, String option, String rule, Object value) {
    if (!valid) {
      throw new ParameterException(spec.commandLine(), option + " must be " + rule + ": " + value);
    }
  }

  PrintWriter out() {
    return spec.commandLine().getOut();
  }

  Progress progress(String label, long total) {
    return new Progress(spec.commandLine().getErr(), label, total);
  }

  void print(Table table) {
    table.print(out(), csv);
  }
}
