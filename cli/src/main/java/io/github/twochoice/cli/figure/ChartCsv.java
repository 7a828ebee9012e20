/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.figure;

import io.github.twochoice.cli.common.EnumNames;
import io.github.twochoice.cli.common.Table;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The data behind a {@link Chart} as CSV, one row per point: the series, x and y under the axes'
 * labels, and the lowest and highest run where the chart has spreads. The report links it as a
 * {@code data:} URI, so the page needs no script and no server to offer it for download.
 */
public final class ChartCsv {
  private ChartCsv() {}

  /**
   * The chart's points as CSV text.
   *
   * @param chart the chart
   * @return one header line, then a line per point of every series
   */
  public static String csv(Chart chart) {
    boolean spread = chart.series().stream().anyMatch(Chart.Series::hasSpread);
    List<String> header =
        new ArrayList<>(List.of("series", "style", chart.x().label(), chart.y().label()));
    if (spread) {
      header.addAll(List.of("lowest", "highest"));
    }
    Table table = new Table(header.toArray(new String[0]));
    for (Chart.Series s : chart.series()) {
      double[] xs = s.xs();
      double[] ys = s.ys();
      for (int i = 0; i < xs.length; i++) {
        List<Object> cells =
            new ArrayList<>(
                List.of(s.name(), EnumNames.name(s.style()), number(xs[i]), number(ys[i])));
        if (spread) {
          cells.add(s.hasSpread() ? number(s.lows()[i]) : "");
          cells.add(s.hasSpread() ? number(s.highs()[i]) : "");
        }
        table.row(cells.toArray());
      }
    }
    StringWriter text = new StringWriter();
    table.print(new PrintWriter(text), true);
    return text.toString();
  }

  /**
   * The CSV as a {@code data:text/csv} URI, percent-encoded as UTF-8.
   *
   * @param chart the chart
   * @return the URI
   */
  public static String dataUri(Chart chart) {
    return "data:text/csv;charset=utf-8,"
        + URLEncoder.encode(csv(chart), StandardCharsets.UTF_8).replace("+", "%20");
  }

  /**
   * A file name for the download: the chart's title in lower case, words joined by hyphens.
   *
   * @param chart the chart
   * @return the file name, for example {@code twochoice-maximum-load-of-n-balls-in-n-bins.csv}
   */
  public static String fileName(Chart chart) {
    String slug =
        chart
            .title()
            .toLowerCase(Locale.ROOT)
            .replaceAll("[^a-z0-9]+", "-")
            .replaceAll("^-|-$", "");
    return "twochoice-" + slug + ".csv";
  }

  /** Whole numbers without a fraction, others as Java prints a double (exact, parseable). */
  private static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }
}
