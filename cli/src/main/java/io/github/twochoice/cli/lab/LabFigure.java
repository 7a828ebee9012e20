/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.lab;

import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.ChartCsv;
import io.github.twochoice.cli.figure.SvgChart;

/**
 * A chart of the report's kind as a page shows and exports it: the report's own SVG drawing, its
 * data as CSV and the file name to save them under.
 */
final class LabFigure {
  private LabFigure() {}

  /** The chart as a JSON object {@code {title, svg, csv, file}}. */
  static Json.Obj of(Chart chart) {
    return Json.obj()
        .put("title", chart.title())
        .put("svg", new SvgChart(chart).render())
        .put("csv", ChartCsv.csv(chart))
        .put("file", ChartCsv.fileName(chart).replaceAll("\\.csv$", ""));
  }
}
