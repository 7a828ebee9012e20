/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.weblog;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line formats {@link AccessLogReader} reads, each turning one line into the requested URL, the
 * size of the reply and the text of its time, or rejecting it as malformed. Parsing a line costs
 * one pass over it (a split or one regular-expression match) and keeps nothing; reading its time,
 * which only a {@link TimeWindow} asks for, costs one more pass over the time's text.
 */
public enum LogFormat {
  /**
   * Tab-separated, nine columns, under the header {@value #TSV_HEADER} (the bundled NASA log):
   * {@code url} is the key, {@code bytes} the size, {@code time} the time in seconds since the Unix
   * epoch, an instant without the offset the server wrote it in.
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
      return request(columns[TSV_URL], columns[TSV_BYTES], columns[TSV_TIME]);
    }

    @Override
    OffsetDateTime time(String text) {
      if (!EPOCH_SECONDS.matcher(text).matches()) {
        return null;
      }
      return Instant.ofEpochSecond(Long.parseLong(text)).atOffset(ZoneOffset.UTC);
    }
  },

  /**
   * Common Log Format, {@code host ident authuser [date] "METHOD url PROTOCOL" status bytes}, where
   * the protocol may be missing (HTTP/0.9) and bytes may be {@code -}: {@code url} is the key, and
   * the date is written {@code dd/MMM/yyyy:HH:mm:ss ±hhmm}, in the offset the server wrote it in,
   * for example {@code 01/Jul/1995:00:00:01 -0400}.
   */
  CLF {
    @Override
    Request parse(String line) {
      Matcher m = CLF_LINE.matcher(line);
      return m.matches() ? request(m.group(2), m.group(3), m.group(1)) : null;
    }

    @Override
    OffsetDateTime time(String text) {
      try {
        return OffsetDateTime.parse(text, CLF_TIME);
      } catch (DateTimeParseException e) {
        return null;
      }
    }
  },

  /**
   * One key per line, without its leading and trailing white space; the size is 0. A blank line is
   * malformed.
   */
  KEYS {
    @Override
    Request parse(String line) {
      return line.isBlank() ? null : new Request(line.strip(), 0, null);
    }

    @Override
    OffsetDateTime time(String text) {
      return null;
    }
  };

  /** The header line of {@link #TSV}. */
  public static final String TSV_HEADER =
      "host\tlogname\ttime\tmethod\turl\tresponse\tbytes\treferer\tuseragent";

  private static final int TSV_COLUMNS = 9;
  private static final int TSV_TIME = 2;
  private static final int TSV_URL = 4;
  private static final int TSV_RESPONSE = 5;
  private static final int TSV_BYTES = 6;
  private static final Pattern STATUS = Pattern.compile("\\d{3}");
  private static final Pattern SIZE = Pattern.compile("\\d{1,18}|-");
  private static final Pattern EPOCH_SECONDS = Pattern.compile("-?\\d{1,12}");
  private static final Pattern CLF_LINE =
      Pattern.compile(
          "\\S+ \\S+ \\S+ \\[([^\\]]+)\\] \"\\S+ (\\S+)(?: \\S+)?\" \\d{3} (\\d{1,18}|-)");
  private static final DateTimeFormatter CLF_TIME =
      DateTimeFormatter.ofPattern("dd/MMM/uuuu:HH:mm:ss xx", Locale.ENGLISH)
          .withResolverStyle(ResolverStyle.STRICT);

  /**
   * One request: its key, the size of the reply, and its time as the line writes it.
   *
   * @param url the requested URL (or the key of a key list)
   * @param bytes the size of the reply in bytes, 0 if the log has none ({@code -}, or a key list)
   * @param time the text of its time, for {@link #time(String)}; null in a key list
   */
  record Request(String url, long bytes, String time) {}

  /**
   * Returns the request a line holds, or null if the line is malformed.
   *
   * @param line one line of the log, without its line terminator
   */
  abstract Request parse(String line);

  /**
   * Reads the time of a request, in the offset its line was written in (UTC for epoch seconds).
   *
   * @param text {@link Request#time()}
   * @return the time, or null if the text is no valid time
   */
  abstract OffsetDateTime time(String text);

  /** Whether the lines have times: every format but a key list. */
  boolean hasTimes() {
    return this != KEYS;
  }

  /** Whether the lines write their time with its offset, so that wall-clock times can be read. */
  boolean hasLocalTimes() {
    return this == CLF;
  }

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

  private static Request request(String url, String bytes, String time) {
    if (!SIZE.matcher(bytes).matches()) {
      return null;
    }
    return new Request(url, bytes.equals("-") ? 0 : Long.parseLong(bytes), time);
  }
}
