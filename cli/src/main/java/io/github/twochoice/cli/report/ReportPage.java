/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.report;

import io.github.twochoice.cli.figure.ChartCsv;
import io.github.twochoice.cli.figure.Figure;
import io.github.twochoice.cli.figure.ReportSettings;
import io.github.twochoice.cli.figure.Section;
import io.github.twochoice.cli.figure.SvgChart;
import io.github.twochoice.cli.queue.QueueFigures;
import io.github.twochoice.cli.queue.QueueTables;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the report as one self-contained HTML page: a header with the library version, the date
 * and every parameter of the run, then each section's charts as inline SVG, each with its caption
 * and a link that downloads its data as CSV (a {@code data:} URI). No script, nothing fetched: a
 * student can open the file offline.
 */
final class ReportPage {
  private ReportPage() {}

  /** The parameters the header lists: the library version, the date, then every setting. */
  static List<String[]> parameters(ReportSettings settings, String version, LocalDate date) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"twochoice version", version});
    rows.add(new String[] {"date", date.toString()});
    rows.addAll(settings.describe());
    rows.add(
        new String[] {
          "proxies of the placement charts", Integer.toString(ReportCommand.PLACEMENT_NODES)
        });
    rows.add(
        new String[] {
          "servers and utilisation of the load-balancing charts",
          QueueFigures.SERVERS + " at λ = " + QueueTables.number(QueueFigures.LAMBDA)
        });
    rows.add(
        new String[] {
          "servers of the queue-length tail chart", Integer.toString(QueueFigures.TAIL_SERVERS)
        });
    rows.add(
        new String[] {
          "board period of the stale-board chart",
          QueueTables.number(QueueFigures.BOARD_MILLIS) + " ms"
        });
    return rows;
  }

  static String html(List<Section> sections, List<String[]> parameters) {
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>twochoice: the power of two choices</title>\n")
        .append("<style>body{font-family:sans-serif;max-width:760px;margin:2em auto;color:#222}")
        .append("figure{margin:2em 0}figcaption{font-size:90%;color:#444;margin-top:.5em}")
        .append("table.parameters{border-collapse:collapse;font-size:90%}")
        .append("table.parameters th,table.parameters td{text-align:left;padding:1px 8px}")
        .append("a.data{font-size:90%}</style>\n</head>\n<body>\n")
        .append("<h1>The power of two choices</h1>\n")
        .append("<p>Made by <code>twochoice report</code>: every figure is measured by the")
        .append(" project's own simulations, maps and placements, next to what theory predicts.")
        .append(" The same version and parameters give the same figures. Under each chart, a")
        .append(" link downloads its data as CSV.</p>\n")
        .append("<table class=\"parameters\">\n");
    for (String[] parameter : parameters) {
      html.append("<tr><th scope=\"row\">")
          .append(SvgChart.escape(parameter[0]))
          .append("</th><td>")
          .append(SvgChart.escape(parameter[1]))
          .append("</td></tr>\n");
    }
    html.append("</table>\n");
    for (Section section : sections) {
      html.append("<h2>")
          .append(SvgChart.escape(section.heading()))
          .append("</h2>\n<p>")
          .append(SvgChart.escape(section.intro()))
          .append("</p>\n");
      for (Figure figure : section.figures()) {
        html.append("<figure>\n")
            .append(new SvgChart(figure.chart()).render())
            .append("<figcaption>")
            .append(SvgChart.escape(figure.caption()))
            .append(" <a class=\"data\" download=\"")
            .append(ChartCsv.fileName(figure.chart()))
            .append("\" href=\"")
            .append(ChartCsv.dataUri(figure.chart()))
            .append("\">Data (CSV)</a></figcaption>\n</figure>\n");
      }
    }
    return html.append("</body>\n</html>\n").toString();
  }
}
