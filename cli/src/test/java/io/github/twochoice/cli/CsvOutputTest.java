/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command with {@code --csv} prints plain ASCII (headers, cells and "# title" lines), so that
 * any spreadsheet or script reads it whatever its encoding.
 */
class CsvOutputTest {

  static Stream<Arguments> csvRuns() {
    return Stream.of(
        Arguments.of((Object) new String[] {"balls", "--n", "10,1000", "--trials", "3"}),
        Arguments.of((Object) new String[] {"balls", "--bounds", "--n", "1000"}),
        Arguments.of((Object) new String[] {"layers", "--n", "1000"}),
        Arguments.of((Object) new String[] {"threshold", "--cells", "256", "--trials", "2"}),
        Arguments.of(
            (Object) new String[] {"threshold", "--cells", "256", "--trials", "2", "--sweep"}),
        Arguments.of((Object) new String[] {"maps", "--n", "2000", "--keys", "sequential"}),
        Arguments.of((Object) new String[] {"supermarket"}),
        Arguments.of((Object) new String[] {"place"}),
        Arguments.of(
            (Object)
                new String[] {
                  "queue", "--requests", "2000", "--theory-servers", "10", "--d", "2"
                }));
  }

  @ParameterizedTest
  @MethodSource("csvRuns")
  void printsAsciiOnly(String[] args) {
    String[] withCsv = Stream.concat(Stream.of(args), Stream.of("--csv")).toArray(String[]::new);
    CommandRun run = CommandRun.of(withCsv);
    assertEquals(0, run.exitCode(), run.err());
    run.assertAsciiCsv(args[0]);
  }
}
