/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.CommandRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ProgressTest {
  @Test
  void onlyAVisibleProgressPrintsAndOnlyAfterItsQuietPeriod() throws InterruptedException {
    StringWriter shown = new StringWriter();
    StringWriter hidden = new StringWriter();
    Progress visible = new Progress(new PrintWriter(shown), "run", 3, true);
    Progress invisible = new Progress(new PrintWriter(hidden), "run", 3, false);
    visible.step();
    invisible.step();
    assertEquals("", shown.toString(), "nothing during the quiet period");
    Thread.sleep(Progress.QUIET_NANOS / 1_000_000 + 50);
    visible.step();
    invisible.step();
    visible.finish();
    invisible.finish();
    assertTrue(
        shown.toString().endsWith("run: 2/3 done" + System.lineSeparator()), shown.toString());
    assertEquals("", hidden.toString());
  }

  @Test
  void quietIsAcceptedAndPrintsNoProgress() {
    CommandRun run = CommandRun.of("balls", "--n", "100", "--trials", "1", "--quiet");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals("", run.err());
  }
}
