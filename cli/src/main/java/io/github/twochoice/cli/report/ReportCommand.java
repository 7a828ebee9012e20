/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.report;

import io.github.twochoice.cli.balls.BallsFigures;
import io.github.twochoice.cli.common.BuildVersion;
import io.github.twochoice.cli.common.CommonOptions;
import io.github.twochoice.cli.common.EnumNames;
import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.common.Table;
import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.Figure;
import io.github.twochoice.cli.figure.ReportSettings;
import io.github.twochoice.cli.figure.Section;
import io.github.twochoice.cli.live.LiveExperiment;
import io.github.twochoice.cli.maps.MapFigures;
import io.github.twochoice.cli.place.PlaceCommand;
import io.github.twochoice.cli.place.PlacementFigures;
import io.github.twochoice.cli.place.PlacementStudy;
import io.github.twochoice.cli.queue.QueueFigures;
import io.github.twochoice.cli.weblog.AccessLog;
import io.github.twochoice.cli.weblog.AccessLogReader;
import io.github.twochoice.spymemcached.LocalMemcached;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Writes the HTML report and prints what each chart holds. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Write the HTML report: every experiment as a chart.",
      "%nRun the experiments and write one self-contained HTML file with thirteen charts, each"
          + " with its data as CSV: maximum load vs n (mean and spread of the runs), layer"
          + " profiles and cuckoo success probability vs load, each beside theory; the four maps'"
          + " bucket loads, sequential keys under each hash family, and the keys per d-left"
          + " subtable; then the bundled web log placed on 8"
          + " proxies (as the place command does): requests per node per scheme, where a failed"
          + " node's URLs go, weighted shares, and the hot-key fix; then its requests balanced"
          + " over 10 servers (as the queue command does, with fewer requests): response times"
          + " per policy, queue-length tails beside the supermarket model, and the longest queue"
          + " on a stale board. Prints a table of the charts' series."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  twochoice report",
      "  twochoice report --quick --out /tmp/report.html",
      "  twochoice report --seed 7 --out report-7.html"
    })
public final class ReportCommand implements Runnable {
  /** The placement section places the bundled log on proxy-1 … proxy-8, as {@code place} does. */
  static final int PLACEMENT_NODES = 8;

  @Mixin CommonOptions common;

  @Option(
      names = "--out",
      defaultValue = "twochoice-report.html",
      description = "The HTML file to write (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(
      names = "--quick",
      description =
          "Smaller experiments (n up to 10^4, 2*10^4 requests per load-balancing run): the same"
              + " charts in seconds.")
  boolean quick;

  @Option(
      names = "--memcached",
      paramLabel = "N",
      description =
          "Add a section on real servers: the bundled log replayed through the spymemcached"
              + " client on N local memcached servers, as place --memcached N does, its hit ratio"
              + " over time per scheme. Needs memcached (apt-get install memcached); N at least"
              + " 3.")
  Integer memcached;

  @Override
  public void run() {
    if (memcached != null) {
      common.check(memcached >= 3, "--memcached", "at least 3 servers", memcached);
      common.check(
          LocalMemcached.missing() == null, "--memcached", "memcached installed", memcached);
    }
    Path folder = out.toAbsolutePath().getParent();
    common.check(!Files.isDirectory(out), "--out", "a file, not a directory", out);
    common.check(
        folder != null && Files.isDirectory(folder) && Files.isWritable(folder),
        "--out",
        "in a writable directory that exists",
        out);
    ReportSettings settings =
        quick ? ReportSettings.quick(common.seed) : ReportSettings.full(common.seed);
    Progress progress =
        common.progress(
            "report",
            (long) settings.ns().size() * 4
                + BallsFigures.LAYOUTS.size()
                + MapFigures.steps(settings));
    List<Section> sections = new ArrayList<>();
    sections.add(BallsFigures.section(settings, progress));
    sections.add(MapFigures.section(settings, progress));
    progress.finish();
    AccessLog log = bundledLog();
    sections.add(PlacementFigures.section(PlacementStudy.run(log, PLACEMENT_NODES)));
    sections.add(
        QueueFigures.section(
            log, settings.queueRequests(), settings.seedsPerPoint(), settings.seed()));
    if (memcached != null) {
      LiveExperiment live = new LiveExperiment(log.urls(), log.requestOrder(), memcached);
      try {
        live.run(done -> {});
      } catch (IOException e) {
        throw new UncheckedIOException("--memcached: " + e.getMessage(), e);
      }
      sections.add(live.section());
    }
    // The report is dated by the calendar of the machine that wrote it, the day its reader ran it.
    LocalDate today = LocalDate.now(ZoneId.systemDefault());
    try {
      String html =
          ReportPage.html(sections, ReportPage.parameters(settings, BuildVersion.version(), today));
      Files.writeString(out, html, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + out + ": " + PlaceCommand.reason(e), e);
    }
    Table table = new Table("chart", "series", "style", "points");
    for (Section section : sections) {
      for (Figure figure : section.figures()) {
        for (Chart.Series s : figure.chart().series()) {
          table.row(figure.chart().title(), s.name(), EnumNames.name(s.style()), s.xs().length);
        }
      }
    }
    common.print(table);
    common.out().println("wrote " + out.toAbsolutePath());
    common.out().flush();
  }

  private static AccessLog bundledLog() {
    try {
      return AccessLogReader.readBundled(null);
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
  }
}
