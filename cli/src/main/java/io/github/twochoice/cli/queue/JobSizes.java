/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.weblog.AccessLog;
import io.github.twochoice.cli.weblog.AccessLogReader;
import io.github.twochoice.cli.weblog.LogFormat;
import io.github.twochoice.sim.queue.BoundedPareto;
import io.github.twochoice.sim.queue.ServiceTimes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The request sizes of the {@code queue} command, always in milliseconds at speed 1, with a name a
 * one-line description, a median and a maximum: exponential of mean 1 ms, the bundled web log's
 * replies through the byte-count model ({@link ServiceTimes#webServiceTimesMillis}), a bounded
 * Pareto fit, or a file. Immutable; reading a file costs one pass over it, and a sort of its sizes.
 */
final class JobSizes {
  /** The mean of {@link #exponential()}: 1 ms, so a time in ms is also in mean service times. */
  static final double EXPONENTIAL_MEAN_MILLIS = 1;

  /** The median of {@link #heavy()}, in milliseconds. */
  static final double HEAVY_MEDIAN = 0.15;

  /** The mean of {@link #heavy()}, in milliseconds. */
  static final double HEAVY_MEAN = 0.47;

  /** The largest size of {@link #heavy()}, in milliseconds. */
  static final double HEAVY_MAX = 84;

  private final String name;
  private final String description;
  private final ServiceTimes times;
  private final double median;
  private final double max;

  private JobSizes(String name, String description, ServiceTimes times, double median, double max) {
    this.name = name;
    this.description = description;
    this.times = times;
    this.median = median;
    this.max = max;
  }

  /**
   * Resolves a {@code --sizes} value: {@code exponential}, {@code web}, {@code heavy}, or a file.
   *
   * @throws java.nio.file.NoSuchFileException if the file does not exist
   * @throws IOException if the file or the bundled log cannot be read
   * @throws IllegalArgumentException if the file holds no size, or a value that is not one
   */
  static JobSizes of(String spec) throws IOException {
    return switch (spec) {
      case "exponential" -> exponential();
      case "web" -> web(AccessLogReader.readBundled(null));
      case "heavy" -> heavy();
      default -> file(Path.of(spec));
    };
  }

  static JobSizes exponential() {
    return exponential(EXPONENTIAL_MEAN_MILLIS);
  }

  /** Exponential sizes of the given mean: median mean · ln 2, no maximum. */
  private static JobSizes exponential(double mean) {
    return new JobSizes(
        "exponential",
        "exponential sizes of mean " + millis(mean),
        ServiceTimes.exponential(mean),
        mean * Math.log(2),
        Double.POSITIVE_INFINITY);
  }

  static JobSizes heavy() {
    BoundedPareto fit = BoundedPareto.fit(HEAVY_MEDIAN, HEAVY_MEAN, HEAVY_MAX);
    return new JobSizes(
        "heavy",
        String.format(
            Locale.ROOT,
            "bounded Pareto sizes fitted to median %s, mean %s and max %s (alpha = %.3f)",
            millis(HEAVY_MEDIAN),
            millis(HEAVY_MEAN),
            millis(HEAVY_MAX),
            fit.alpha()),
        fit,
        fit.quantile(0.5),
        fit.upper());
  }

  /** The replies of a web log: 0.05 ms plus 1 µs per 100 bytes each, resampled. */
  static JobSizes web(AccessLog log) {
    return resampled(
        "web",
        log.totalRequests()
            + " reply sizes of "
            + log.source()
            + " at 0.05 ms + 1 us per 100 bytes"
            + (log.skippedLines() == 0 ? "" : " (" + log.skippedNote() + ")"),
        ServiceTimes.webServiceTimesMillis(log.responseBytes()));
  }

  /** Sizes resampled from a sample, with its nearest-rank median and its maximum. */
  private static JobSizes resampled(String name, String description, double[] sample) {
    double[] ascending = sample.clone();
    Arrays.sort(ascending);
    return new JobSizes(
        name,
        description,
        ServiceTimes.empirical(sample),
        ascending[(ascending.length + 1) / 2 - 1],
        ascending[ascending.length - 1]);
  }

  /** A web log (TSV or Common Log Format) as {@link #web}, or a list of sizes in ms, one a line. */
  static JobSizes file(Path file) throws IOException {
    AccessLog log = AccessLogReader.read(file, null);
    if (log.totalRequests() == 0) {
      throw new IllegalArgumentException(
          "no sizes in "
              + file
              + (log.skippedLines() == 0 ? ": it is empty" : ": " + log.skippedNote()));
    }
    if (log.format() != LogFormat.KEYS) {
      return web(log);
    }
    List<String> values = log.urls();
    long[] counts = log.requestCounts();
    double[] sizes = new double[Math.toIntExact(log.totalRequests())];
    int filled = 0;
    for (int v = 0; v < values.size(); v++) {
      double size = parseSize(values.get(v), file);
      for (long c = 0; c < counts[v]; c++) {
        sizes[filled++] = size;
      }
    }
    if (!(sum(sizes) > 0)) {
      throw new IllegalArgumentException("the sizes in " + file + " are all 0");
    }
    return resampled(file.toString(), sizes.length + " sizes in ms from " + file, sizes);
  }

  private static double parseSize(String value, Path file) {
    double size;
    try {
      size = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "not a size in ms in " + file + ": '" + value + "' (expected one number a line)", e);
    }
    if (!(size >= 0) || Double.isInfinite(size)) {
      throw new IllegalArgumentException(
          "sizes must be finite and >= 0, but " + file + " holds " + value);
    }
    return size;
  }

  private static double sum(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum;
  }

  /** Exponential sizes with the same mean as these. */
  JobSizes exponentialOfSameMean() {
    return exponential(times.mean());
  }

  /** "web", "heavy", "exponential" or the file. */
  String name() {
    return name;
  }

  ServiceTimes times() {
    return times;
  }

  /** What the sizes are: the source and how sizes are made from it. */
  String description() {
    return description;
  }

  /** The median size in ms (the nearest-rank median of a sample). */
  double median() {
    return median;
  }

  /** The largest size in ms; infinite for exponential sizes. */
  double max() {
    return max;
  }

  /** What the sizes are, their mean and the share of work in the largest 1 % of requests. */
  String summary() {
    return String.format(
        Locale.ROOT,
        "%s; mean %s, the largest 1 %% of requests bring %s %% of the work",
        description,
        millis(times.mean()),
        Format.percent(times.shareOfTopWork(0.01)));
  }

  private static String millis(double x) {
    return String.format(Locale.ROOT, "%.3g ms", x);
  }
}
