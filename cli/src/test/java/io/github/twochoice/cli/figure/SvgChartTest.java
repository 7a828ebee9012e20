/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The axis ticks of a chart: round steps on a linear axis, decades on a log axis. */
class SvgChartTest {
  @Test
  void ticksAreRoundStepsOrDecades() {
    assertEquals(List.of(0.0, 2.0, 4.0, 6.0, 8.0, 10.0), SvgChart.ticks(0, 10, false, false));
    assertEquals(List.of(10.0, 100.0, 1000.0), SvgChart.ticks(10, 1000, true, false));
    assertEquals(List.of(1.0, 1.5, 2.0, 2.5, 3.0), SvgChart.ticks(1, 3, false, false));
    assertEquals(List.of(1.0, 2.0, 3.0), SvgChart.ticks(1, 3, false, true)); // subtables 1 to 3
  }
}
