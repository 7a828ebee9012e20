/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.common;

import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The options every experiment shares: the seed and the output format. */
public final class CommonOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  /** The seed of every random choice of the command (option {@code --seed}). */
  @Option(
      names = "--seed",
      defaultValue = "2026",
      description = "Seed of every random choice (default: ${DEFAULT-VALUE}).")
  public long seed;

  @Option(names = "--csv", description = "Print CSV instead of an aligned table.")
  boolean csv;

  @Option(
      names = "--quiet",
      description =
          "No progress lines on the error stream (they appear only on a terminal anyway).")
  boolean quiet;

  /**
   * Throws a one-line usage error, "{@code option} must be {@code rule}: {@code value}", unless
   * {@code valid}.
   *
   * @param valid whether the value is allowed
   * @param option the option's name, for example {@code --n}
   * @param rule what the option must be, for example "at least 1"
   * @param value the value given
   */
  public void check(boolean valid, String option, String rule, Object value) {
    if (!valid) {
      throw new ParameterException(spec.commandLine(), option + " must be " + rule + ": " + value);
    }
  }

  /**
   * The command's standard output.
   *
   * @return the writer
   */
  public PrintWriter out() {
    return spec.commandLine().getOut();
  }

  /**
   * A progress line on the error stream, shown only in an interactive session without {@code
   * --quiet}.
   *
   * @param label what is running
   * @param total the number of steps
   * @return the progress, which the caller finishes
   */
  public Progress progress(String label, long total) {
    return new Progress(spec.commandLine().getErr(), label, total, showsProgress());
  }

  /**
   * Whether to show progress: not with {@code --quiet}, and only in an interactive session. Java 17
   * cannot ask whether the error stream is a terminal; {@link System#console()}, non-null when the
   * input and output are, stands in for it, so a run whose output goes to a file or a pipe (a
   * script, a CI log) prints no progress lines.
   */
  private boolean showsProgress() {
    return !quiet && System.console() != null;
  }

  /**
   * Prints a table, aligned or as CSV ({@code --csv}).
   *
   * @param table the table
   */
  public void print(Table table) {
    table.print(out(), csv);
  }

  /**
   * Prints a line about the tables that follow; in CSV, as a comment line "# text".
   *
   * @param text the line
   */
  public void note(String text) {
    out().println(csv ? "# " + text : text);
  }

  /**
   * Prints one of several tables of a command: a blank line, a title line ("# title" in CSV), the
   * table.
   *
   * @param title the table's title
   * @param table the table
   */
  public void section(String title, Table table) {
    out().println();
    note(title);
    print(table);
  }
}
