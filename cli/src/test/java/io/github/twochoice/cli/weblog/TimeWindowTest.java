/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.weblog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Times written YYYY-MM-DD[Thh:mm[:ss]][offset], and the requests a window keeps: wall-clock times
 * in each line's own offset, instants across offsets, the start kept and the end not, lines whose
 * time cannot be read counted as malformed.
 */
class TimeWindowTest {
  /** Seven requests around the first week of July 1995, one with an impossible date. */
  private static final String CLF =
      String.join(
          "\n",
          line("30/Jun/1995:23:59:59 -0400", "/a"), // before the week
          line("01/Jul/1995:00:00:00 -0400", "/b"), // its first second: kept
          line("01/Jul/1995:12:00:00 -0400", "/c"),
          line("01/Jul/1995:03:30:00 +0000", "/d"), // 03:30 local, 23:30 on 30 June at -0400
          line("08/Jul/1995:00:00:00 -0400", "/e"), // the end: left out
          line("31/Jun/1995:00:00:00 -0400", "/f"), // no such day
          line("07/Jul/1995:23:59:59 -0400", "/g"));

  private static String line(String time, String url) {
    return "host - - [" + time + "] \"GET " + url + " HTTP/1.0\" 200 100";
  }

  private static AccessLog read(Path dir, String text, String from, String to) throws IOException {
    Path file = dir.resolve("access_log");
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return AccessLogReader.read(file, null, window(from, to));
  }

  private static TimeWindow window(String from, String to) {
    return TimeWindow.between(
        from == null ? null : LogTime.parse(from), to == null ? null : LogTime.parse(to));
  }

  @Test
  void parsesEveryWrittenForm() {
    assertEquals(
        new LogTime(LocalDateTime.of(1995, 7, 1, 0, 0), null), LogTime.parse("1995-07-01"));
    assertEquals(
        new LogTime(LocalDateTime.of(1995, 7, 1, 6, 30), null), LogTime.parse("1995-07-01T06:30"));
    assertEquals(
        new LogTime(LocalDateTime.of(1995, 7, 1, 6, 30, 15), ZoneOffset.ofHours(-4)),
        LogTime.parse("1995-07-01T06:30:15-04:00"));
    assertEquals(
        new LogTime(LocalDateTime.of(1995, 7, 1, 0, 0), ZoneOffset.UTC),
        LogTime.parse("1995-07-01Z"));
    assertEquals("1995-07-01T06:30-04:00", LogTime.parse("1995-07-01T06:30:00-04:00").toString());
    assertEquals("1995-07-01T00:00Z", LogTime.parse("1995-07-01Z").toString());
    for (String bad :
        List.of(
            "1995-7-1",
            "1995-07-01 06:30",
            "1995-07-01T06",
            "1995-02-30",
            "1995-07-01T24:00",
            "1995-07-01T06:30+25:00",
            "01/Jul/1995:00:00:00 -0400",
            "")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> LogTime.parse(bad), bad);
      assertTrue(e.getMessage().endsWith(": " + bad), e.getMessage());
    }
  }

  @Test
  void aWallClockWindowReadsEachLineInItsOwnOffset(@TempDir Path dir) throws IOException {
    AccessLog week = read(dir, CLF, "1995-07-01", "1995-07-08");
    assertEquals(List.of("/b", "/c", "/d", "/g"), week.urls());
    assertEquals(2, week.outsideWindow()); // /a and /e
    assertEquals("2 requests outside the window", week.outsideNote());
    assertEquals("skipped 1 malformed line (first: line 6)", week.skippedNote()); // /f
    assertEquals("from 1995-07-01T00:00 to 1995-07-08T00:00", week.window().toString());
  }

  @Test
  void aWindowWithOffsetsComparesInstants(@TempDir Path dir) throws IOException {
    AccessLog week = read(dir, CLF, "1995-07-01T04:00Z", "1995-07-08T00:00-04:00");
    // /d, at 03:30 UTC, is now before the start, which is midnight at -0400.
    assertEquals(List.of("/b", "/c", "/g"), week.urls());
    assertEquals(3, week.outsideWindow());
    assertEquals(1, week.skippedLines());
  }

  @Test
  void windowsThatShareAnEndTileTheLog(@TempDir Path dir) throws IOException {
    AccessLog all = read(dir, CLF, null, null);
    assertSame(TimeWindow.ALL, all.window());
    assertEquals(7, all.totalRequests()); // without a window, no time is read: /f is kept
    AccessLog before = read(dir, CLF, null, "1995-07-01T12:00");
    AccessLog after = read(dir, CLF, "1995-07-01T12:00", null);
    assertEquals(List.of("/a", "/b", "/d"), before.urls());
    assertEquals(List.of("/c", "/e", "/g"), after.urls());
    assertEquals(before.totalRequests(), after.outsideWindow());
    assertEquals(after.totalRequests(), before.outsideWindow());
    assertEquals("to 1995-07-01T12:00", before.window().toString());
  }

  @Test
  void aTsvLogsEpochSecondsNeedAnEndWithAnOffset(@TempDir Path dir) throws IOException {
    String tsv =
        String.join(
            "\n",
            LogFormat.TSV_HEADER,
            "a\t-\t807256799\tGET\t/before\t200\t1\t\t", // 1995-08-01T01:59:59-04:00
            "a\t-\t807256800\tGET\t/start\t200\t1\t\t", // 1995-08-01T02:00:00-04:00
            "a\t-\tnoon\tGET\t/bad-time\t200\t1\t\t");
    AccessLog log = read(dir, tsv, "1995-08-01T02:00-04:00", null);
    assertEquals(List.of("/start"), log.urls());
    assertArrayEquals(new long[] {1}, log.requestCounts());
    assertEquals(1, log.outsideWindow());
    assertEquals("skipped 1 malformed line (first: line 4)", log.skippedNote());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> read(dir, tsv, null, "1995-08-01"));
    assertEquals(
        "1995-08-01T00:00 has no offset, and the times of a tsv log are epoch seconds, without"
            + " one: write it with its offset, as in 1995-08-01T00:00-04:00",
        e.getMessage());
  }

  @Test
  void aKeyListHasNoTimes(@TempDir Path dir) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> read(dir, "user:1\n", "1995-07-01Z", null));
    assertEquals("a key list has no times to select requests by", e.getMessage());
  }

  @Test
  void theEndMustComeAfterTheStart() {
    assertThrows(IllegalArgumentException.class, () -> window("1995-07-02", "1995-07-01"));
    assertThrows(IllegalArgumentException.class, () -> window("1995-07-01Z", "1995-07-01Z"));
    // An instant and a wall-clock time cannot be ordered before a line gives the offset.
    assertFalse(window("1995-07-01T12:00Z", "1995-07-01T10:00").isAll());
    assertSame(TimeWindow.ALL, window(null, null));
  }
}
