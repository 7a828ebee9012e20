/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.CommandRun;
import io.github.twochoice.cli.weblog.LogFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The place command on the bundled log, on a log of one's own, and on bad input. */
class PlaceCommandTest {
  private static CommandRun csv;

  @BeforeAll
  static void placeTheBundledLog() {
    csv = CommandRun.of("place", "--csv");
    assertEquals(0, csv.exitCode(), csv.err());
  }

  /** The rows of the CSV table whose title starts with a prefix, each split into its cells. */
  private static List<String[]> table(String titlePrefix) {
    String[] blocks = csv.out().split("\n\n", -1);
    for (String block : blocks) {
      if (block.startsWith("# " + titlePrefix)) {
        List<String[]> rows = new ArrayList<>();
        for (String line : block.strip().split("\n", -1)) {
          rows.add(line.split(",", -1));
        }
        return rows.subList(1, rows.size()); // the header, then the rows
      }
    }
    throw new AssertionError("no table titled '" + titlePrefix + "…' in\n" + csv.out());
  }

  /** The row of a table whose first cell is {@code first}. */
  private static String[] row(List<String[]> table, String first) {
    for (String[] row : table) {
      if (row[0].equals(first)) {
        return row;
      }
    }
    throw new AssertionError("no row " + first);
  }

  @Test
  void printsEveryTableForTheBundledLog() {
    assertTrue(
        csv.out().startsWith("nasa_19950801.tsv.gz (tsv): 30969 requests for 2088 URLs,"),
        csv.out());
    List<String[]> loads = table("URLs and requests per node");
    assertEquals(PlacementScheme.values().length, loads.size() - 1);
    assertEquals(
        "scheme,URLs min,URLs max,URLs max/mean,requests min,requests max,requests max/mean",
        String.join(",", loads.get(0)));
    // Two choices balance the URLs they assign one by one: 2088 = 8 × 261.
    assertEquals("261", row(loads, "two choices (ring of 100)")[1]);
    assertEquals("261", row(loads, "two choices (ring of 100)")[2]);
    for (String title :
        List.of(
            "Requests per node",
            "proxy-3 fails: URLs moved",
            "proxy-3 fails: replica pairs",
            "Pair hashes",
            "proxy-9 joins",
            "From 8 to 7 nodes",
            "Rings",
            "Weighted rendezvous, capacities 1,1,1,1,2,2,4,4",
            "The 5 most requested URLs",
            "Hot keys")) {
      assertFalse(table(title).isEmpty(), title);
    }
    CommandRun aligned = CommandRun.of("place");
    assertEquals(0, aligned.exitCode(), aligned.err());
    assertTrue(aligned.out().contains("\nproxy-3 fails: URLs moved to each surviving node\n"));
    assertTrue(aligned.out().contains("rendezvous "), aligned.out());
  }

  @Test
  void onlyTheFailedNodesUrlsMoveUnderRendezvous() {
    List<String[]> failure = table("proxy-3 fails: URLs moved");
    List<String> header = Arrays.asList(failure.get(0));
    int had = header.indexOf("proxy-3 had");
    int between = header.indexOf("between survivors");
    int moved = header.indexOf("moved");
    for (String scheme : List.of("rendezvous", "lookup table", "ring (100 tokens)")) {
      String[] row = row(failure, scheme);
      assertEquals("0", row[between], scheme);
      assertEquals(row[had], row[moved], scheme);
    }
    String[] rendezvous = row(failure, "rendezvous");
    long spread = 0;
    for (int c = had + 1; c < between; c++) {
      long received = Long.parseLong(rendezvous[c]);
      assertTrue(received > 0, "every survivor takes some of proxy-3's URLs");
      spread += received;
    }
    assertEquals(Long.parseLong(rendezvous[had]), spread);
    assertTrue(Long.parseLong(row(failure, "mod N")[between]) > 1000);

    List<String[]> join = table("proxy-9 joins");
    int betweenOld = Arrays.asList(join.get(0)).indexOf("between old nodes");
    assertEquals("0", row(join, "rendezvous")[betweenOld]);
    assertEquals("0", row(join, "lookup table")[betweenOld]);
  }

  /**
   * Each URL's pair (primary, backup) holds proxy-3 with probability 2/N = 1/4, and a survivor
   * becomes the new member with probability 2/(N (N − 1)) = 1/28: Binomial(2088, 1/4), mean 522 and
   * standard deviation 19.8, and Binomial(2088, 1/28), mean 74.6 and standard deviation 8.5. The
   * log's URLs are fixed, so the counts are too; five standard deviations bound them if the pair
   * hash behaves as a random function. That every new member fills a pair that held proxy-3, and
   * that no other pair changes, is exact.
   */
  @Test
  void replicaPairsThatHeldTheFailedNodeGetOneNewMemberEach() {
    List<String[]> pairs = table("proxy-3 fails: replica pairs");
    List<String> header = Arrays.asList(pairs.get(0));
    assertEquals(
        List.of(
            "pair hash",
            "pairs with proxy-3",
            "expected",
            "proxy-1",
            "proxy-2",
            "proxy-4",
            "proxy-5",
            "proxy-6",
            "proxy-7",
            "proxy-8",
            "expected each",
            "other pairs changed"),
        header);
    assertEquals(PairHashes.values().length, pairs.size() - 1);
    for (String[] row : pairs.subList(1, pairs.size())) {
      long spread = 0;
      for (int c = 3; c <= 9; c++) {
        spread += Long.parseLong(row[c]);
      }
      assertEquals(Long.parseLong(row[1]), spread, row[0]);
      assertEquals("522.0", row[2], row[0]); // 2 × 2088 / 8
      assertEquals("74.6", row[10], row[0]); // 2 × 2088 / 56
      assertEquals("0", row[11], row[0]);
    }
    String[] standard = row(pairs, PairHashes.STANDARD.label());
    assertEquals(522, (double) Long.parseLong(standard[1]), 5 * 19.8);
    for (int c = 3; c <= 9; c++) {
      assertEquals(74.6, (double) Long.parseLong(standard[c]), 5 * 8.5, header.get(c));
    }
  }

  @Test
  void pairHashesWithoutAFinalMixGiveEveryKeyTheSameOrderOfTheNodes() {
    List<String[]> hashes = table("Pair hashes");
    String[] standard = row(hashes, PairHashes.STANDARD.label());
    assertEquals("56", standard[3]); // every ordered (primary, backup) pair occurs
    assertEquals("56", standard[4]);
    assertEquals("7", standard[6]); // proxy-3's URLs spread over every survivor
    String[] proxy3 = row(table("proxy-3 fails: URLs moved"), "rendezvous");
    assertEquals(proxy3[1], standard[5]); // the URLs proxy-3 had, under rendezvous
    for (PairHashes sum : List.of(PairHashes.SUM, PairHashes.SUM_OF_MIXED)) {
      String[] row = row(hashes, sum.label());
      assertTrue(Integer.parseInt(row[3]) <= 8, sum.label()); // a primary has one backup
      assertTrue(Integer.parseInt(row[6]) <= 1, sum.label()); // all to one survivor
    }
    // Unmixed FNV-1a hashes of proxy-1 ... proxy-8 lie close together: one node takes every URL.
    assertEquals("8.000", row(hashes, PairHashes.SUM.label())[2]);
  }

  @Test
  void anyNodeCanFail() {
    CommandRun run = CommandRun.of("place", "--fail", "proxy-5", "--csv");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("\n# proxy-5 fails: URLs moved to each surviving node\n"));
    assertTrue(run.out().contains("\n# proxy-5 fails: replica pairs"));
    assertTrue(run.out().contains("where proxy-5's URLs go\n"));
    assertFalse(run.out().contains("proxy-3 fails"));
    String failure =
        run.out()
            .split("# proxy-5 fails: URLs moved to each surviving node\n", -1)[1]
            .split("\n\n", 2)[0];
    List<String> header = Arrays.asList(failure.split("\n", 2)[0].split(",", -1));
    assertEquals(
        List.of(
            "scheme",
            "proxy-5 had",
            "proxy-1",
            "proxy-2",
            "proxy-3",
            "proxy-4",
            "proxy-6",
            "proxy-7",
            "proxy-8",
            "between survivors",
            "moved"),
        header);
    for (String line : failure.lines().toList()) {
      String[] row = line.split(",", -1);
      if (row[0].equals("rendezvous") || row[0].equals("lookup table")) {
        assertEquals("0", row[9], line); // only proxy-5's URLs move
        assertEquals(row[1], row[10], line);
      }
    }
    // The failure is all that changes: the other tables are those of the default run.
    assertEquals(
        csv.out().split("\n# proxy-9 joins", -1)[1], run.out().split("\n# proxy-9 joins", -1)[1]);
  }

  @Test
  void aTimeWindowPlacesOnlyItsRequests(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("access_log");
    List<String> lines = new ArrayList<>();
    for (int hour = 0; hour < 48; hour++) {
      String day = hour < 24 ? "01" : "02";
      lines.add(
          String.format(
              Locale.ROOT,
              "host - - [%s/Jul/1995:%02d:30:00 -0400] \"GET /page-%d.html HTTP/1.0\" 200 -",
              day,
              hour % 24,
              hour % 10));
    }
    Files.write(log, lines, StandardCharsets.UTF_8);
    CommandRun day =
        CommandRun.of(
            "place",
            "--input",
            log.toString(),
            "--from",
            "1995-07-02",
            "--to",
            "1995-07-02T05:00",
            "--nodes",
            "4",
            "--csv");
    assertEquals(0, day.exitCode(), day.err());
    // 00:30 ... 04:30 on 2 July: 5 requests for /page-4 ... /page-8; 43 outside.
    assertTrue(
        day.out()
            .startsWith(
                log
                    + " (clf), from 1995-07-02T00:00 to 1995-07-02T05:00: 5 requests for 5 URLs,"
                    + " placed on 4 nodes; 43 requests outside the window\n"),
        day.out());
    // The same hours as instants, 04:00 to 09:00 UTC.
    CommandRun utc =
        CommandRun.of(
            "place",
            "--input",
            log.toString(),
            "--from",
            "1995-07-02T04:00Z",
            "--to",
            "1995-07-02T09:00:00Z",
            "--nodes",
            "4",
            "--csv");
    assertEquals(
        day.out().substring(day.out().indexOf('\n')), utc.out().substring(utc.out().indexOf('\n')));

    assertError(
        "no requests in " + log + " from 1995-08-01T00:00: 48 requests outside the window",
        "place",
        "--input",
        log.toString(),
        "--from",
        "1995-08-01");
    Path keys = dir.resolve("keys.txt");
    Files.writeString(keys, "user:1\nuser:2\n");
    assertError(
        "--to: a key list has no times to select requests by",
        "place",
        "--input",
        keys.toString(),
        "--to",
        "1995-07-01");
    assertError(
        "--from: 1995-08-01T06:00 has no offset, and the times of a tsv log are epoch seconds,"
            + " without one: write it with its offset, as in 1995-08-01T06:00-04:00",
        "place",
        "--from",
        "1995-08-01T06:00");
    assertError(
        "--from must be a time YYYY-MM-DD[Thh:mm[:ss]][Z|+hh:mm|-hh:mm]: 01/Jul/1995",
        "place",
        "--from",
        "01/Jul/1995");
    assertError(
        "--to must be after --from 1995-07-02: 1995-07-01",
        "place",
        "--from",
        "1995-07-02",
        "--to",
        "1995-07-01");
  }

  @Test
  void theBundledLogInATimeWindowWithOffsets() {
    CommandRun run =
        CommandRun.of(
            "place", "--from", "1995-08-01T06:00-04:00", "--to", "1995-08-01T09:00-04:00", "--csv");
    assertEquals(0, run.exitCode(), run.err());
    // The 30,969 requests minus those before 06:00 and from 09:00 on (EDT).
    assertTrue(
        run.out()
            .startsWith(
                "nasa_19950801.tsv.gz (tsv), from 1995-08-01T06:00-04:00 to"
                    + " 1995-08-01T09:00-04:00: 5658 requests for 966 URLs, placed on 8 nodes;"
                    + " 25311 requests outside the window\n"),
        run.out());
  }

  @Test
  void modEightToSevenMovesSevenEighthsOfTheUrls() {
    String[] modN = row(table("From 8 to 7 nodes"), "mod N");
    int urls = Integer.parseInt(modN[1]);
    double moved = Long.parseLong(modN[2]) / (double) urls;
    // A URL keeps its owner iff its hash has the same remainder mod 8 and mod 7: by the Chinese
    // remainder theorem, 7 of every 56 residues, so it moves with probability p = 7/8. URLs hash
    // independently, so the number moved is Binomial(n, p), and the fraction has standard
    // deviation sqrt(p (1 − p) / n) = sqrt(7/64 / 2088) = 0.0072. Five standard deviations,
    // 0.036, are exceeded with probability below 10^-6.
    double p = 7 / 8.0;
    double tolerance = 5 * Math.sqrt(p * (1 - p) / urls);
    assertEquals(2088, urls);
    assertEquals(p, moved, tolerance);
    assertEquals("87.5", modN[4]);
  }

  @Test
  void weightedSharesMatchTheExactFractions() {
    List<String[]> weighted = table("Weighted rendezvous");
    String[] light = row(weighted, "proxy-1");
    String[] heavy = row(weighted, "proxy-8");
    assertEquals("4", heavy[1]);
    assertEquals("25.0", heavy[2]); // log exact: 4 / 16
    assertEquals("43.6", heavy[5]); // naive exact: 223/512
    assertEquals("0.195", light[5]); // naive exact: 1/512
  }

  @Test
  void theHottestUrlIsTheNasaLogoWithSevenPercent() {
    String[] first = table("The 5 most requested URLs").get(1);
    assertEquals("/images/NASA-logosmall.gif", first[1]);
    assertEquals("2140", first[2]);
    assertEquals("6.91", first[3]);
    List<String[]> replication = table("Hot keys");
    double before = Double.parseDouble(row(replication, "0")[4]);
    double after = Double.parseDouble(row(replication, "10")[4]);
    double urlsBefore = Double.parseDouble(row(replication, "0")[5]);
    assertTrue(before > urlsBefore + 0.5, "requests are far less even than URLs");
    assertTrue(after < before, before + " -> " + after);
  }

  @Test
  void readsALogOfOnesOwnAndReportsItsSkippedLines(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("access_log");
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      lines.add(
          "host - - [01/Aug/1995:00:00:01 -0400] \"GET /page-"
              + (i % 50)
              + ".html HTTP/1.0\" 200 -");
      if (i == 16) {
        lines.add("garbage");
      }
    }
    Files.write(log, lines, StandardCharsets.UTF_8);
    CommandRun run = CommandRun.of("place", "--input", log.toString(), "--nodes", "4", "--csv");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(
        run.out()
            .startsWith(
                log
                    + " (clf): 200 requests for 50 URLs, placed on 4 nodes; skipped 1 malformed"
                    + " line (first: line 18)\n"),
        run.out());
    assertTrue(run.out().contains("# proxy-5 joins"), run.out());
  }

  @Test
  void badInputGivesAOneLineError(@TempDir Path dir) throws Exception {
    Path missing = dir.resolve("missing.log");
    assertError("--input: no such file: " + missing, "place", "--input", missing.toString());

    Path malformed = dir.resolve("malformed.tsv");
    Files.writeString(malformed, LogFormat.TSV_HEADER + "\nnot\ta\trequest\n\n");
    assertError(
        "no requests in " + malformed + ": skipped 2 malformed lines (first: line 2)",
        "place",
        "--input",
        malformed.toString());

    Path empty = dir.resolve("empty.txt");
    Files.writeString(empty, "");
    assertError("no requests in " + empty + ": it is empty", "place", "--input", empty.toString());

    Path truncated = dir.resolve("truncated.gz");
    byte[] gzip = gzip("host - - [01/Aug/1995:00:00:01 -0400] \"GET / HTTP/1.0\" 200 7280\n");
    Files.write(truncated, Arrays.copyOf(gzip, gzip.length - 4)); // the trailer cut short
    assertError(
        "cannot read " + truncated + ": unexpected end of file",
        "place",
        "--input",
        truncated.toString());

    assertError(
        "--nodes must be at least 3 (proxy-3 fails in one table; see --fail): 0",
        "place",
        "--nodes",
        "0");
    assertError(
        "--nodes must be at least 12 (proxy-12 fails in one table; see --fail): 8",
        "place",
        "--fail",
        "proxy-12");
    assertError(
        "--nodes must be at least 3 (proxy-1 fails in one table and 2 nodes must survive it;"
            + " see --fail): 2",
        "place",
        "--fail",
        "proxy-1",
        "--nodes",
        "2");
    for (String unknown : List.of("web-1", "proxy-0", "proxy-05", "proxy-", "PROXY-3")) {
      assertError(
          "--fail must be a node proxy-i of the run, proxy-1 ... proxy-N with --nodes N: "
              + unknown,
          "place",
          "--fail",
          unknown);
    }
  }

  private static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
      gzip.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return bytes.toByteArray();
  }

  private static void assertError(String message, String... args) {
    CommandRun run = CommandRun.of(args);
    assertEquals(2, run.exitCode(), run.out());
    assertTrue(run.err().startsWith(message + System.lineSeparator()), run.err());
    assertFalse(run.err().contains("Exception"), run.err());
    assertEquals("", run.out());
  }
}
