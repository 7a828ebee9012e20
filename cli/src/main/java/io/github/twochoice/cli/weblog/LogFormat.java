/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.weblog;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line formats {@link AccessLogReader} reads, each turning one line into the requested URL and
 * the size of the reply, or rejecting it as malformed. Parsing a line costs one pass over it (a
 * split or one regular-expression match) and keeps nothing.
 */
public enum LogFormat {
  /**
   * Tab-separated, nine columns, under the header {@value #TSV_HEADER} (the bundled NASA log):
   * {@code url} is the key, {@code bytes} the size.
   */
  TSV {
    @Override
    Request parse(String line) {
      String[] columns = line.split("\t", -1);
      if (columns.length != TSV_COLUMNS
          || columns[TSV_URL].isEmpty()
          || !STATUS.matcher(columns[TSV_RESPONSE]).matches()) {
        return null;
      }
      return request(columns[TSV_URL], columns[TSV_BYTES]);
    }
  },

  /**
   * Common Log Format, {@code host ident authuser [date] "METHOD url PROTOCOL" status bytes}, where
   * the protocol may be missing (HTTP/0.9) and bytes may be {@code -}: {@code url} is the key.
   */
  CLF {
    @Override
    Request parse(String line) {
      Matcher m = CLF_LINE.matcher(line);
      return m.matches() ? request(m.group(1), m.group(2)) : null;
    }
  },

  /**
   * One key per line, without its leading and trailing white space; the size is 0. A blank line is
   * malformed.
   */
  KEYS {
    @Override
    Request parse(String line) {
      return line.isBlank() ? null : new Request(line.strip(), 0);
    }
  };

  /** The header line of {@link #TSV}. */
  public static final String TSV_HEADER =
      "host\tlogname\ttime\tmethod\turl\tresponse\tbytes\treferer\tuseragent";

  private static final int TSV_COLUMNS = 9;
  private static final int TSV_URL = 4;
  private static final int TSV_RESPONSE = 5;
  private static final int TSV_BYTES = 6;
  private static final Pattern STATUS = Pattern.compile("\\d{3}");
  private static final Pattern SIZE = Pattern.compile("\\d{1,18}|-");
  private static final Pattern CLF_LINE =
      Pattern.compile(
          "\\S+ \\S+ \\S+ \\[[^\\]]+\\] \"\\S+ (\\S+)(?: \\S+)?\" \\d{3} (\\d{1,18}|-)");

  /**
   * One request: its key and the size of the reply.
   *
   * @param url the requested URL (or the key of a key list)
   * @param bytes the size of the reply in bytes, 0 if the log has none ({@code -}, or a key list)
   */
  record Request(String url, long bytes) {}

  /**
   * Returns the request a line holds, or null if the line is malformed.
   *
   * @param line one line of the log, without its line terminator
   */
  abstract Request parse(String line);

  /**
   * Guesses the format from the first line: the TSV header, a line in Common Log Format, or else a
   * key list.
   */
  static LogFormat detect(String firstLine) {
    if (firstLine.equals(TSV_HEADER)) {
      return TSV;
    }
    return CLF.parse(firstLine) != null ? CLF : KEYS;
  }

  /** Returns whether a line is a header to skip rather than a request. */
  boolean isHeader(String line) {
    return this == TSV && line.equals(TSV_HEADER);
  }

  private static Request request(String url, String bytes) {
    if (!SIZE.matcher(bytes).matches()) {
      return null;
    }
    return new Request(url, bytes.equals("-") ? 0 : Long.parseLong(bytes));
  }
}
