/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import io.github.twochoice.cli.balls.BallsCommand;
import io.github.twochoice.cli.balls.LayersCommand;
import io.github.twochoice.cli.balls.ThresholdCommand;
import io.github.twochoice.cli.common.BuildVersion;
import io.github.twochoice.cli.lab.ServeCommand;
import io.github.twochoice.cli.maps.DemoCommand;
import io.github.twochoice.cli.maps.MapsCommand;
import io.github.twochoice.cli.place.PlaceCommand;
import io.github.twochoice.cli.queue.QueueCommand;
import io.github.twochoice.cli.queue.SupermarketCommand;
import io.github.twochoice.cli.report.ReportCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The command line, {@code java -jar target/twochoice.jar <command>}: the balls-into-bins
 * laboratory's experiments (balls, layers, threshold, maps, supermarket), keys placed on servers
 * (place), requests balanced over servers (queue), the HTML report, the teaching lab in the browser
 * (serve), and the demo. Every command takes {@code --seed}, prints an aligned table (or CSV with
 * {@code --csv}) and has {@code --help}: a one-line summary, the options (enum values in lower
 * case, as they are typed) and examples, wrapped to the terminal's width.
 */
@Command(
    name = "twochoice",
    mixinStandardHelpOptions = true,
    versionProvider = BuildVersion.class,
    description = "The power of two choices: experiments, tables and a report.",
    footerHeading = "%nExamples (twochoice stands for java -jar cli/target/twochoice.jar):%n",
    footer = {
      "  twochoice demo",
      "  twochoice balls --n 1000,1000000 --seed 7",
      "  twochoice maps --keys sequential --csv",
      "  twochoice report --out report.html",
      "  twochoice serve --port 0 --open",
      "  twochoice help queue"
    },
    subcommands = {
      DemoCommand.class,
      BallsCommand.class,
      LayersCommand.class,
      ThresholdCommand.class,
      MapsCommand.class,
      SupermarketCommand.class,
      PlaceCommand.class,
      QueueCommand.class,
      ReportCommand.class,
      ServeCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Main implements Runnable {
  @Spec CommandSpec spec;

  private Main() {}

  /**
   * Runs a command and exits with its status.
   *
   * @param args the command and its options
   */
  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The command line with every command registered; tests call {@code execute} on it. */
  static CommandLine commandLine() {
    OneLineErrors errors = new OneLineErrors();
    CommandLine commandLine =
        new CommandLine(new Main())
            .setUsageHelpAutoWidth(true) // the terminal's width, else 80 columns
            .setParameterExceptionHandler(errors)
            .setExecutionExceptionHandler(errors);
    BuildVersion version = new BuildVersion();
    for (CommandLine subcommand : commandLine.getSubcommands().values()) {
      subcommand.getCommandSpec().versionProvider(version); // --version on every command
    }
    return commandLine;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
