/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.figure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Draws a {@link Chart} as a standalone SVG element: axes with ticks (powers of ten on a
 * logarithmic axis, about five round values on a linear one), one colour per series family, solid
 * markers (joined by a faint line) for measurements, a faint band from the lowest to the highest
 * run where a series has a spread, dashed lines for theory drawn over them, and a legend. The
 * chart's title is drawn above it, is the {@code aria-label} of the {@code <svg>} and its {@code
 * <title>}; the plot area is the {@code <rect class="plot">}, and each series is a {@code <g>}
 * whose {@code data-series} attribute carries its name, so the drawing can be checked.
 */
public final class SvgChart {
  private static final int WIDTH = 720;
  private static final int HEIGHT = 420;
  private static final int LEFT = 70;
  private static final int RIGHT = 200;
  private static final int TOP = 40;
  private static final int BOTTOM = 55;

  /** Okabe–Ito: distinguishable with every common colour-vision deficiency. */
  private static final String[] COLOURS = {
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000", "#F0E442"
  };

  private final Chart chart;
  private final double xMin;
  private final double xMax;
  private final double yMin;
  private final double yMax;

  /**
   * A drawing of a chart.
   *
   * @param chart the chart
   */
  public SvgChart(Chart chart) {
    this.chart = chart;
    double[] xRange = range(chart, true);
    double[] yRange = range(chart, false);
    this.xMin = xRange[0];
    this.xMax = xRange[1];
    this.yMin = yRange[0];
    this.yMax = yRange[1];
  }

  /** The data range of one axis, widened to whole decades (log) or to include 0 (linear y). */
  private static double[] range(Chart chart, boolean horizontal) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (Chart.Series s : chart.series()) {
      List<double[]> values = new ArrayList<>(List.of(horizontal ? s.xs() : s.ys()));
      if (!horizontal && s.hasSpread()) {
        values.add(s.lows());
        values.add(s.highs());
      }
      for (double[] column : values) {
        for (double v : column) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    if (lo > hi) {
      return new double[] {0, 1};
    }
    boolean log = horizontal ? chart.x().log() : chart.y().log();
    if (log) {
      return new double[] {
        Math.pow(10, Math.floor(Math.log10(lo))), Math.pow(10, Math.ceil(Math.log10(hi)))
      };
    }
    if (!horizontal) {
      lo = Math.min(lo, 0);
    } else if (chart.series().stream().anyMatch(s -> s.style() == Chart.Style.BARS)) {
      lo -= 0.5;
      hi += 0.5;
    }
    return hi > lo ? new double[] {lo, hi} : new double[] {lo - 1, hi + 1};
  }

  /**
   * The chart as an inline SVG element: axes, ticks, a legend, one group per series.
   *
   * @return the SVG
   */
  public String render() {
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d"
                + " %d\" font-family=\"sans-serif\" font-size=\"12\" role=\"img\""
                + " aria-label=\"%s\">%n",
            WIDTH,
            HEIGHT,
            WIDTH,
            HEIGHT,
            escape(chart.title())));
    svg.append("<title>").append(escape(chart.title())).append("</title>\n");
    svg.append(text(LEFT + plotWidth() / 2.0, 22, chart.title(), "middle", "font-size=\"15\""));
    drawAxes(svg);
    List<String> families = new ArrayList<>();
    for (Chart.Series s : chart.series()) {
      String family = family(s.name());
      if (!families.contains(family)) {
        families.add(family);
      }
    }
    List<Chart.Series> bars =
        chart.series().stream().filter(s -> s.style() == Chart.Style.BARS).toList();
    for (Chart.Series s : bars) {
      drawBars(svg, s, colour(families, s), bars.indexOf(s), bars.size());
    }
    // Theory is drawn over the measurements: where they agree, the dashes stay visible.
    for (Chart.Style style : List.of(Chart.Style.MEASURED, Chart.Style.THEORY)) {
      for (Chart.Series s : chart.series()) {
        if (s.style() == style) {
          drawSeries(svg, s, colour(families, s));
        }
      }
    }
    int legendRow = 0;
    for (Chart.Series s : chart.series()) {
      drawLegendEntry(svg, s, colour(families, s), legendRow++);
    }
    svg.append("</svg>\n");
    return svg.toString();
  }

  private static String colour(List<String> families, Chart.Series s) {
    return COLOURS[families.indexOf(family(s.name())) % COLOURS.length];
  }

  /** Series whose names differ only by a " theory" suffix share a colour. */
  private static String family(String name) {
    return name.endsWith(" theory") ? name.substring(0, name.length() - " theory".length()) : name;
  }

  private int plotWidth() {
    return WIDTH - LEFT - RIGHT;
  }

  private int plotHeight() {
    return HEIGHT - TOP - BOTTOM;
  }

  private double px(double x) {
    return LEFT + plotWidth() * fraction(x, xMin, xMax, chart.x().log());
  }

  private double py(double y) {
    return TOP + plotHeight() * (1 - fraction(y, yMin, yMax, chart.y().log()));
  }

  private static double fraction(double v, double lo, double hi, boolean log) {
    return log
        ? (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))
        : (v - lo) / (hi - lo);
  }

  private void drawAxes(StringBuilder svg) {
    int bottom = TOP + plotHeight();
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect class=\"plot\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#444\"/>%n",
            LEFT,
            TOP,
            plotWidth(),
            plotHeight()));
    svg.append("<g class=\"axis\" data-axis=\"x\">\n");
    for (double tick : ticks(xMin, xMax, chart.x().log(), countsOnly())) {
      double x = px(tick);
      svg.append(line(x, bottom, x, bottom + 5, "#444", ""));
      svg.append(text(x, bottom + 18, label(tick), "middle", ""));
    }
    svg.append(text(LEFT + plotWidth() / 2.0, HEIGHT - 12, chart.x().label(), "middle", ""));
    svg.append("</g>\n<g class=\"axis\" data-axis=\"y\">\n");
    for (double tick : ticks(yMin, yMax, chart.y().log(), false)) {
      double y = py(tick);
      svg.append(line(LEFT - 5, y, LEFT, y, "#444", ""));
      svg.append(line(LEFT, y, LEFT + plotWidth(), y, "#ddd", ""));
      svg.append(text(LEFT - 8, y + 4, label(tick), "end", ""));
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"16\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 16 %.1f)\">"
                + "%s</text>%n",
            TOP + plotHeight() / 2.0,
            TOP + plotHeight() / 2.0,
            escape(chart.y().label())));
    svg.append("</g>\n");
  }

  /** Whether every x is a whole number (a layer, a node, a subtable): then so is every x tick. */
  private boolean countsOnly() {
    for (Chart.Series s : chart.series()) {
      for (double x : s.xs()) {
        if (x != Math.rint(x)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Powers of ten on a log axis; about five multiples of 1, 2 or 5 times a power of ten else, whole
   * numbers only if {@code whole}.
   */
  static List<Double> ticks(double lo, double hi, boolean log, boolean whole) {
    List<Double> ticks = new ArrayList<>();
    if (log) {
      for (double t = lo; t <= hi * 1.000001; t *= 10) {
        ticks.add(t);
      }
      return ticks;
    }
    double raw = (hi - lo) / 5;
    double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    double step =
        raw / magnitude < 1.5
            ? magnitude
            : raw / magnitude < 3.5
                ? 2 * magnitude
                : raw / magnitude < 7.5 ? 5 * magnitude : 10 * magnitude;
    if (whole) {
      step = Math.max(step, 1);
    }
    for (double t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
      ticks.add(Math.abs(t) < step * 1e-9 ? 0 : t);
    }
    return ticks;
  }

  private static String label(double v) {
    if (v != 0 && (Math.abs(v) >= 1e5 || Math.abs(v) < 1e-2)) {
      int exponent = (int) Math.round(Math.log10(Math.abs(v)));
      if (Math.abs(Math.abs(v) - Math.pow(10, exponent)) < 1e-9 * Math.abs(v)) {
        return (v < 0 ? "-" : "") + "1e" + exponent;
      }
      return String.format(Locale.ROOT, "%.1e", v);
    }
    String s = String.format(Locale.ROOT, "%.2f", v);
    return s.replaceAll("\\.?0+$", "");
  }

  private void drawSeries(StringBuilder svg, Chart.Series s, String colour) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<g class=\"series\" data-series=\"%s\" data-style=\"%s\" data-points=\"%d\">%n",
            escape(s.name()),
            s.style().name().toLowerCase(Locale.ROOT),
            s.xs().length));
    if (s.hasSpread()) {
      drawSpread(svg, s, colour);
    }
    StringBuilder points = new StringBuilder();
    for (int i = 0; i < s.xs().length; i++) {
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px(s.xs()[i]), py(s.ys()[i])));
    }
    // Measurements: markers joined by a thin faint line; theory: a dashed line drawn over them.
    String stroke =
        s.style() == Chart.Style.THEORY
            ? "stroke-width=\"2\" stroke-dasharray=\"6 4\""
            : "stroke-width=\"1\" stroke-opacity=\"0.45\"";
    svg.append(
        String.format(
            Locale.ROOT,
            "<polyline fill=\"none\" stroke=\"%s\" %s points=\"%s\"/>%n",
            colour,
            stroke,
            points.toString().trim()));
    if (s.style() == Chart.Style.MEASURED) {
      for (int i = 0; i < s.xs().length; i++) {
        svg.append(
            String.format(
                Locale.ROOT,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%s: (%s, %s)"
                    + "</title></circle>%n",
                px(s.xs()[i]),
                py(s.ys()[i]),
                colour,
                escape(s.name()),
                label(s.xs()[i]),
                String.format(Locale.ROOT, "%.4g", s.ys()[i])));
      }
    }
    svg.append("</g>\n");
  }

  /** Series {@code index} of {@code count}: at each x, its bar in its place among the count. */
  private void drawBars(StringBuilder svg, Chart.Series s, String colour, int index, int count) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<g class=\"series\" data-series=\"%s\" data-style=\"bars\" data-points=\"%d\">%n",
            escape(s.name()),
            s.xs().length));
    double slot = 0.8 * (px(1) - px(0)) / count;
    for (int i = 0; i < s.xs().length; i++) {
      double left = px(s.xs()[i]) - 0.4 * (px(1) - px(0)) + index * slot;
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\""
                  + " fill=\"%s\" stroke=\"#000000\" stroke-width=\"0.5\" data-x=\"%s\""
                  + " data-y=\"%s\"><title>%s: %s, %s</title></rect>%n",
              left,
              py(s.ys()[i]),
              slot,
              py(0) - py(s.ys()[i]),
              colour,
              label(s.xs()[i]),
              label(s.ys()[i]),
              escape(s.name()),
              label(s.xs()[i]),
              label(s.ys()[i])));
    }
    svg.append("</g>\n");
  }

  /** A faint band from the lowest to the highest run: along the lows, back along the highs. */
  private void drawSpread(StringBuilder svg, Chart.Series s, String colour) {
    double[] xs = s.xs();
    double[] lows = s.lows();
    double[] highs = s.highs();
    StringBuilder points = new StringBuilder();
    for (int i = 0; i < xs.length; i++) {
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px(xs[i]), py(lows[i])));
    }
    for (int i = xs.length - 1; i >= 0; i--) {
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px(xs[i]), py(highs[i])));
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<polygon class=\"spread\" fill=\"%s\" fill-opacity=\"0.18\" stroke=\"%s\""
                + " stroke-opacity=\"0.35\" points=\"%s\"/>%n",
            colour,
            colour,
            points.toString().trim()));
  }

  private void drawLegendEntry(StringBuilder svg, Chart.Series s, String colour, int row) {
    double x = WIDTH - RIGHT + 15;
    double y = TOP + 10 + 18 * row;
    String dash = s.style() == Chart.Style.THEORY ? "stroke-dasharray=\"6 4\"" : "";
    if (s.style() == Chart.Style.BARS) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" height=\"10\" fill=\"%s\"/>%n",
              x,
              y - 5,
              colour));
      svg.append(text(x + 30, y + 4, s.name(), "start", ""));
      return;
    }
    svg.append(line(x, y, x + 24, y, colour, dash + " stroke-width=\"2\""));
    if (s.style() == Chart.Style.MEASURED) {
      svg.append(
          String.format(
              Locale.ROOT,
              "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>%n",
              x + 12,
              y,
              colour));
    }
    svg.append(text(x + 30, y + 4, s.name(), "start", ""));
  }

  private static String line(
      double x1, double y1, double x2, double y2, String colour, String extra) {
    return String.format(
        Locale.ROOT,
        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" %s/>%n",
        x1,
        y1,
        x2,
        y2,
        colour,
        extra);
  }

  private static String text(double x, double y, String content, String anchor, String extra) {
    return String.format(
        Locale.ROOT,
        "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" %s>%s</text>%n",
        x,
        y,
        anchor,
        extra,
        escape(content));
  }

  /**
   * Escapes text for XML and HTML.
   *
   * @param s the text
   * @return the text with {@code & < > "} and {@code '} escaped
   */
  public static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
