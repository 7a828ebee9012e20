/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.balls;

import static io.github.twochoice.cli.figure.ChartAssertions.assertShowsSpread;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.Figure;
import io.github.twochoice.cli.figure.ReportSettings;
import io.github.twochoice.cli.figure.SvgChart;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The balls-into-bins charts of the report: series, axes and points beside theory. */
class BallsFiguresTest {
  private static final ReportSettings QUICK = ReportSettings.quick(2026);
  private static List<Figure> figures;

  @BeforeAll
  static void build() throws IOException {
    Progress silent = new Progress(new PrintWriter(new StringWriter()), "test", 0, false);
    figures = BallsFigures.figures(QUICK, silent);
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
    // The spread: whole maxima around the mean; at n = 10^4 every one-choice run lies above
    // every two-choice run.
    for (Chart.Series s : List.of(one, two)) {
      for (int i = 0; i < s.xs().length; i++) {
        double low = s.lows()[i];
        double high = s.highs()[i];
        assertTrue(low <= s.ys()[i] && s.ys()[i] <= high, s.name() + " at " + s.xs()[i]);
        assertEquals(Math.rint(low), low);
        assertEquals(Math.rint(high), high);
      }
    }
    assertTrue(one.lows()[3] > two.highs()[3], one.lows()[3] + " vs " + two.highs()[3]);
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
    Chart.Series pairs = chart.series("(d, b) = (2,1)");
    assertEquals(0.40, pairs.xs()[0], 1e-12);
    assertEquals(1.0, pairs.xs()[pairs.xs().length - 1], 1e-12);
    // Tables of 1024 cells: at load 0.40 nearly every (2,1) table fits, at 0.70 none does.
    assertTrue(pairs.ys()[0] >= 0.8, "(2,1) at 0.40: " + pairs.ys()[0]);
    assertEquals(0, pairs.ys()[15], "(2,1) at 0.70");
    Chart.Series threshold = chart.series("(d, b) = (2,4) theory");
    assertTrue(chart.x().label().contains("b slots") && chart.x().label().contains("d choices"));
    assertArrayEquals(new double[] {0.9804, 0.9804}, threshold.xs(), 1e-4);
    assertArrayEquals(new double[] {0, 1}, threshold.ys());
  }

  @Test
  void svgCarriesEverySeriesAndAxis() {
    String svg = new SvgChart(chart(0)).render();
    for (Chart.Series s : chart(0).series()) {
      assertTrue(svg.contains("data-series=\"" + s.name() + "\""), s.name());
    }
    assertTrue(svg.contains("data-axis=\"x\"") && svg.contains("data-axis=\"y\""));
    assertTrue(svg.contains(">1e4<") || svg.contains(">10000<"), "a decade tick on the log axis");
  }

  @Test
  void theRunChartsShowTheirSpread() {
    // The cuckoo chart shows every run as a step of its curve; these show a mean and a band.
    assertShowsSpread(chart(0));
    assertShowsSpread(chart(1));
    // Layers: at layer 3 of one choice, three runs of 10^4 bins differ (s_3 = 0.080, sd 0.0027).
    Chart.Series one = chart(1).series("1 choice");
    assertTrue(one.lows()[2] < one.highs()[2], one.lows()[2] + " vs " + one.highs()[2]);
  }
}
