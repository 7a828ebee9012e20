/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.weblog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both log formats and key lists, gzip or plain, with malformed lines counted, never dropped. */
class AccessLogReaderTest {
  private static final String TSV =
      String.join(
          "\n",
          LogFormat.TSV_HEADER,
          "a.example\t-\t807256800\tGET\t/index.html\t200\t7280\t\t",
          "b.example\t-\t807256801\tGET\t/logo.gif\t304\t0\t\t",
          "b.example\t-\t807256802\tGET\t/index.html",
          "c.example\t-\t807256803\tGET\t/logo.gif\t200\t786\t\t",
          "d.example\t-\t807256804\tGET\t/index.html\tOK\t12\t\t",
          "e.example\t-\t807256805\tHEAD\t/index.html\t200\t-\t\t",
          "");

  private static final String CLF =
      """
      in24.inetnebr.com - - [01/Aug/1995:00:00:01 -0400] \
      "GET /shuttle/missions/sts-68/news/sts-68-mcc-05.txt HTTP/1.0" 200 1839
      uplherc.upl.com - - [01/Aug/1995:00:00:07 -0400] "GET / HTTP/1.0" 304 0
      uplherc.upl.com - - [01/Aug/1995:00:00:08 -0400] "GET /images/ksclogo-medium.gif" 304 -
      this line is not a request
      ix-esc-ca2-07.ix.netcom.com - - [01/Aug/1995:00:00:09 -0400] \
      "GET /images/launch-logo.gif HTTP/1.0" 200 1713
      uplherc.upl.com - - [01/Aug/1995:00:00:14 -0400] "GET / HTTP/1.0" 304 abc
      slppp6.intermind.net - - [01/Aug/1995:00:00:10 -0400] "GET / HTTP/1.0" 200 7280\
      """;

  private static AccessLog read(Path dir, String name, String text, LogFormat format)
      throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return AccessLogReader.read(file, format);
  }

  @Test
  void readsTheTsvFormatAndCountsItsMalformedLines(@TempDir Path dir) throws IOException {
    AccessLog log = read(dir, "log.tsv", TSV, null);
    assertEquals(LogFormat.TSV, log.format());
    assertEquals(List.of("/index.html", "/logo.gif"), log.urls());
    assertArrayEquals(new long[] {2, 2}, log.requestCounts());
    assertEquals(4, log.totalRequests());
    assertArrayEquals(new long[] {7280, 0, 786, 0}, log.responseBytes()); // "-" counts as 0
    // Line 4 has 5 columns, line 6 a status "OK": both skipped, counted from the header's line 1.
    assertEquals(2, log.skippedLines());
    assertEquals(4, log.firstSkippedLine());
    assertEquals("skipped 2 malformed lines (first: line 4)", log.skippedNote());
  }

  @Test
  void keepsTheOrderOfTheRequests(@TempDir Path dir) throws IOException {
    for (AccessLog log : List.of(read(dir, "log.tsv", TSV, null), read(dir, "clf", CLF, null))) {
      int[] order = log.requestOrder();
      assertEquals(log.totalRequests(), order.length);
      long[] counts = new long[log.urls().size()];
      int firstUnseen = 0;
      for (int url : order) {
        assertTrue(url <= firstUnseen, "a URL's index is the order it first appears in");
        firstUnseen = Math.max(firstUnseen, url + 1);
        counts[url]++;
      }
      assertArrayEquals(log.requestCounts(), counts);
    }
  }

  @Test
  void readsTheCommonLogFormatWithOrWithoutProtocolAndSize(@TempDir Path dir) throws IOException {
    AccessLog log = read(dir, "access_log", CLF, null);
    assertEquals(LogFormat.CLF, log.format());
    assertEquals(
        List.of(
            "/shuttle/missions/sts-68/news/sts-68-mcc-05.txt",
            "/",
            "/images/ksclogo-medium.gif",
            "/images/launch-logo.gif"),
        log.urls());
    assertEquals(2, log.requests("/"));
    assertArrayEquals(new long[] {1839, 0, 0, 1713, 7280}, log.responseBytes());
    assertEquals("skipped 2 malformed lines (first: line 4)", log.skippedNote());
  }

  @Test
  void recognisesGzipByItsMagicBytesWhateverTheName(@TempDir Path dir) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
      gzip.write(CLF.getBytes(StandardCharsets.UTF_8));
    }
    Path file = dir.resolve("access_log.txt");
    Files.write(file, bytes.toByteArray());
    AccessLog gzipped = AccessLogReader.read(file, null);
    AccessLog plain = read(dir, "plain", CLF, null);
    assertEquals(plain.urls(), gzipped.urls());
    assertArrayEquals(plain.responseBytes(), gzipped.responseBytes());
  }

  @Test
  void readsAKeyListAndCountsBlankLinesAsMalformed(@TempDir Path dir) throws IOException {
    AccessLog log = read(dir, "keys.txt", "user:1\n  user:2 \n\nuser:1\n", null);
    assertEquals(LogFormat.KEYS, log.format());
    assertEquals(List.of("user:1", "user:2"), log.urls());
    assertArrayEquals(new long[] {2, 1}, log.requestCounts());
    assertArrayEquals(new long[] {0, 0, 0}, log.responseBytes());
    assertEquals("skipped 1 malformed line (first: line 3)", log.skippedNote());
  }

  @Test
  void anExplicitFormatOverridesTheGuess(@TempDir Path dir) throws IOException {
    AccessLog asClf = read(dir, "log.tsv", TSV, LogFormat.CLF);
    assertEquals(0, asClf.totalRequests());
    assertEquals(7, asClf.skippedLines()); // the header too: only TSV knows it
    AccessLog asKeys = read(dir, "access_log", CLF, LogFormat.KEYS);
    assertEquals(7, asKeys.totalRequests()); // every line is a key
    assertEquals("", asKeys.skippedNote());
  }

  @Test
  void aMissingFileIsReportedAsSuch(@TempDir Path dir) {
    assertThrows(
        NoSuchFileException.class, () -> AccessLogReader.read(dir.resolve("absent.log"), null));
  }

  @Test
  void theBundledLogHoldsOneMorningOfNasa() throws IOException {
    AccessLog log = AccessLogReader.readBundled(null);
    assertEquals(LogFormat.TSV, log.format());
    assertEquals(30_969, log.totalRequests()); // SOURCE.md: 30,969 data rows
    assertEquals(2_088, log.urls().size());
    assertEquals(0, log.skippedLines());
    assertEquals(2_140, log.requests("/images/NASA-logosmall.gif"));
    long bytes = 0;
    for (long size : log.responseBytes()) {
      bytes += size;
    }
    assertEquals(482_000_467L, bytes);
  }
}
