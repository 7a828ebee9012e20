/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;

/**
 * One run of a command in this process, as {@code java -jar cli/target/twochoice.jar args} would
 * run it: the exit code, standard output and standard error.
 *
 * @param exitCode the command's exit code
 * @param out what it printed on standard output
 * @param err what it printed on standard error
 */
public record CommandRun(int exitCode, String out, String err) {
  /** Runs the command line with {@code args}. */
  public static CommandRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = Main.commandLine();
    commandLine.setOut(new PrintWriter(out));
    commandLine.setErr(new PrintWriter(err));
    int code = commandLine.execute(args);
    return new CommandRun(code, out.toString(), err.toString());
  }

  /** The lines of standard output, without the blank lines around them. */
  public List<String> lines() {
    return Arrays.asList(out.strip().split("\n", -1));
  }

  /**
   * Asserts that the run printed CSV in plain ASCII. The demo's and the report's CSV, slow to make,
   * are checked by the tests that run them anyway ({@code DemoCommandTest}, {@code MainTest}).
   *
   * @param command the command's name, for the failure message
   */
  public void assertAsciiCsv(String command) {
    int line = 1;
    for (String text : out.lines().toList()) {
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        assertTrue(c < 128, command + ", line " + line + ", '" + c + "': " + text);
      }
      line++;
    }
    assertTrue(out.lines().anyMatch(l -> l.contains(",")), out);
  }
}
