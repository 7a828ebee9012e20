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
  private static Report.Section balancing;

  @BeforeAll
  static void buildQuickReport() throws IOException {
    Progress silent = new Progress(new PrintWriter(new StringWriter()), "test", 0, false);
    figures = Report.figures(Report.Settings.quick(2026), silent);
    study = PlacementStudy.run(AccessLogReader.readBundled(null), 8);
    placement = PlacementFigures.section(study);
    balancing =
        QueueFigures.section(
            study.log(),
            Report.Settings.quick(2026).queueRequests(),
            Report.Settings.quick(2026).seed());
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
      assertRendersFinitePoints(figure.chart(), 2);
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

  @Test
  void balancingSectionHasEverySeriesAndNoNaN() {
    List<Report.Figure> charts = balancing.figures();
    assertEquals(3, charts.size());
    assertEquals(
        List.of(
            "random",
            "round robin",
            "best of 2",
            "best of 2, ties low",
            "least loaded",
            "least work",
            "weighted",
            "peak EWMA"),
        names(charts.get(0).chart()));
    assertEquals(
        List.of("1 choice", "1 choice theory", "2 choices", "2 choices theory"),
        names(charts.get(1).chart()));
    assertEquals(List.of("least loaded", "best of 2"), names(charts.get(2).chart()));
    assertTrue(charts.get(0).chart().x().log());
    assertTrue(charts.get(1).chart().y().log());
    assertTrue(balancing.intro().contains("20000 requests"), balancing.intro());
    for (Report.Figure figure : charts) {
      assertRendersFinitePoints(figure.chart(), 6);
    }
  }

  /**
   * Checks that a chart renders with its label and every series, each of at least {@code minPoints}
   * finite points with non-negative values.
   */
  private static void assertRendersFinitePoints(Chart chart, int minPoints) {
    String svg = new SvgChart(chart).render();
    assertTrue(svg.contains("aria-label=\"" + SvgChart.escape(chart.title()) + "\""), svg);
    assertFalse(svg.contains("NaN"), chart.title());
    for (Chart.Series s : chart.series()) {
      assertTrue(s.xs().length >= minPoints, s.name());
      assertTrue(svg.contains("data-series=\"" + s.name() + "\""), s.name());
      for (int i = 0; i < s.xs().length; i++) {
        assertTrue(Double.isFinite(s.xs()[i]) && Double.isFinite(s.ys()[i]), s.name());
        assertTrue(s.ys()[i] >= 0, chart.title() + " / " + s.name() + ": " + s.ys()[i]);
      }
    }
  }

  @Test
  void balancingChartsShowTheEffects() {
    // The distribution: times rise with the fraction answered; best of 2's median is far below
    // random's (measured at 10^6 requests: 0.63 ms against 5.1 ms).
    Chart times = balancing.figures().get(0).chart();
    for (Chart.Series s : times.series()) {
      double[] xs = s.xs();
      for (int i = 1; i < xs.length; i++) {
        assertTrue(xs[i] >= xs[i - 1] && xs[i] >= 0.05, s.name() + " at " + i);
      }
    }
    int median = Arrays.binarySearch(QueueFigures.LEVELS, 0.5);
    double random = times.series("random").xs()[median];
    double bestOfTwo = times.series("best of 2").xs()[median];
    assertTrue(bestOfTwo < random / 3, bestOfTwo + " vs " + random);
    // The tail at 100 servers, 360,000 requests: two choices at i = 3 near λ^7 = 0.478.
    Chart tail = balancing.figures().get(1).chart();
    assertEquals(0.478, tail.series("2 choices").ys()[2], 0.03);
    assertEquals(Math.pow(0.9, 7), tail.series("2 choices theory").ys()[2], 1e-12);
    assertEquals(0.729, tail.series("1 choice").ys()[2], 0.05);
    // The herd: on a board 10 ms old least loaded piles up far longer queues than best of 2.
    Chart stale = balancing.figures().get(2).chart();
    double herd = Arrays.stream(stale.series("least loaded").ys()).max().orElseThrow();
    double pairs = Arrays.stream(stale.series("best of 2").ys()).max().orElseThrow();
    assertTrue(herd > 2 * pairs, herd + " vs " + pairs);
  }

  private static List<String> names(Chart chart) {
    return chart.series().stream().map(Chart.Series::name).toList();
  }
}
