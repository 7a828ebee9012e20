/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.weblog;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Reads a web log or a key list into an {@link AccessLog}: gzip-compressed or plain (recognised by
 * the gzip magic bytes, whatever the file's name), in a given {@link LogFormat} or one guessed from
 * the first line, keeping every request or those of a {@link TimeWindow}. Malformed lines (with a
 * window, lines whose time cannot be read too) are counted, never dropped silently, and never stop
 * the reading; requests outside the window are counted apart. Text is decoded as UTF-8, invalid
 * bytes replaced. Cost: one pass over the file, O(1) work per line beyond parsing it (and its time,
 * with a window).
 */
public final class AccessLogReader {
  /** The log bundled with the command line: NASA's web server, 1 August 1995 (SOURCE.md). */
  public static final String BUNDLED = "nasa_19950801.tsv.gz";

  private static final int GZIP_MAGIC_1 = 0x1f;
  private static final int GZIP_MAGIC_2 = 0x8b;

  private AccessLogReader() {}

  /**
   * Reads the bundled log.
   *
   * @param format the format of its lines, or null to guess it (TSV)
   * @return the log
   * @throws IOException if it cannot be read, or is missing: it is in {@code target/twochoice.jar}
   *     and on the test class path, not in {@code target/classes}
   */
  public static AccessLog readBundled(LogFormat format) throws IOException {
    return readBundled(format, TimeWindow.ALL);
  }

  /**
   * Reads the requests of the bundled log in a time window.
   *
   * @param format the format of its lines, or null to guess it (TSV)
   * @param window the times of the requests to keep
   * @return the log
   * @throws IOException if it cannot be read, or is missing: it is in {@code target/twochoice.jar}
   *     and on the test class path, not in {@code target/classes}
   * @throws IllegalArgumentException if the window cannot select lines of the format (see {@link
   *     #read(String, InputStream, LogFormat, TimeWindow)})
   */
  public static AccessLog readBundled(LogFormat format, TimeWindow window) throws IOException {
    InputStream in = AccessLogReader.class.getResourceAsStream(BUNDLED);
    if (in == null) {
      throw new IOException(
          "the bundled log " + BUNDLED + " is missing: run target/twochoice.jar or pass --input");
    }
    try (in) {
      return read(BUNDLED, in, format, window);
    }
  }

  /**
   * Reads a file.
   *
   * @param file the log file, plain or gzip-compressed
   * @param format the format of its lines, or null to guess it from the first line
   * @return the log
   * @throws NoSuchFileException if there is no such file
   * @throws IOException if it cannot be read or decompressed
   */
  public static AccessLog read(Path file, LogFormat format) throws IOException {
    return read(file, format, TimeWindow.ALL);
  }

  /**
   * Reads the requests of a file in a time window.
   *
   * @param file the log file, plain or gzip-compressed
   * @param format the format of its lines, or null to guess it from the first line
   * @param window the times of the requests to keep
   * @return the log
   * @throws NoSuchFileException if there is no such file
   * @throws IOException if it cannot be read or decompressed
   * @throws IllegalArgumentException if the window cannot select lines of the format (see {@link
   *     #read(String, InputStream, LogFormat, TimeWindow)})
   */
  public static AccessLog read(Path file, LogFormat format, TimeWindow window) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return read(file.toString(), in, format, window);
    }
  }

  /**
   * Reads a stream, which the caller closes.
   *
   * @param source the stream's name, for messages
   * @param raw the stream, plain or gzip-compressed
   * @param format the format of its lines, or null to guess it from the first line
   * @return the log
   * @throws IOException if it cannot be read or decompressed
   */
  public static AccessLog read(String source, InputStream raw, LogFormat format)
      throws IOException {
    return read(source, raw, format, TimeWindow.ALL);
  }

  /**
   * Reads the requests of a stream in a time window; the caller closes the stream.
   *
   * @param source the stream's name, for messages
   * @param raw the stream, plain or gzip-compressed
   * @param format the format of its lines, or null to guess it from the first line
   * @param window the times of the requests to keep
   * @return the log
   * @throws IOException if it cannot be read or decompressed
   * @throws IllegalArgumentException if the window cannot select lines of the format: a key list
   *     has no times, and the epoch seconds of a TSV log no wall-clock time to compare with an end
   *     written without an offset
   */
  public static AccessLog read(String source, InputStream raw, LogFormat format, TimeWindow window)
      throws IOException {
    BufferedReader lines =
        new BufferedReader(new InputStreamReader(decompressed(raw), StandardCharsets.UTF_8));
    Map<String, Long> requestsPerUrl = new LinkedHashMap<>();
    Map<String, Integer> indexOfUrl = new HashMap<>();
    long[] sizes = new long[1024];
    int[] order = new int[1024];
    int requests = 0;
    long lineNumber = 0;
    long skipped = 0;
    long firstSkipped = 0;
    long outside = 0;
    LogFormat chosen = format;
    if (chosen != null) {
      window.check(chosen);
    }
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      lineNumber++;
      if (chosen == null) {
        chosen = LogFormat.detect(line);
        window.check(chosen);
      }
      if (lineNumber == 1 && chosen.isHeader(line)) {
        continue;
      }
      LogFormat.Request request = chosen.parse(line);
      if (request != null && !window.isAll()) {
        OffsetDateTime time = chosen.time(request.time());
        if (time != null && !window.contains(time)) {
          outside++;
          continue;
        }
        request = time == null ? null : request; // a time that cannot be read: malformed
      }
      if (request == null) {
        skipped++;
        firstSkipped = firstSkipped == 0 ? lineNumber : firstSkipped;
        continue;
      }
      requestsPerUrl.merge(request.url(), 1L, Long::sum);
      if (requests == sizes.length) {
        sizes = Arrays.copyOf(sizes, 2 * requests);
        order = Arrays.copyOf(order, 2 * requests);
      }
      order[requests] = indexOfUrl.computeIfAbsent(request.url(), url -> indexOfUrl.size());
      sizes[requests++] = request.bytes();
    }
    return new AccessLog(
        source,
        chosen == null ? LogFormat.KEYS : chosen,
        requestsPerUrl,
        Arrays.copyOf(order, requests),
        Arrays.copyOf(sizes, requests),
        skipped,
        firstSkipped,
        window,
        outside);
  }

  /** Returns the stream itself, or its decompression if it starts with the gzip magic bytes. */
  private static InputStream decompressed(InputStream raw) throws IOException {
    BufferedInputStream in = new BufferedInputStream(raw);
    in.mark(2);
    boolean gzip = in.read() == GZIP_MAGIC_1 && in.read() == GZIP_MAGIC_2;
    in.reset();
    return gzip ? new GZIPInputStream(in) : in;
  }
}
