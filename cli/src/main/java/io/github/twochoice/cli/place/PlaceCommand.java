/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.cli.common.CommonOptions;
import io.github.twochoice.cli.common.EnumNames;
import io.github.twochoice.cli.weblog.AccessLog;
import io.github.twochoice.cli.weblog.AccessLogReader;
import io.github.twochoice.cli.weblog.LogFormat;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code place} command: places the URLs of a web log on N proxies under every {@link
 * PlacementScheme} and prints a {@link PlacementStudy} as titled tables ({@link PlaceTables}). Bad
 * input (a missing or unreadable file, a log without one request, fewer than 3 nodes) is a one-line
 * usage error, exit code 2. Cost: one pass over the log, then a few placements of every URL; under
 * a second for the bundled log.
 */
@Command(
    name = "place",
    mixinStandardHelpOptions = true,
    description = {
      "A web log's URLs on N proxies: mod N, rings, rendezvous.",
      "%nPlace the URLs of a web log on N proxies, proxy-1 ... proxy-N, under mod N, consistent"
          + " hashing rings of 1 and 100 tokens per node, rendezvous hashing, two choices on the"
          + " ring of 100, hierarchical rendezvous (fanout 4) and a lookup table of 65,537 rows"
          + " filled in rendezvous order.",
      "%nPrint, in titled tables: URLs and requests per node; the URLs that move when proxy-3"
          + " fails and when proxy-(N+1) joins; N -> N-1 nodes under mod N and rendezvous; the"
          + " rings' shares with mixed and unmixed tokens; weighted shares, logarithmic vs naive;"
          + " the most requested URLs, and the hot-key fix: the hottest URLs served by their"
          + " rendezvous primary and backup. With --csv, each table follows a line '# title'.",
      "%nDefault input: NASA's web server on 1 August 1995, bundled. Deterministic: every"
          + " placement is a hash of key and node names, so --seed changes nothing."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  twochoice place",
      "  twochoice place --nodes 20 --csv",
      "  twochoice place --input access.log --format clf"
    })
public final class PlaceCommand implements Runnable {
  @Spec CommandSpec spec;

  @Mixin CommonOptions common;

  @Option(
      names = "--input",
      paramLabel = "FILE",
      description =
          "A web log (TSV with the bundled log's header, or Common Log Format) or a key list,"
              + " one key per line; gzip or plain (default: the bundled log,"
              + " nasa_19950801.tsv.gz).")
  Path input;

  @Option(
      names = "--format",
      converter = LogFormats.class,
      completionCandidates = LogFormats.class,
      description = "Format of --input: ${COMPLETION-CANDIDATES} (default: from the first line).")
  LogFormat format;

  @Option(
      names = "--nodes",
      defaultValue = "8",
      description = "Number of nodes, at least 3 (default: ${DEFAULT-VALUE}).")
  int nodeCount;

  @Override
  public void run() {
    if (nodeCount < PlacementStudy.MIN_NODES) {
      throw new ParameterException(
          spec.commandLine(),
          "--nodes must be at least "
              + PlacementStudy.MIN_NODES
              + " ("
              + PlacementStudy.FAILED
              + " fails in one table): "
              + nodeCount);
    }
    PlacementStudy study = PlacementStudy.run(readLog(), nodeCount);
    AccessLog log = study.log();
    common
        .out()
        .printf(
            Locale.ROOT,
            "%s (%s): %d requests for %d URLs, placed on %d nodes%s%n",
            log.source(),
            EnumNames.name(log.format()),
            log.totalRequests(),
            log.urls().size(),
            nodeCount,
            log.skippedLines() == 0 ? "" : "; " + log.skippedNote());
    PlaceTables tables = new PlaceTables(study);
    common.section("URLs and requests per node", tables.loads());
    common.section("Requests per node", tables.requestsPerNode());
    common.section(
        PlacementStudy.FAILED + " fails: URLs moved to each surviving node", tables.failure());
    common.section(study.joined() + " joins: URLs it takes from each node", tables.join());
    common.section(
        "From "
            + nodeCount
            + " to "
            + (nodeCount - 1)
            + " nodes ("
            + study.nodes().get(nodeCount - 1)
            + " removed): URLs that change owner",
        tables.shrink());
    common.section("Rings: the share of the ring each node owns", tables.rings());
    common.section(
        "Weighted rendezvous, capacities " + study.capacitiesLabel() + ": shares per node, %",
        tables.weighted());
    common.section(
        "The " + PlacementStudy.TOP + " most requested URLs, rendezvous primary and backup",
        tables.topUrls());
    common.section(
        "Hot keys: the hottest URLs replicated on primary and backup (rendezvous)",
        tables.replication());
  }

  /** Reads --input, or the bundled log; turns every failure into a one-line usage error. */
  private AccessLog readLog() {
    AccessLog log;
    try {
      log =
          input == null ? AccessLogReader.readBundled(format) : AccessLogReader.read(input, format);
    } catch (NoSuchFileException e) {
      throw new ParameterException(spec.commandLine(), "--input: no such file: " + input, e);
    } catch (IOException e) {
      String source = input == null ? AccessLogReader.BUNDLED : input.toString();
      throw new ParameterException(
          spec.commandLine(), "cannot read " + source + ": " + reason(e), e);
    }
    if (log.totalRequests() == 0) {
      throw new ParameterException(
          spec.commandLine(),
          "no requests in "
              + log.source()
              + (log.skippedLines() == 0 ? ": it is empty" : ": " + log.skippedNote()));
    }
    return log;
  }

  /**
   * The message of an I/O error; a truncated gzip stream throws one without a message.
   *
   * @param e the error
   * @return its message, or its class's simple name
   */
  public static String reason(IOException e) {
    if (e.getMessage() != null) {
      return e.getMessage();
    }
    return e instanceof EOFException ? "unexpected end of file" : e.getClass().getSimpleName();
  }

  /** {@code place --format}. */
  static final class LogFormats extends EnumNames<LogFormat> {
    LogFormats() {
      super(LogFormat.class);
    }
  }
}
