/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.weblog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@link AccessLogReader} found in a log: the number of requests for each URL (the keys to
 * place), in the order of their first request, the size of every reply in log order, the lines it
 * skipped as malformed, and the requests it left out as outside its {@link TimeWindow}. Immutable;
 * memory: one map entry per URL and 8 bytes per request.
 */
public final class AccessLog {
  private final String source;
  private final LogFormat format;
  private final Map<String, Long> requestsPerUrl;
  private final int[] requestOrder;
  private final long[] responseBytes;
  private final long skippedLines;
  private final long firstSkippedLine;
  private final TimeWindow window;
  private final long outsideWindow;

  AccessLog(
      String source,
      LogFormat format,
      Map<String, Long> requestsPerUrl,
      int[] requestOrder,
      long[] responseBytes,
      long skippedLines,
      long firstSkippedLine,
      TimeWindow window,
      long outsideWindow) {
    this.source = source;
    this.format = format;
    this.requestsPerUrl = Collections.unmodifiableMap(new LinkedHashMap<>(requestsPerUrl));
    this.requestOrder = requestOrder.clone();
    this.responseBytes = responseBytes.clone();
    this.skippedLines = skippedLines;
    this.firstSkippedLine = firstSkippedLine;
    this.window = window;
    this.outsideWindow = outsideWindow;
  }

  /**
   * The requests in the order of the log, each as the index of its URL in {@link #urls()}.
   *
   * @return a new array, one entry per request
   */
  public int[] requestOrder() {
    return requestOrder.clone();
  }

  /**
   * The file (or bundled resource) the log was read from, for messages.
   *
   * @return its name
   */
  public String source() {
    return source;
  }

  /**
   * The format the lines were read in.
   *
   * @return the format
   */
  public LogFormat format() {
    return format;
  }

  /**
   * The distinct URLs, in the order of their first request.
   *
   * @return the URLs
   */
  public List<String> urls() {
    return new ArrayList<>(requestsPerUrl.keySet());
  }

  /**
   * The number of requests for each URL, in the order of {@link #urls()}.
   *
   * @return the counts (a copy)
   */
  public long[] requestCounts() {
    return requestsPerUrl.values().stream().mapToLong(Long::longValue).toArray();
  }

  /** The number of requests for one URL, 0 if it was never requested. */
  long requests(String url) {
    return requestsPerUrl.getOrDefault(url, 0L);
  }

  /**
   * The number of requests, every line that was not skipped.
   *
   * @return the number of requests
   */
  public long totalRequests() {
    return responseBytes.length;
  }

  /**
   * The size of every reply in bytes, in log order (0 where the log gives none).
   *
   * @return the sizes (a copy)
   */
  public long[] responseBytes() {
    return responseBytes.clone();
  }

  /**
   * The number of malformed lines that were skipped.
   *
   * @return the number of skipped lines
   */
  public long skippedLines() {
    return skippedLines;
  }

  /** The number of the first skipped line, counting from 1, or 0 if none was skipped. */
  long firstSkippedLine() {
    return firstSkippedLine;
  }

  /**
   * The times of the requests kept.
   *
   * @return the window, {@link TimeWindow#ALL} if every request was kept
   */
  public TimeWindow window() {
    return window;
  }

  /**
   * The number of requests left out because their time is outside {@link #window()}.
   *
   * @return the number of requests left out
   */
  public long outsideWindow() {
    return outsideWindow;
  }

  /**
   * Describes the requests left out by time, for a note under the tables.
   *
   * @return "30969 requests outside the window", or "" if none was left out
   */
  public String outsideNote() {
    if (outsideWindow == 0) {
      return "";
    }
    return outsideWindow + " request" + (outsideWindow == 1 ? "" : "s") + " outside the window";
  }

  /**
   * Describes the skipped lines, for a note under the tables.
   *
   * @return "skipped 3 malformed lines (first: line 17)", or "" if every line was read
   */
  public String skippedNote() {
    if (skippedLines == 0) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "skipped %d malformed line%s (first: line %d)",
        skippedLines,
        skippedLines == 1 ? "" : "s",
        firstSkippedLine);
  }
}
