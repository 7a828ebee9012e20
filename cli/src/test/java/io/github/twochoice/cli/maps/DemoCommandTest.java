/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.maps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.CommandRun;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The demo prints the power of two choices, and its seed fixes every figure. */
class DemoCommandTest {
  private static CommandRun seven;

  @BeforeAll
  static void runTheDemoWithSeedSeven() {
    seven = CommandRun.of("demo", "--n", "100000", "--seed", "7", "--csv");
    assertEquals(0, seven.exitCode(), seven.err());
    seven.assertAsciiCsv("demo");
  }

  /** The CSV rows of the section whose "# title" line starts with {@code titlePrefix}. */
  private static List<String> section(CommandRun run, String titlePrefix) {
    for (String block : run.out().split("\n\n", -1)) {
      if (block.startsWith("# " + titlePrefix)) {
        List<String> lines = block.strip().lines().toList();
        return lines.subList(1, lines.size());
      }
    }
    throw new AssertionError("no section '" + titlePrefix + "' in\n" + run.out());
  }

  @Test
  void printsTheMaximaAndTheThresholdTable() {
    assertTrue(
        seven.out().startsWith("# twochoice demo: 100000 random Integer keys into"), seven.out());
    List<String> maps = section(seven, "Each map");
    assertEquals("map,max load,theory,probes hit,probes miss,keys per choice %", maps.get(0));
    assertEquals(6, maps.size(), maps.toString());
    int oneChoice = Integer.parseInt(maps.get(1).split(",", -1)[1]);
    assertTrue(maps.get(1).startsWith("one choice,") && oneChoice >= 6, maps.get(1));
    for (String row : maps.subList(2, 6)) {
      assertTrue(Integer.parseInt(row.split(",", -1)[1]) <= 4, "two or more choices: " + row);
    }
    List<String> thresholds = section(seven, "Cuckoo load threshold");
    assertEquals(6, thresholds.size(), thresholds.toString());
    for (String layout : List.of("(2,1)", "(2,2)", "(2,4)", "(3,1)", "(4,1)")) {
      assertTrue(thresholds.stream().anyMatch(l -> l.startsWith("\"" + layout + "\",")), layout);
    }
  }

  @Test
  void theSameSeedGivesTheSameFiguresAndAnotherSeedOthers() {
    // Small demos (threshold tables of 4096 slots) keep this quick; the seed matters the same way.
    CommandRun first = CommandRun.of("demo", "--n", "5000", "--seed", "7", "--csv");
    assertEquals(first.out(), CommandRun.of("demo", "--n", "5000", "--seed", "7", "--csv").out());
    CommandRun eight = CommandRun.of("demo", "--n", "5000", "--seed", "8", "--csv");
    assertEquals(0, eight.exitCode(), eight.err());
    // Other keys and hash seeds: the layer fractions, probe counts and thresholds differ.
    assertNotEquals(section(first, "Fraction of buckets"), section(eight, "Fraction of buckets"));
    assertNotEquals(section(first, "Each map"), section(eight, "Each map"));
    assertNotEquals(
        section(first, "Cuckoo load threshold"), section(eight, "Cuckoo load threshold"));
    assertTrue(first.out().contains("tables of 4096 slots"), first.out());
  }
}
