/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.place;

import static io.github.twochoice.cli.figure.ChartAssertions.assertRendersFinitePoints;
import static io.github.twochoice.cli.figure.ChartAssertions.names;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.Figure;
import io.github.twochoice.cli.figure.Section;
import io.github.twochoice.cli.weblog.AccessLogReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The placement charts of the report, on the bundled web log and 8 proxies. */
class PlacementFiguresTest {
  private static PlacementStudy study;
  private static Section placement;

  @BeforeAll
  static void build() throws IOException {
    study = PlacementStudy.run(AccessLogReader.readBundled(null), 8);
    placement = PlacementFigures.section(study);
  }

  @Test
  void placementSectionHasEverySeriesAndNoNaN() {
    List<Figure> charts = placement.figures();
    assertEquals(4, charts.size());
    List<String> expected = new ArrayList<>();
    for (PlacementScheme scheme : PlacementScheme.values()) {
      expected.add(scheme.label());
    }
    expected.add("mean");
    assertEquals(expected, names(charts.get(0).chart()));
    expected.set(expected.size() - 1, "rendezvous theory");
    assertEquals(expected, names(charts.get(1).chart()));
    assertEquals(
        List.of("log", "naive", "naive theory", "capacity-proportional"),
        names(charts.get(2).chart()));
    assertEquals(
        List.of(
            "no replication",
            "hottest 1 replicated",
            "hottest 5 replicated",
            "hottest 10 replicated",
            "hottest 20 replicated",
            "mean"),
        names(charts.get(3).chart()));
    for (Figure figure : charts) {
      assertRendersFinitePoints(figure.chart(), 2);
    }
  }

  @Test
  void placementChartsShowTheGuarantees() {
    // Requests per node add up to the log's requests under every scheme.
    for (Chart.Series s : placement.figures().get(0).chart().series()) {
      if (s.style() == Chart.Style.MEASURED) {
        assertEquals(30_969, Arrays.stream(s.ys()).sum(), 1e-9, s.name());
      }
    }
    // Under rendezvous the survivors receive exactly proxy-3's URLs, and nothing else.
    Chart failure = placement.figures().get(1).chart();
    assertArrayEquals(new double[] {1, 2, 4, 5, 6, 7, 8}, failure.series("rendezvous").xs());
    assertEquals(
        (double) study.run(PlacementScheme.RENDEZVOUS).urls().load("proxy-3"),
        Arrays.stream(failure.series("rendezvous").ys()).sum(),
        1e-9);
    // The naive score gives a node of capacity 4 exactly 223/512 of the keys, capacity 1: 1/512.
    Chart weighted = placement.figures().get(2).chart();
    assertEquals(223 / 512.0, weighted.series("naive theory").ys()[7], 1e-12);
    assertEquals(1 / 512.0, weighted.series("naive theory").ys()[0], 1e-12);
    assertEquals(4 / 16.0, weighted.series("capacity-proportional").ys()[7], 1e-12);
    // Replicating the hottest URLs lowers the busiest node's requests.
    Chart hot = placement.figures().get(3).chart();
    double before = Arrays.stream(hot.series("no replication").ys()).max().orElseThrow();
    double after = Arrays.stream(hot.series("hottest 10 replicated").ys()).max().orElseThrow();
    assertTrue(after < before, before + " -> " + after);
  }

  @Test
  void theFailureChartFollowsTheFailedNode() throws IOException {
    PlacementStudy five = PlacementStudy.run(AccessLogReader.readBundled(null), 8, "proxy-5");
    Chart failure = PlacementFigures.figures(five).get(1).chart();
    assertEquals("proxy-5 fails: URLs each surviving node receives", failure.title());
    assertArrayEquals(new double[] {1, 2, 3, 4, 6, 7, 8}, failure.series("rendezvous").xs());
    assertEquals(
        (double) five.run(PlacementScheme.RENDEZVOUS).urls().load("proxy-5"),
        Arrays.stream(failure.series("rendezvous").ys()).sum(),
        1e-9);
  }
}
