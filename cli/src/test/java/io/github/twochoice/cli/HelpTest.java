/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.maps.KeyOrder;
import io.github.twochoice.map.HashFamily;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine.ParseResult;

/**
 * The help as a user reads it (tests run without a terminal, so at picocli's default 80 columns):
 * one line per command in the command list, no line wider than 80, examples that parse, and enum
 * values in lower case.
 */
class HelpTest {
  private static final int COLUMNS = 80;

  static List<String> commands() {
    List<String> commands = new ArrayList<>(Main.commandLine().getSubcommands().keySet());
    commands.remove("help");
    return commands;
  }

  @Test
  void theCommandListHasOneLinePerCommand() {
    CommandRun run = CommandRun.of("--help");
    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = run.out().lines().toList();
    List<String> list = lines.subList(lines.indexOf("Commands:") + 1, lines.indexOf(""));
    List<String> names = new ArrayList<>(commands());
    names.add("help");
    assertEquals(names.size(), list.size(), run.out());
    for (int i = 0; i < names.size(); i++) {
      assertTrue(list.get(i).matches("  " + names.get(i) + " +\\S.*\\."), list.get(i));
    }
    assertFits(run.out());
  }

  @ParameterizedTest
  @MethodSource("commands")
  void everyCommandsHelpFitsEightyColumnsAndEndsWithExamplesThatParse(String command) {
    CommandRun run = CommandRun.of(command, "--help");
    assertEquals(0, run.exitCode(), run.err());
    assertFits(run.out());
    List<String> lines = run.out().lines().toList();
    int examples = lines.indexOf("Examples:");
    assertTrue(examples > 0, run.out());
    List<String> footer = lines.subList(examples + 1, lines.size());
    assertFalse(footer.isEmpty(), run.out());
    for (String example : footer) {
      assertTrue(example.startsWith("  twochoice " + command), example);
      String[] args = example.strip().substring("twochoice ".length()).split(" ");
      ParseResult parsed = Main.commandLine().parseArgs(args); // throws if an example is wrong
      assertEquals(command, parsed.subcommand().commandSpec().name(), example);
    }
  }

  @Test
  void enumValuesAreShownAndReadAsTheUserTypesThem() {
    String maps = words(CommandRun.of("maps", "--help").out());
    assertTrue(maps.contains("strong_mixer, multiply_shift, tabulation, identity"), maps);
    assertTrue(maps.contains("random, sequential"), maps);
    assertTrue(maps.contains("one_choice, two_choice, d_left, cuckoo"), maps);
    assertTrue(words(CommandRun.of("place", "--help").out()).contains("tsv, clf, keys"));
    assertTrue(words(CommandRun.of("queue", "--help").out()).contains("best_of_d_ties_low"));
    for (String command : commands()) {
      String help = CommandRun.of(command, "--help").out();
      assertFalse(help.matches("(?s).*\\b[A-Z]+_[A-Z_]+\\b.*"), command + ":\n" + help);
    }
    ParseResult parsed =
        Main.commandLine()
            .parseArgs("maps", "--hash", "Strong-Mixer,IDENTITY", "--keys", "Sequential")
            .subcommand();
    assertEquals(
        List.of(HashFamily.STRONG_MIXER, HashFamily.IDENTITY),
        parsed.matchedOptionValue("--hash", List.of()));
    assertEquals(KeyOrder.SEQUENTIAL, parsed.matchedOptionValue("--keys", KeyOrder.RANDOM));
  }

  /** The help's text with every line break and indentation a single space. */
  private static String words(String help) {
    return help.replaceAll("\\s+", " ");
  }

  private static void assertFits(String help) {
    for (String line : help.lines().toList()) {
      assertTrue(line.length() <= COLUMNS, line.length() + " columns: " + line);
    }
  }
}
