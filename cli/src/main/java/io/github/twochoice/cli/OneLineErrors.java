/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Bad input never prints a stack trace: a usage error (picocli's own, or a command's check) prints
 * its one-line message and a hint to try {@code --help}; an {@link IllegalArgumentException} or I/O
 * error from the library prints {@code twochoice <command>: <message>}. Both exit with code 2. Any
 * other exception is a bug and keeps picocli's stack trace and exit code 1.
 */
final class OneLineErrors implements IParameterExceptionHandler, IExecutionExceptionHandler {
  @Override
  public int handleParseException(ParameterException ex, String[] args) {
    CommandLine commandLine = ex.getCommandLine();
    commandLine.getErr().println(ex.getMessage());
    commandLine
        .getErr()
        .println("Try '" + commandLine.getCommandSpec().qualifiedName() + " --help'.");
    commandLine.getErr().flush();
    return commandLine.getCommandSpec().exitCodeOnInvalidInput();
  }

  @Override
  public int handleExecutionException(
      Exception ex, CommandLine commandLine, ParseResult parseResult) throws Exception {
    if (!(ex instanceof IllegalArgumentException
        || ex instanceof IOException
        || ex instanceof UncheckedIOException)) {
      throw ex;
    }
    commandLine
        .getErr()
        .println(commandLine.getCommandSpec().qualifiedName() + ": " + ex.getMessage());
    commandLine.getErr().flush();
    return commandLine.getCommandSpec().exitCodeOnInvalidInput();
  }
}
