/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The report's charts hold the right series, axes and points. */
class ReportTest {
  private static List<Report.Figure> figures;

  @BeforeAll
  static void buildQuickReport() {
    Progress silent = new Progress(new PrintWriter(new StringWriter()), "test", 0);
    figures = Report.figures(Report.Settings.quick(2026), silent);
  }

  private static Chart chart(int index) {
    return figures.get(index).chart();
  }

  @Test
  void maxLoadChartHasEverySchemeBesideItsTheory() {
    Chart chart = chart(0);
    assertTrue(chart.x().log());
    assertFalse(chart.y().log());
    assertEquals(8, chart.series().size());
    Chart.Series two = chart.series("2 choices");
    assertArrayEquals(new double[] {10, 100, 1000, 10_000}, two.xs());
    for (double max : two.ys()) {
      assertTrue(max >= 1 && max <= 4, "two-choice mean max " + max);
    }
    Chart.Series one = chart.series("1 choice");
    assertTrue(one.ys()[3] > two.ys()[3] + 1, "one choice must be far above two at n = 10^4");
    Chart.Series theory = chart.series("2 choices theory");
    assertEquals(Chart.Style.THEORY, theory.style());
    assertEquals(Math.log(Math.log(1000)) / Math.log(2), theory.ys()[2], 1e-12);
  }

  @Test
  void layerChartIsLogarithmicAndMatchesTheFluidLimit() {
    Chart chart = chart(1);
    assertTrue(chart.y().log());
    Chart.Series measured = chart.series("2 choices");
    Chart.Series theory = chart.series("2 choices theory");
    assertEquals(1, measured.xs()[0]);
    // n = 10^4: layer 2 is 22.9 % by the fluid limit, +-6 standard deviations (2.5 points).
    assertEquals(theory.ys()[1], measured.ys()[1], 0.025);
    for (double y : measured.ys()) {
      assertTrue(y > 0, "a log axis shows only positive fractions");
    }
  }

  @Test
  void cuckooChartShowsTheTransitionAndTheThresholds() {
    Chart chart = chart(2);
    Chart.Series pairs = chart.series("(2,1)");
    assertEquals(0.40, pairs.xs()[0], 1e-12);
    assertEquals(1.0, pairs.xs()[pairs.xs().length - 1], 1e-12);
    // Tables of 1024 cells: at load 0.40 nearly every (2,1) table fits, at 0.70 none does.
    assertTrue(pairs.ys()[0] >= 0.8, "(2,1) at 0.40: " + pairs.ys()[0]);
    assertEquals(0, pairs.ys()[15], "(2,1) at 0.70");
    Chart.Series threshold = chart.series("(2,4) theory");
    assertArrayEquals(new double[] {0.9804, 0.9804}, threshold.xs(), 1e-4);
    assertArrayEquals(new double[] {0, 1}, threshold.ys());
  }

  @Test
  void histogramChartComparesOneAndTwoChoices() {
    Chart chart = chart(3);
    assertTrue(chart.y().log());
    Chart.Series one = chart.series("OneChoiceHashMap");
    Chart.Series two = chart.series("TwoChoiceHashMap");
    double longestOne = one.xs()[one.xs().length - 1];
    double longestTwo = two.xs()[two.xs().length - 1];
    assertTrue(longestTwo <= 4 && longestOne > longestTwo, longestOne + " vs " + longestTwo);
    assertTrue(chart.series("TwoChoiceHashMap theory").xs().length >= 3);
  }

  @Test
  void svgCarriesEverySeriesAndAxis() {
    String svg = new SvgChart(chart(0)).render();
    for (Chart.Series s : chart(0).series()) {
      assertTrue(svg.contains("data-series=\"" + s.name() + "\""), s.name());
    }
    assertTrue(svg.contains("data-axis=\"x\"") && svg.contains("data-axis=\"y\""));
    assertTrue(svg.contains(">1e4<") || svg.contains(">10000<"), "a decade tick on the log axis");
    assertEquals(List.of(0.0, 2.0, 4.0, 6.0, 8.0, 10.0), SvgChart.ticks(0, 10, false));
    assertEquals(List.of(10.0, 100.0, 1000.0), SvgChart.ticks(10, 1000, true));
  }
}
