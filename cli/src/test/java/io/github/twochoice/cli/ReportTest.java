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
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The report's charts hold the right series, axes and points, and the page offers their data. */
class ReportTest {
  private static final Report.Settings QUICK = Report.Settings.quick(2026);
  private static List<Report.Figure> figures;
  private static Report.Section maps;
  private static PlacementStudy study;
  private static Report.Section placement;
  private static Report.Section balancing;
  private static List<Report.Section> sections;

  @BeforeAll
  static void buildQuickReport() throws IOException {
    Progress silent = new Progress(new PrintWriter(new StringWriter()), "test", 0, false);
    figures = Report.figures(QUICK, silent);
    maps = MapFigures.section(QUICK, silent);
    study = PlacementStudy.run(AccessLogReader.readBundled(null), 8);
    placement = PlacementFigures.section(study);
    balancing =
        QueueFigures.section(
            study.log(), QUICK.queueRequests(), QUICK.seedsPerPoint(), QUICK.seed());
    sections =
        List.of(new Report.Section("Balls into bins", "", figures), maps, placement, balancing);
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
  void histogramChartHasAllFourMaps() {
    Chart chart = maps.figures().get(0).chart();
    assertTrue(chart.y().log());
    assertEquals(
        List.of(
            "OneChoiceHashMap",
            "OneChoiceHashMap theory",
            "TwoChoiceHashMap",
            "TwoChoiceHashMap theory",
            "DLeftHashMap",
            "DLeftHashMap theory",
            "CuckooHashMap"),
        names(chart));
    Chart.Series one = chart.series("OneChoiceHashMap");
    Chart.Series two = chart.series("TwoChoiceHashMap");
    double longestOne = one.xs()[one.xs().length - 1];
    double longestTwo = two.xs()[two.xs().length - 1];
    assertTrue(longestTwo <= 4 && longestOne > longestTwo, longestOne + " vs " + longestTwo);
    assertTrue(chart.series("TwoChoiceHashMap theory").xs().length >= 3);
    // Fractions of buckets: each map's add up to 1; a cuckoo bucket holds at most its 8 slots.
    for (String map : List.of("OneChoiceHashMap", "DLeftHashMap", "CuckooHashMap")) {
      assertEquals(1, Arrays.stream(chart.series(map).ys()).sum(), 1e-9, map);
    }
    double[] cuckoo = chart.series("CuckooHashMap").xs();
    assertTrue(cuckoo[cuckoo.length - 1] <= 8, Arrays.toString(cuckoo));
  }

  @Test
  void hashFamilyChartShowsTheIdentityHashFailingOnSequentialKeys() {
    Chart chart = maps.figures().get(1).chart();
    assertEquals(List.of("strong_mixer", "multiply_shift", "tabulation", "identity"), names(chart));
    assertTrue(chart.x().log() && chart.y().log());
    int last = QUICK.hashKeys().size() - 1;
    // Tabulation and the strong mixer behave like random functions whatever the seed: about 1.5
    // probes, a narrow band.
    for (String family : List.of("strong_mixer", "tabulation")) {
      Chart.Series s = chart.series(family);
      assertArrayEquals(new double[] {100, 1000, 10_000}, s.xs());
      for (int i = 0; i < s.xs().length; i++) {
        assertTrue(s.lows()[i] >= 1 && s.highs()[i] < 2, family + " at " + s.xs()[i]);
      }
      assertTrue(s.highs()[last] - s.lows()[last] < 0.05, family);
    }
    // Multiply-shift on consecutive keys depends on its multiplier: a band far wider.
    Chart.Series multiplyShift = chart.series("multiply_shift");
    assertTrue(
        multiplyShift.highs()[last] - multiplyShift.lows()[last] > 0.5,
        Arrays.toString(multiplyShift.lows()) + " " + Arrays.toString(multiplyShift.highs()));
    // The identity hash piles the keys into the overflow area: ten times the probes, any seed.
    Chart.Series identity = chart.series("identity");
    for (int i = 0; i < identity.xs().length; i++) {
      assertTrue(
          identity.lows()[i] > 10 * chart.series("strong_mixer").highs()[i],
          Arrays.toString(identity.ys()));
    }
  }

  @Test
  void subtableChartShowsTheLeftSubtablesFillingFirst() {
    Chart chart = maps.figures().get(2).chart();
    assertEquals(List.of("d = 2", "d = 3", "d = 4"), names(chart));
    for (Chart.Series s : chart.series()) {
      double[] shares = s.ys();
      assertEquals(1, Arrays.stream(shares).sum(), 1e-9, s.name());
      for (int t = 1; t < shares.length; t++) {
        assertTrue(s.lows()[t - 1] > s.highs()[t], s.name() + ": " + Arrays.toString(shares));
      }
    }
    // d = 2 at one key per 8-slot bucket: about 61 % left, 39 % right (the demo at 10^6).
    assertEquals(0.61, chart.series("d = 2").ys()[0], 0.03);
  }

  @Test
  void svgCarriesEverySeriesAndAxis() {
    String svg = new SvgChart(chart(0)).render();
    for (Chart.Series s : chart(0).series()) {
      assertTrue(svg.contains("data-series=\"" + s.name() + "\""), s.name());
    }
    assertTrue(svg.contains("data-axis=\"x\"") && svg.contains("data-axis=\"y\""));
    assertTrue(svg.contains(">1e4<") || svg.contains(">10000<"), "a decade tick on the log axis");
    assertEquals(List.of(0.0, 2.0, 4.0, 6.0, 8.0, 10.0), SvgChart.ticks(0, 10, false, false));
    assertEquals(List.of(10.0, 100.0, 1000.0), SvgChart.ticks(10, 1000, true, false));
    assertEquals(List.of(1.0, 1.5, 2.0, 2.5, 3.0), SvgChart.ticks(1, 3, false, false));
    assertEquals(List.of(1.0, 2.0, 3.0), SvgChart.ticks(1, 3, false, true)); // subtables 1 to 3
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

  @Test
  void theRunChartsShowTheirSpread() {
    // The cuckoo chart shows every run as a step of its curve; these show a mean and a band.
    List<Chart> withRuns = List.of(chart(0), chart(1), balancing.figures().get(1).chart());
    for (Chart chart : withRuns) {
      for (Chart.Series s : chart.series()) {
        if (s.style() == Chart.Style.MEASURED) {
          assertTrue(s.hasSpread(), chart.title() + ": " + s.name());
          double[] ys = s.ys();
          for (int i = 0; i < ys.length; i++) {
            assertTrue(
                s.lows()[i] <= ys[i] && ys[i] <= s.highs()[i],
                chart.title() + ", " + s.name() + " at " + i);
          }
        }
      }
    }
    // Layers: at layer 3 of one choice, three runs of 10^4 bins differ (s_3 = 0.080, sd 0.0027).
    Chart.Series one = chart(1).series("1 choice");
    assertTrue(one.lows()[2] < one.highs()[2], one.lows()[2] + " vs " + one.highs()[2]);
  }

  @Test
  void everyChartIsDrawnInsideItsAxesWithATitleAndEverySeries() {
    int charts = 0;
    for (Report.Section section : sections) {
      for (Report.Figure figure : section.figures()) {
        assertDrawnInsideTheAxes(figure.chart());
        charts++;
      }
    }
    assertEquals(13, charts);
  }

  /**
   * Renders a chart and checks every series group, every marker, line and band: all coordinates
   * finite and inside the plot area, a title and an aria-label, and one group per series.
   */
  private static void assertDrawnInsideTheAxes(Chart chart) {
    String svg = new SvgChart(chart).render();
    String title = SvgChart.escape(chart.title());
    assertTrue(svg.contains("aria-label=\"" + title + "\""), title);
    assertTrue(svg.contains("<title>" + title + "</title>"), title);
    assertFalse(svg.contains("NaN") || svg.contains("Infinity"), title);
    Matcher plot =
        Pattern.compile(
                "<rect class=\"plot\" x=\"(\\d+)\" y=\"(\\d+)\" width=\"(\\d+)\""
                    + " height=\"(\\d+)\"")
            .matcher(svg);
    assertTrue(plot.find(), svg);
    double left = Double.parseDouble(plot.group(1));
    double top = Double.parseDouble(plot.group(2));
    double right = left + Double.parseDouble(plot.group(3));
    double bottom = top + Double.parseDouble(plot.group(4));
    String[] groups = svg.split("<g class=\"series\" ", -1);
    assertEquals(chart.series().size(), groups.length - 1, title);
    for (Chart.Series s : chart.series()) {
      assertTrue(svg.contains("data-series=\"" + SvgChart.escape(s.name()) + "\""), s.name());
    }
    Pattern coordinates =
        Pattern.compile("(?:cx=\"([^\"]+)\" cy=\"([^\"]+)\")|(?: points=\"([^\"]+)\")");
    for (int g = 1; g < groups.length; g++) {
      String group = groups[g].substring(0, groups[g].indexOf("</g>"));
      Matcher m = coordinates.matcher(group);
      int points = 0;
      while (m.find()) {
        List<String> pairs =
            m.group(3) != null
                ? List.of(m.group(3).split(" "))
                : List.of(m.group(1) + "," + m.group(2));
        for (String pair : pairs) {
          String[] xy = pair.split(",");
          double x = Double.parseDouble(xy[0]);
          double y = Double.parseDouble(xy[1]);
          assertTrue(x >= left - 0.05 && x <= right + 0.05, title + ": x " + x + " in " + group);
          assertTrue(y >= top - 0.05 && y <= bottom + 0.05, title + ": y " + y + " in " + group);
          points++;
        }
      }
      assertTrue(points > 0, title + ": an empty series group " + group);
    }
  }

  @Test
  void thePageHasAHeaderWithEveryParameterAndEachChartsDataAsCsv() {
    List<String[]> parameters =
        ReportPage.parameters(QUICK, BuildVersion.version(), LocalDate.of(2026, 3, 1));
    String html = ReportPage.html(sections, parameters);
    assertTrue(
        html.contains("<th scope=\"row\">twochoice version</th><td>" + BuildVersion.version()));
    assertTrue(html.contains("<th scope=\"row\">date</th><td>2026-03-01</td>"));
    assertTrue(html.contains("<th scope=\"row\">seed</th><td>2026</td>"));
    assertTrue(html.contains("<td>100, 1000, 10000</td>"), "the hash-family chart's n");
    assertEquals(Report.Settings.class.getRecordComponents().length, QUICK.describe().size());
    Matcher link =
        Pattern.compile("download=\"([^\"]+)\" href=\"data:text/csv;charset=utf-8,([^\"]*)\"")
            .matcher(html);
    List<Chart> charts = new ArrayList<>();
    sections.forEach(s -> s.figures().forEach(f -> charts.add(f.chart())));
    for (Chart chart : charts) {
      assertTrue(link.find(), chart.title());
      assertEquals(ChartCsv.fileName(chart), link.group(1));
      assertTrue(link.group(1).matches("twochoice-[a-z0-9-]+\\.csv"), link.group(1));
      String csv = URLDecoder.decode(link.group(2), StandardCharsets.UTF_8);
      assertEquals(ChartCsv.csv(chart), csv);
      assertTrue(csv.chars().allMatch(c -> c < 128), chart.title() + ":\n" + csv);
      List<String> lines = csv.lines().toList();
      int points = chart.series().stream().mapToInt(s -> s.xs().length).sum();
      assertEquals(1 + points, lines.size(), chart.title());
      assertTrue(lines.get(0).startsWith("series,style,"), lines.get(0));
    }
    assertFalse(link.find(), "one link per chart");
    String maxLoad = ChartCsv.csv(chart(0)).lines().findFirst().orElseThrow();
    assertEquals(
        "series,style,n (balls = bins),\"maximum load: mean, lowest to highest run\",lowest,highest",
        maxLoad);
  }

  private static List<String> names(Chart chart) {
    return chart.series().stream().map(Chart.Series::name).toList();
  }
}
