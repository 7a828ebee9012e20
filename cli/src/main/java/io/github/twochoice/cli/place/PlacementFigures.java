/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import io.github.twochoice.cli.common.Format;
import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.Chart.Axis;
import io.github.twochoice.cli.figure.Chart.Series;
import io.github.twochoice.cli.figure.Chart.Style;
import io.github.twochoice.cli.figure.Figure;
import io.github.twochoice.cli.figure.Section;
import io.github.twochoice.cli.weblog.AccessLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's placement section: four charts of a {@link PlacementStudy}, with nodes numbered 1 …
 * N on the horizontal axis. Requests per node under each scheme, the URLs each node receives when
 * one fails (proxy-3 unless the study names another), weighted shares, and the hot-key fix. Cost:
 * O(schemes × nodes) points.
 */
public final class PlacementFigures {
  private static final Axis NODE = new Axis("node (proxy-i)", false);

  private PlacementFigures() {}

  /**
   * The section's heading and introduction, and its charts.
   *
   * @param study the placement study they draw
   * @return the section
   */
  public static Section section(PlacementStudy study) {
    AccessLog log = study.log();
    return new Section(
        "Placing keys on servers",
        String.format(
            Locale.ROOT,
            "The %d URLs of %d requests to NASA's web server (%s) placed on %d proxies by each"
                + " scheme of io.github.twochoice.place (command: place, which prints every"
                + " number drawn here).",
            log.urls().size(),
            log.totalRequests(),
            log.source(),
            study.nodes().size()),
        figures(study));
  }

  static List<Figure> figures(PlacementStudy study) {
    HotKeys.HotKey hottest = study.hotKeys().top(1).get(0);
    return List.of(
        new Figure(
            requestsChart(study),
            String.format(
                Locale.ROOT,
                "Requests each proxy serves under each scheme; dashed: the mean. Requests are"
                    + " less even than URLs: the most requested URL, %s, alone carries %s %% of"
                    + " them.",
                hottest.url(),
                Format.percent(study.hotKeys().share(hottest)))),
        new Figure(
            failureChart(study),
            "URLs each surviving proxy receives when "
                + study.failed()
                + " fails; dashed: rendezvous's share of "
                + study.failed()
                + "'s URLs if spread evenly. Rendezvous and the lookup table spread only the"
                + " failed proxy's URLs over all others, the rings give them to the next tokens"
                + " (all to one node with one token each), the hierarchy to the failed proxy's"
                + " group; mod N and the two-choice ring also move URLs between survivors."),
        new Figure(
            weightedChart(study),
            "Share of URLs per proxy under weighted rendezvous with capacities "
                + study.capacitiesLabel()
                + ". Dashed: the exact shares (WeightedScore.shares). The logarithmic score"
                + " gives shares proportional to capacity; the naive score w·u favours the"
                + " largest nodes: with capacities 1,1,1,1,2,2,4,4, each node of capacity 4 gets"
                + " 223/512 of the keys instead of 1/4."),
        new Figure(
            hotKeyChart(study),
            "Requests per proxy under rendezvous when the hottest k URLs are served by their"
                + " primary and their backup, half each; dashed: the mean."));
  }

  static Chart requestsChart(PlacementStudy study) {
    List<Series> series = new ArrayList<>();
    for (PlacementStudy.SchemeRun run : study.runs()) {
      series.add(perNode(run.scheme().label(), study.nodes(), run.requests()));
    }
    double mean = study.log().totalRequests() / (double) study.nodes().size();
    series.add(flat("mean", study.nodes().size(), mean));
    return new Chart(
        "Requests per node under each scheme", NODE, new Axis("requests", false), series);
  }

  static Chart failureChart(PlacementStudy study) {
    List<String> survivors = study.survivors();
    List<Series> series = new ArrayList<>();
    for (PlacementStudy.SchemeRun run : study.runs()) {
      List<double[]> points = new ArrayList<>();
      for (String node : survivors) {
        points.add(new double[] {number(study, node), run.failure().into(node)});
      }
      series.add(Series.of(run.scheme().label(), Style.MEASURED, points, false));
    }
    long failedUrls = study.run(PlacementScheme.RENDEZVOUS).urls().load(study.failed());
    series.add(
        Series.of(
            "rendezvous theory",
            Style.THEORY,
            List.of(
                new double[] {1, failedUrls / (double) survivors.size()},
                new double[] {study.nodes().size(), failedUrls / (double) survivors.size()}),
            false));
    return new Chart(
        study.failed() + " fails: URLs each surviving node receives",
        NODE,
        new Axis("URLs received", false),
        series);
  }

  static Chart weightedChart(PlacementStudy study) {
    List<Series> series = new ArrayList<>();
    WeightedShares log = study.logarithmicShares();
    WeightedShares naive = study.naiveShares();
    series.add(shares("log", log.urls().shares(), Style.MEASURED));
    series.add(shares("naive", naive.urls().shares(), Style.MEASURED));
    series.add(shares("naive theory", unboxed(naive.exact()), Style.THEORY));
    series.add(shares("capacity-proportional", unboxed(log.exact()), Style.THEORY));
    return new Chart(
        "Weighted rendezvous: share of URLs per node",
        NODE,
        new Axis("share of URLs", false),
        series);
  }

  static Chart hotKeyChart(PlacementStudy study) {
    List<Series> series = new ArrayList<>();
    for (HotKeys.Replication replication : study.replications()) {
      String name =
          replication.replicated() == 0
              ? "no replication"
              : "hottest " + replication.replicated() + " replicated";
      series.add(perNode(name, study.nodes(), replication.requests()));
    }
    double mean = study.log().totalRequests() / (double) study.nodes().size();
    series.add(flat("mean", study.nodes().size(), mean));
    return new Chart(
        "Hot keys: requests per node under rendezvous", NODE, new Axis("requests", false), series);
  }

  private static Series perNode(String name, List<String> nodes, NodeLoads loads) {
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      points.add(new double[] {i + 1, loads.load(nodes.get(i))});
    }
    return Series.of(name, Style.MEASURED, points, false);
  }

  private static Series shares(String name, double[] shares, Style style) {
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < shares.length; i++) {
      points.add(new double[] {i + 1, shares[i]});
    }
    return Series.of(name, style, points, false);
  }

  private static Series flat(String name, int nodes, double y) {
    return Series.of(
        name, Style.THEORY, List.of(new double[] {1, y}, new double[] {nodes, y}), false);
  }

  /** The number i of node proxy-i. */
  private static int number(PlacementStudy study, String node) {
    return study.nodes().indexOf(node) + 1;
  }

  private static double[] unboxed(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
