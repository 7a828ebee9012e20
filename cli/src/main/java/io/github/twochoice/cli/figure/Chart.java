/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.figure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A chart as data: a title, two axes and named series of (x, y) points, some with the spread of
 * their runs. The report builds charts, {@link SvgChart} draws them and {@link ChartCsv} writes
 * their data; tests read them directly.
 *
 * @param title the chart's title
 * @param x the horizontal axis
 * @param y the vertical axis
 * @param series the series, drawn in order
 */
public record Chart(String title, Axis x, Axis y, List<Series> series) {
  /**
   * A chart of the given series, which it copies.
   *
   * @param title the chart's title
   * @param x the horizontal axis
   * @param y the vertical axis
   * @param series the series, drawn in order
   */
  public Chart {
    series = List.copyOf(series);
  }

  /**
   * Returns the series with the given name.
   *
   * @param name the series' name
   * @return the series
   * @throws IllegalArgumentException if the chart has no series of that name
   */
  public Series series(String name) {
    for (Series s : series) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException("no series named " + name + " in " + title);
  }

  /**
   * An axis: its label and whether it is logarithmic.
   *
   * @param label the label
   * @param log true for a base-10 logarithmic scale
   */
  public record Axis(String label, boolean log) {}

  /** How a series is drawn. */
  public enum Style {
    /** Measured values: markers joined by a solid line. */
    MEASURED,
    /** Theory: a dashed line without markers. */
    THEORY,
    /** Counts at whole x: one bar per series at each x, side by side. */
    BARS
  }

  /**
   * A named series of (x, y) points and how it is drawn, and optionally the spread of each y: the
   * lowest and highest of the runs whose mean y is, drawn as a faint band.
   */
  public static final class Series {
    private final String name;
    private final Style style;
    private final double[] xs;
    private final double[] ys;
    private final double[] lows; // null: a single value per point, no spread
    private final double[] highs;

    Series(String name, Style style, double[] xs, double[] ys) {
      this(name, style, xs, ys, null, null);
    }

    private Series(
        String name, Style style, double[] xs, double[] ys, double[] lows, double[] highs) {
      if (xs.length != ys.length
          || (lows != null && (lows.length != xs.length || highs.length != xs.length))) {
        throw new IllegalArgumentException(name + ": " + xs.length + " xs, " + ys.length + " ys");
      }
      this.name = name;
      this.style = style;
      this.xs = xs.clone();
      this.ys = ys.clone();
      this.lows = lows == null ? null : lows.clone();
      this.highs = highs == null ? null : highs.clone();
    }

    /**
     * Collects points, dropping those a logarithmic y axis cannot show (y &lt;= 0) if asked.
     *
     * @param name the series' name
     * @param style measured or theory
     * @param points the points {x, y}
     * @param positiveOnly whether to drop points with y &lt;= 0
     * @return the series
     */
    public static Series of(String name, Style style, List<double[]> points, boolean positiveOnly) {
      List<double[]> kept = new ArrayList<>();
      for (double[] p : points) {
        if (!positiveOnly || p[1] > 0) {
          kept.add(p);
        }
      }
      double[] xs = new double[kept.size()];
      double[] ys = new double[kept.size()];
      for (int i = 0; i < xs.length; i++) {
        xs[i] = kept.get(i)[0];
        ys[i] = kept.get(i)[1];
      }
      return new Series(name, style, xs, ys);
    }

    /**
     * A measured series of points {x, mean, lowest, highest}: the mean of several runs and their
     * spread.
     *
     * @param name the series' name
     * @param points the points {x, mean, lowest, highest}
     * @return the series
     */
    public static Series spread(String name, List<double[]> points) {
      return spread(name, points, false);
    }

    /**
     * A measured series of points {x, mean, lowest, highest}, dropping those whose lowest run a
     * logarithmic y axis cannot show (lowest &lt;= 0) if asked.
     *
     * @param name the series' name
     * @param points the points {x, mean, lowest, highest}
     * @param positiveOnly whether to drop points whose lowest run is &lt;= 0
     * @return the series
     */
    public static Series spread(String name, List<double[]> points, boolean positiveOnly) {
      List<double[]> kept = new ArrayList<>();
      for (double[] p : points) {
        if (!positiveOnly || p[2] > 0) {
          kept.add(p);
        }
      }
      double[][] columns = new double[4][kept.size()];
      for (int i = 0; i < kept.size(); i++) {
        for (int c = 0; c < 4; c++) {
          columns[c][i] = kept.get(i)[c];
        }
      }
      return new Series(name, Style.MEASURED, columns[0], columns[1], columns[2], columns[3]);
    }

    /**
     * The point {x, mean, lowest, highest} of the values of several runs at x.
     *
     * @param x the point's x
     * @param runs the value of each run at x
     * @return the point
     */
    public static double[] runsAt(double x, double[] runs) {
      return new double[] {
        x,
        Arrays.stream(runs).average().orElseThrow(),
        Arrays.stream(runs).min().orElseThrow(),
        Arrays.stream(runs).max().orElseThrow()
      };
    }

    /**
     * The series' name, shown in the legend.
     *
     * @return the name
     */
    public String name() {
      return name;
    }

    /**
     * Whether the series is measured or theory.
     *
     * @return the style
     */
    public Style style() {
      return style;
    }

    /**
     * The x values.
     *
     * @return a copy of the x values
     */
    public double[] xs() {
      return xs.clone();
    }

    /**
     * The y values: the mean of the runs where the series has a spread.
     *
     * @return a copy of the y values
     */
    public double[] ys() {
      return ys.clone();
    }

    /** Whether each point carries the lowest and highest value of its runs. */
    boolean hasSpread() {
      return lows != null;
    }

    /**
     * The lowest value of each point's runs; only if {@link #hasSpread}.
     *
     * @return a copy of the lowest values
     */
    public double[] lows() {
      return lows.clone();
    }

    /**
     * The highest value of each point's runs; only if {@link #hasSpread}.
     *
     * @return a copy of the highest values
     */
    public double[] highs() {
      return highs.clone();
    }
  }
}
