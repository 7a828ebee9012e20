/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.common;

import java.io.Console;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Optional;
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

  /** Whether to show progress: not with {@code --quiet}, and only in an interactive session. */
  private boolean showsProgress() {
    return !quiet && interactive();
  }

  /**
   * Whether the input and output are a terminal, so a run whose output goes to a file or a pipe (a
   * script, a CI log) prints no progress lines. Java cannot ask whether the error stream is a
   * terminal; the system console stands in for it. Up to Java 21, {@link System#console()} returns
   * a console only when the input and output are a terminal. From Java 22 it may return one for
   * redirected streams too, and its {@code isTerminal()} tells; Java 17 has no such method, so it
   * is looked up by reflection. Cost: one method lookup per command.
   */
  private static boolean interactive() {
    return Optional.ofNullable(System.console()).map(CommonOptions::isTerminal).orElse(false);
  }

  private static boolean isTerminal(Console console) {
    Method isTerminal;
    try {
      isTerminal = Console.class.getMethod("isTerminal");
    } catch (NoSuchMethodException e) {
      return true; // before Java 22, a console exists only on a terminal
    }
    try {
      return (Boolean) isTerminal.invoke(console);
    } catch (ReflectiveOperationException e) {
      throw new LinkageError("cannot call Console.isTerminal()", e);
    }
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
