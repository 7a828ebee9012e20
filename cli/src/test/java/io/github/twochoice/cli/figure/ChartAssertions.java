/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Assertions on charts that the tests of every section of the report share. */
public final class ChartAssertions {
  private ChartAssertions() {}

  /**
   * Checks that a chart renders with its label and every series, each of at least {@code minPoints}
   * finite points with non-negative values.
   */
  public static void assertRendersFinitePoints(Chart chart, int minPoints) {
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

  /**
   * Renders a chart and checks every series group, every marker, line and band: all coordinates
   * finite and inside the plot area, a title and an aria-label, and one group per series.
   */
  public static void assertDrawnInsideTheAxes(Chart chart) {
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
          String[] xy = pair.split(",", -1);
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

  /** Checks that every measured series of a chart has a band around its values. */
  public static void assertShowsSpread(Chart chart) {
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

  /** The names of a chart's series, in order. */
  public static List<String> names(Chart chart) {
    return chart.series().stream().map(Chart.Series::name).toList();
  }
}
