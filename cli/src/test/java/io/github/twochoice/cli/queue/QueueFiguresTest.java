/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.queue;

import static io.github.twochoice.cli.figure.ChartAssertions.assertRendersFinitePoints;
import static io.github.twochoice.cli.figure.ChartAssertions.assertShowsSpread;
import static io.github.twochoice.cli.figure.ChartAssertions.names;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.Figure;
import io.github.twochoice.cli.figure.ReportSettings;
import io.github.twochoice.cli.figure.Section;
import io.github.twochoice.cli.weblog.AccessLogReader;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The load-balancing charts of the report, on the bundled web log's request sizes. */
class QueueFiguresTest {
  private static final ReportSettings QUICK = ReportSettings.quick(2026);
  private static Section balancing;

  @BeforeAll
  static void build() throws IOException {
    balancing =
        QueueFigures.section(
            AccessLogReader.readBundled(null),
            QUICK.queueRequests(),
            QUICK.seedsPerPoint(),
            QUICK.seed());
  }

  @Test
  void balancingSectionHasEverySeriesAndNoNaN() {
    List<Figure> charts = balancing.figures();
    assertEquals(3, charts.size());
    assertEquals(
        List.of(
            "random",
            "round robin",
            "best of 2",
            "best of 2, ties low",
            "least loaded",
            "least work",
            "weighted",
            "peak EWMA"),
        names(charts.get(0).chart()));
    assertEquals(
        List.of("1 choice", "1 choice theory", "2 choices", "2 choices theory"),
        names(charts.get(1).chart()));
    assertEquals(List.of("least loaded", "best of 2"), names(charts.get(2).chart()));
    assertTrue(charts.get(0).chart().x().log());
    assertTrue(charts.get(1).chart().y().log());
    assertTrue(balancing.intro().contains("20000 requests"), balancing.intro());
    for (Figure figure : charts) {
      assertRendersFinitePoints(figure.chart(), 6);
    }
  }

  @Test
  void balancingChartsShowTheEffects() {
    // The distribution: times rise with the fraction answered; best of 2's median is far below
    // random's (measured at 10^6 requests: 0.63 ms against 5.1 ms).
    Chart times = balancing.figures().get(0).chart();
    for (Chart.Series s : times.series()) {
      double[] xs = s.xs();
      for (int i = 1; i < xs.length; i++) {
        assertTrue(xs[i] >= xs[i - 1] && xs[i] >= 0.05, s.name() + " at " + i);
      }
    }
    int median = Arrays.binarySearch(QueueFigures.LEVELS, 0.5);
    double random = times.series("random").xs()[median];
    double bestOfTwo = times.series("best of 2").xs()[median];
    assertTrue(bestOfTwo < random / 3, bestOfTwo + " vs " + random);
    // The tail at 100 servers, 360,000 requests: two choices at i = 3 near λ^7 = 0.478.
    Chart tail = balancing.figures().get(1).chart();
    assertEquals(0.478, tail.series("2 choices").ys()[2], 0.03);
    assertEquals(Math.pow(0.9, 7), tail.series("2 choices theory").ys()[2], 1e-12);
    assertEquals(0.729, tail.series("1 choice").ys()[2], 0.05);
    // The herd: on a board 10 ms old least loaded piles up far longer queues than best of 2.
    Chart stale = balancing.figures().get(2).chart();
    double herd = Arrays.stream(stale.series("least loaded").ys()).max().orElseThrow();
    double pairs = Arrays.stream(stale.series("best of 2").ys()).max().orElseThrow();
    assertTrue(herd > 2 * pairs, herd + " vs " + pairs);
  }

  @Test
  void theTailChartShowsItsSpread() {
    assertShowsSpread(balancing.figures().get(1).chart());
  }
}
