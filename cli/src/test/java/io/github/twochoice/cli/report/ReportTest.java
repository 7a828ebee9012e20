/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.report;

import static io.github.twochoice.cli.figure.ChartAssertions.assertDrawnInsideTheAxes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.balls.BallsFigures;
import io.github.twochoice.cli.common.BuildVersion;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.ChartCsv;
import io.github.twochoice.cli.figure.Figure;
import io.github.twochoice.cli.figure.ReportSettings;
import io.github.twochoice.cli.figure.Section;
import io.github.twochoice.cli.maps.MapFigures;
import io.github.twochoice.cli.place.PlacementFigures;
import io.github.twochoice.cli.place.PlacementStudy;
import io.github.twochoice.cli.queue.QueueFigures;
import io.github.twochoice.cli.weblog.AccessLogReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The report page: every section's charts drawn inside their axes, a header, each chart's CSV. */
class ReportTest {
  private static final ReportSettings QUICK = ReportSettings.quick(2026);
  private static List<Section> sections;

  @BeforeAll
  static void buildQuickReport() throws IOException {
    Progress silent = new Progress(new PrintWriter(new StringWriter()), "test", 0, false);
    sections =
        List.of(
            BallsFigures.section(QUICK, silent),
            MapFigures.section(QUICK, silent),
            PlacementFigures.section(PlacementStudy.run(AccessLogReader.readBundled(null), 8)),
            QueueFigures.section(
                AccessLogReader.readBundled(null),
                QUICK.queueRequests(),
                QUICK.seedsPerPoint(),
                QUICK.seed()));
  }

  @Test
  void everyChartIsDrawnInsideItsAxesWithATitleAndEverySeries() {
    int charts = 0;
    for (Section section : sections) {
      for (Figure figure : section.figures()) {
        assertDrawnInsideTheAxes(figure.chart());
        charts++;
      }
    }
    assertEquals(13, charts);
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
    assertEquals(ReportSettings.class.getRecordComponents().length, QUICK.describe().size());
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
    String maxLoad =
        ChartCsv.csv(sections.get(0).figures().get(0).chart()).lines().findFirst().orElseThrow();
    assertEquals(
        "series,style,n (balls = bins),\"maximum load: mean, lowest to highest run\",lowest,highest",
        maxLoad);
  }
}
