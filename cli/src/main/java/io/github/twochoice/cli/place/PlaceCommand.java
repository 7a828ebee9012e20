/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.cli.common.CommonOptions;
import io.github.twochoice.cli.common.EnumNames;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.common.Table;
import io.github.twochoice.cli.live.LiveExperiment;
import io.github.twochoice.cli.weblog.AccessLog;
import io.github.twochoice.cli.weblog.AccessLogReader;
import io.github.twochoice.cli.weblog.LogFormat;
import io.github.twochoice.cli.weblog.LogTime;
import io.github.twochoice.cli.weblog.TimeWindow;
import io.github.twochoice.spymemcached.LocalMemcached;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * input (a missing or unreadable file, a log without one request in the time window, fewer than 3
 * nodes, a failed node that is not one of them, a time that cannot be read) is a one-line usage
 * error, exit code 2. Cost: one pass over the log, then a few placements of every URL; under a
 * second for the bundled log.
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
      "%nPrint, in titled tables: URLs and requests per node; the URLs that move when one node"
          + " fails (--fail) and when proxy-(N+1) joins; the replica pairs (primary, backup) ="
          + " ranking(key, 2) that held the failed node and the URLs each survivor stores anew,"
          + " beside the expected 2K/N and 2K/(N(N-1)) of K URLs; the pair hashes that combine key"
          + " and node without a final mix, which give every key the same order of the nodes;"
          + " N -> N-1 nodes under mod N and rendezvous; the rings' shares with mixed and unmixed"
          + " tokens; weighted shares, logarithmic vs naive; the most requested URLs, and the"
          + " hot-key fix: the hottest URLs served by their rendezvous primary and backup. With"
          + " --csv, each table follows a line '# title'.",
      "%nDefault input: NASA's web server on 1 August 1995, bundled. Deterministic: every"
          + " placement is a hash of key and node names, so --seed changes nothing."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  twochoice place",
      "  twochoice place --nodes 20 --fail proxy-17 --csv",
      "  twochoice place --input access.log --format clf",
      "  twochoice place --input access_log.gz --from 1995-07-01 --to 1995-07-08"
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
      description =
          "Number of nodes, at least 3 and at least i for --fail proxy-i (default:"
              + " ${DEFAULT-VALUE}).")
  int nodeCount;

  @Option(
      names = "--fail",
      paramLabel = "NODE",
      defaultValue = PlacementStudy.DEFAULT_FAILED,
      description = "The node that fails, one of proxy-1 ... proxy-N (default: ${DEFAULT-VALUE}).")
  String failed;

  @Option(
      names = "--from",
      paramLabel = "TIME",
      description =
          "Keep only the requests at or after TIME, written "
              + LogTime.SYNTAX
              + ", for example 1995-07-01 or 1995-07-01T06:30. Without an offset, TIME is a"
              + " wall-clock time, compared with each line's time as written, in the line's own"
              + " offset (Common Log Format: [01/Jul/1995:00:00:01 -0400] is 1995-07-01T00:00:01)."
              + " With an offset (Z, -04:00), TIME is an instant; the times of a TSV log (the"
              + " bundled one) are epoch seconds, so there TIME needs one. A key list has no"
              + " times.")
  String from;

  @Option(
      names = "--to",
      paramLabel = "TIME",
      description =
          "Keep only the requests before TIME (excluded), written as for --from; --from"
              + " 1995-07-01 --to 1995-07-08 keeps the 7 days from 1 to 7 July.")
  String to;

  @Option(
      names = "--memcached",
      paramLabel = "N",
      description =
          "Instead of the simulation's tables: start N local memcached servers and a spare, and"
              + " replay the log through the spymemcached client as a cache would (get; on a"
              + " miss, set) under mod N, Ketama, jump hashing, Maglev's table, rendezvous, weighted"
              + " rendezvous and the lookup table, the middle server stopped a third of the way through and replaced by"
              + " the spare two thirds through; print each phase's hit ratio, the keys lost and"
              + " moved, and the keys per server from memcached's stats, real beside simulated."
              + " Needs memcached (apt-get install memcached); N at least 3.")
  Integer memcached;

  @Override
  public void run() {
    if (memcached != null) {
      runLive();
      return;
    }
    int failedNumber = PlacementStudy.proxyNumber(failed);
    common.check(
        failedNumber > 0,
        "--fail",
        "a node proxy-i of the run, proxy-1 ... proxy-N with --nodes N",
        failed);
    int minNodes = PlacementStudy.minNodes(failedNumber);
    if (nodeCount < minNodes) {
      throw new ParameterException(
          spec.commandLine(),
          "--nodes must be at least "
              + minNodes
              + " ("
              + failed
              + " fails in one table"
              + (failedNumber < minNodes ? " and 2 nodes must survive it" : "")
              + "; see --fail): "
              + nodeCount);
    }
    PlacementStudy study = PlacementStudy.run(readLog(timeWindow()), nodeCount, failed);
    AccessLog log = study.log();
    common
        .out()
        .printf(
            Locale.ROOT,
            "%s (%s)%s: %d requests for %d URLs, placed on %d nodes%s%n",
            log.source(),
            EnumNames.name(log.format()),
            log.window().isAll() ? "" : ", " + log.window(),
            log.totalRequests(),
            log.urls().size(),
            nodeCount,
            notes(log).isEmpty() ? "" : "; " + notes(log));
    PlaceTables tables = new PlaceTables(study);
    common.section("URLs and requests per node", tables.loads());
    common.section("Requests per node", tables.requestsPerNode());
    common.section(failed + " fails: URLs moved to each surviving node", tables.failure());
    common.section(
        failed + " fails: replica pairs (primary, backup) that held it, new URLs per survivor",
        tables.replicaPairs());
    common.section(
        "Pair hashes (h = fnv1a64, mix = splitmix64): primaries, pairs, where "
            + failed
            + "'s URLs go",
        tables.pairHashes());
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

  /** --memcached N: the live experiment on real servers, beside its simulation. */
  private void runLive() {
    common.check(memcached >= 3, "--memcached", "at least 3 servers", memcached);
    String missing = LocalMemcached.missing();
    if (missing != null) {
      throw new ParameterException(spec.commandLine(), "--memcached: " + missing);
    }
    AccessLog log = readLog(timeWindow());
    LiveExperiment live = new LiveExperiment(log.urls(), log.requestOrder(), memcached);
    common
        .out()
        .printf(
            Locale.ROOT,
            "%s: %d requests replayed on %d memcached servers and a spare%s; server %d stops"
                + " after a third, the spare replaces it after two thirds%n",
            log.source(),
            live.requests(),
            memcached,
            live.skipped() == 0 ? "" : " (" + live.skipped() + " with URLs memcached refuses)",
            live.stopped() + 1);
    Progress progress = common.progress("schemes", LiveExperiment.schemes());
    try {
      Table table = live.run(done -> progress.step());
      progress.finish();
      common.section("The log through real memcached servers, beside the simulation", table);
    } catch (IOException e) {
      throw new ParameterException(spec.commandLine(), "--memcached: " + e.getMessage(), e);
    }
  }

  /** --from and --to as a window; a time that cannot be read is a one-line usage error. */
  private TimeWindow timeWindow() {
    LogTime start = time("--from", from);
    LogTime end = time("--to", to);
    try {
      return TimeWindow.between(start, end);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), "--to must be after --from " + from + ": " + to, e);
    }
  }

  private LogTime time(String option, String text) {
    if (text == null) {
      return null;
    }
    try {
      return LogTime.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), option + " must be a time " + LogTime.SYNTAX + ": " + text, e);
    }
  }

  /** The log's notes on skipped lines and requests outside the window, or "". */
  private static String notes(AccessLog log) {
    List<String> notes = new ArrayList<>();
    for (String note : List.of(log.skippedNote(), log.outsideNote())) {
      if (!note.isEmpty()) {
        notes.add(note);
      }
    }
    return String.join("; ", notes);
  }

  /**
   * Reads --input, or the bundled log, in a time window; turns every failure into a one-line usage
   * error.
   */
  private AccessLog readLog(TimeWindow window) {
    AccessLog log;
    try {
      log =
          input == null
              ? AccessLogReader.readBundled(format, window)
              : AccessLogReader.read(input, format, window);
    } catch (NoSuchFileException e) {
      throw new ParameterException(spec.commandLine(), "--input: no such file: " + input, e);
    } catch (IOException e) {
      String source = input == null ? AccessLogReader.BUNDLED : input.toString();
      throw new ParameterException(
          spec.commandLine(), "cannot read " + source + ": " + reason(e), e);
    } catch (IllegalArgumentException e) {
      String options = from == null ? "--to" : to == null ? "--from" : "--from/--to";
      throw new ParameterException(spec.commandLine(), options + ": " + e.getMessage(), e);
    }
    if (log.totalRequests() == 0) {
      throw new ParameterException(
          spec.commandLine(),
          "no requests in "
              + log.source()
              + (log.window().isAll() ? "" : " " + log.window())
              + ": "
              + (notes(log).isEmpty() ? "it is empty" : notes(log)));
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
