/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.weblog;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A time to compare with a log's timestamps, written {@value #SYNTAX}: a date and a time of day
 * (midnight if left out), and an optional UTC offset. With an offset it is one instant, compared
 * with each line's instant. Without one it is a wall-clock time, compared with each line's time as
 * the line writes it, in the line's own offset: {@code 1995-07-01T00:00} is the start of 1 July in
 * a log written at {@code -0400}. Immutable; comparing costs O(1).
 *
 * @param dateTime the date and time of day
 * @param offset the UTC offset, or null for each line's own
 */
public record LogTime(LocalDateTime dateTime, ZoneOffset offset) {
  /** How a time is written: year, month, day, then optionally the time and the offset. */
  public static final String SYNTAX = "YYYY-MM-DD[Thh:mm[:ss]][Z|+hh:mm|-hh:mm]";

  private static final Pattern TIME =
      Pattern.compile(
          "(\\d{4})-(\\d{2})-(\\d{2})(?:T(\\d{2}):(\\d{2})(?::(\\d{2}))?)?(Z|[+-]\\d{2}:\\d{2})?");

  /**
   * A time, without or with an offset.
   *
   * @param dateTime the date and time of day
   * @param offset the UTC offset, or null for each line's own
   * @throws NullPointerException if {@code dateTime} is null
   */
  public LogTime {
    Objects.requireNonNull(dateTime, "dateTime");
  }

  /**
   * Reads a time written {@value #SYNTAX}, for example {@code 1995-07-01}, {@code 1995-07-01T06:30}
   * or {@code 1995-07-01T06:30:00-04:00}.
   *
   * @param text the time
   * @return the time
   * @throws IllegalArgumentException if it is not written so, or is no real date and time
   */
  public static LogTime parse(String text) {
    Matcher m = TIME.matcher(text);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a time " + SYNTAX + ": " + text);
    }
    try {
      LocalDate date = LocalDate.of(number(m.group(1)), number(m.group(2)), number(m.group(3)));
      LocalTime time =
          m.group(4) == null
              ? LocalTime.MIDNIGHT
              : LocalTime.of(number(m.group(4)), number(m.group(5)), number(m.group(6)));
      ZoneOffset offset = m.group(7) == null ? null : ZoneOffset.of(m.group(7));
      return new LogTime(LocalDateTime.of(date, time), offset);
    } catch (DateTimeException e) {
      throw new IllegalArgumentException("not a valid time: " + text, e);
    }
  }

  private static int number(String digits) {
    return digits == null ? 0 : Integer.parseInt(digits);
  }

  /**
   * Compares this time with a line's: negative if this one is earlier.
   *
   * @param stamp the line's time, in the offset the line was written in
   * @return negative, zero or positive as this time is before, at or after the line's
   */
  int compareTo(OffsetDateTime stamp) {
    return offset == null
        ? dateTime.compareTo(stamp.toLocalDateTime())
        : dateTime.atOffset(offset).toInstant().compareTo(stamp.toInstant());
  }

  /**
   * Whether this time comes before another of the same kind: both instants, or both wall-clock
   * times.
   */
  boolean isBefore(LogTime other) {
    return offset == null
        ? dateTime.isBefore(other.dateTime)
        : dateTime.atOffset(offset).isBefore(other.dateTime.atOffset(other.offset));
  }

  /**
   * Whether this time names an instant, not a wall-clock time.
   *
   * @return whether it has an offset
   */
  public boolean hasOffset() {
    return offset != null;
  }

  /** The time as {@link #parse(String)} reads it, seconds left out when they are zero. */
  @Override
  public String toString() {
    return dateTime + (offset == null ? "" : offset.toString());
  }
}
