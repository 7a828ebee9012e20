/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The README's demo runs and prints the power of two choices: its measured maxima, in order. It
 * fills every map with 10<sup>6</sup> keys and sweeps the cuckoo thresholds, which takes many
 * seconds: the test is tagged {@code slow} and runs with {@code mvn verify -P integration}.
 */
@Tag("slow")
class DemoTest {
  @Test
  void printsTheMaximaAndTheThresholdTable() {
    PrintStream original = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      System.setOut(capture);
      Demo.main(new String[0]);
    } finally {
      System.setOut(original);
    }
    String out = bytes.toString(StandardCharsets.UTF_8);
    String maxRow =
        out.lines().filter(l -> l.startsWith("max load, measured")).findFirst().orElseThrow();
    int[] maxima =
        Arrays.stream(maxRow.substring("max load, measured".length()).trim().split("\\s+"))
            .mapToInt(Integer::parseInt)
            .toArray();
    assertEquals(5, maxima.length, maxRow);
    assertTrue(maxima[0] >= 7, "one choice: " + maxRow);
    assertTrue(maxima[1] <= 4 && maxima[3] <= 4, "two choices and d-left: " + maxRow);
    for (String layout : new String[] {"(2,1)", "(2,2)", "(2,4)", "(3,1)", "(4,1)"}) {
      assertTrue(out.lines().anyMatch(l -> l.startsWith(layout)), layout + " row missing:\n" + out);
    }
  }
}
