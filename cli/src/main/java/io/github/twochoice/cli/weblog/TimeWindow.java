/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.weblog;

import java.time.OffsetDateTime;
import java.util.Locale;

/**
 * The requests {@link AccessLogReader} keeps by their time: from a first {@link LogTime}, included,
 * to a last one, excluded, either end open; {@link #ALL} keeps every request. Windows that share an
 * end tile the log: each request falls in exactly one. Immutable; a test costs two comparisons.
 */
public final class TimeWindow {
  /** The window that keeps every request, whatever its time, and reads no time. */
  public static final TimeWindow ALL = new TimeWindow(null, null);

  private final LogTime from;
  private final LogTime to;

  private TimeWindow(LogTime from, LogTime to) {
    this.from = from;
    this.to = to;
  }

  /**
   * The requests from one time, included, to another, excluded.
   *
   * @param from the first time kept, or null for no lower end
   * @param to the first time no longer kept, or null for no upper end
   * @return the window, {@link #ALL} if both ends are null
   * @throws IllegalArgumentException if both ends are instants, or both wall-clock times, and
   *     {@code to} is not after {@code from}
   */
  public static TimeWindow between(LogTime from, LogTime to) {
    if (from != null && to != null && from.hasOffset() == to.hasOffset() && !from.isBefore(to)) {
      throw new IllegalArgumentException("the end " + to + " is not after the start " + from);
    }
    return from == null && to == null ? ALL : new TimeWindow(from, to);
  }

  /**
   * Whether this window keeps every request.
   *
   * @return whether it has no end
   */
  public boolean isAll() {
    return from == null && to == null;
  }

  /**
   * Checks that lines of a format can be tested: they must have times, and a wall-clock end needs
   * times written with their offset.
   *
   * @param format the format of the lines
   * @throws IllegalArgumentException if they cannot
   */
  void check(LogFormat format) {
    if (isAll()) {
      return;
    }
    if (!format.hasTimes()) {
      throw new IllegalArgumentException("a key list has no times to select requests by");
    }
    for (LogTime end : new LogTime[] {from, to}) {
      if (end != null && !end.hasOffset() && !format.hasLocalTimes()) {
        throw new IllegalArgumentException(
            end
                + " has no offset, and the times of a "
                + format.name().toLowerCase(Locale.ROOT)
                + " log are epoch seconds, without one: write it with its offset, as in "
                + end
                + "-04:00");
      }
    }
  }

  /**
   * Whether a request's time lies in the window.
   *
   * @param stamp the time, in the offset its line was written in
   * @return whether {@code from <= stamp < to}
   */
  boolean contains(OffsetDateTime stamp) {
    return (from == null || from.compareTo(stamp) <= 0) && (to == null || to.compareTo(stamp) > 0);
  }

  /** "from A to B", "from A", "to B", or "every time" for {@link #ALL}. */
  @Override
  public String toString() {
    if (isAll()) {
      return "every time";
    }
    return from == null ? "to " + to : to == null ? "from " + from : "from " + from + " to " + to;
  }
}
