/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The report's charts hold the right series, axes and points. */
class ReportTest {
  private static List<Report.Figure> figures;
  private static PlacementStudy study;
  private static Report.Section placement;

  @BeforeAll
  static void buildQuickReport() throws IOException {
    Progress silent = new Progress(new PrintWriter(new StringWriter()), "test", 0);
    figures = Report.figures(Report.Settings.quick(2026), silent);
    study = PlacementStudy.run(AccessLogReader.readBundled(null), 8);
    placement = PlacementFigures.section(study);
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

  @Test
  void placementSectionHasEverySeriesAndNoNaN() {
    List<Report.Figure> charts = placement.figures();
    assertEquals(4, charts.size());
    List<String> expected = new ArrayList<>();
    for (PlacementScheme scheme : PlacementScheme.values()) {
      expected.add(scheme.label());
    }
    expected.add("mean");
    assertEquals(expected, names(charts.get(0).chart()));
    expected.set(expected.size() - 1, "rendezvous theory");
    assertEquals(expected, names(charts.get(1).chart()));
    assertEquals(
        List.of("log", "naive", "naive theory", "capacity-proportional"),
        names(charts.get(2).chart()));
    assertEquals(
        List.of(
            "no replication",
            "hottest 1 replicated",
            "hottest 5 replicated",
            "hottest 10 replicated",
            "hottest 20 replicated",
            "mean"),
        names(charts.get(3).chart()));
    for (Report.Figure figure : charts) {
      Chart chart = figure.chart();
      String svg = new SvgChart(chart).render();
      assertTrue(svg.contains("aria-label=\"" + SvgChart.escape(chart.title()) + "\""), svg);
      assertFalse(svg.contains("NaN"), chart.title());
      for (Chart.Series s : chart.series()) {
        assertTrue(s.xs().length >= 2, s.name());
        assertTrue(svg.contains("data-series=\"" + s.name() + "\""), s.name());
        for (double y : s.ys()) {
          assertTrue(Double.isFinite(y) && y >= 0, chart.title() + " / " + s.name() + ": " + y);
        }
      }
    }
  }

  @Test
  void placementChartsShowTheGuarantees() {
    // Requests per node add up to the log's requests under every scheme.
    for (Chart.Series s : placement.figures().get(0).chart().series()) {
      if (s.style() == Chart.Style.MEASURED) {
        assertEquals(30_969, Arrays.stream(s.ys()).sum(), 1e-9, s.name());
      }
    }
    // Under rendezvous the survivors receive exactly proxy-3's URLs, and nothing else.
    Chart failure = placement.figures().get(1).chart();
    assertArrayEquals(new double[] {1, 2, 4, 5, 6, 7, 8}, failure.series("rendezvous").xs());
    assertEquals(
        study.run(PlacementScheme.RENDEZVOUS).urls().load("proxy-3"),
        Arrays.stream(failure.series("rendezvous").ys()).sum(),
        1e-9);
    // The naive score gives a node of capacity 4 exactly 223/512 of the keys, capacity 1: 1/512.
    Chart weighted = placement.figures().get(2).chart();
    assertEquals(223 / 512.0, weighted.series("naive theory").ys()[7], 1e-12);
    assertEquals(1 / 512.0, weighted.series("naive theory").ys()[0], 1e-12);
    assertEquals(4 / 16.0, weighted.series("capacity-proportional").ys()[7], 1e-12);
    // Replicating the hottest URLs lowers the busiest node's requests.
    Chart hot = placement.figures().get(3).chart();
    double before = Arrays.stream(hot.series("no replication").ys()).max().orElseThrow();
    double after = Arrays.stream(hot.series("hottest 10 replicated").ys()).max().orElseThrow();
    assertTrue(after < before, before + " -> " + after);
  }

  private static List<String> names(Chart chart) {
    return chart.series().stream().map(Chart.Series::name).toList();
  }
}
