/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.cli.maps;

import static io.github.twochoice.cli.figure.ChartAssertions.names;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.cli.common.Progress;
import io.github.twochoice.cli.figure.Chart;
import io.github.twochoice.cli.figure.ReportSettings;
import io.github.twochoice.cli.figure.Section;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The real-map charts of the report: bucket loads, hash families and d-left subtables. */
class MapFiguresTest {
  private static final ReportSettings QUICK = ReportSettings.quick(2026);
  private static Section maps;

  @BeforeAll
  static void build() throws IOException {
    Progress silent = new Progress(new PrintWriter(new StringWriter()), "test", 0, false);
    maps = MapFigures.section(QUICK, silent);
  }

  @Test
  void histogramChartHasAllFourMaps() {
    Chart chart = maps.figures().get(0).chart();
    assertTrue(chart.y().log());
    assertEquals(
        List.of(
            "OneChoiceHashMap",
            "OneChoiceHashMap theory",
            "TwoChoiceHashMap",
            "TwoChoiceHashMap theory",
            "DLeftHashMap",
            "DLeftHashMap theory",
            "CuckooHashMap"),
        names(chart));
    Chart.Series one = chart.series("OneChoiceHashMap");
    Chart.Series two = chart.series("TwoChoiceHashMap");
    double longestOne = one.xs()[one.xs().length - 1];
    double longestTwo = two.xs()[two.xs().length - 1];
    assertTrue(longestTwo <= 4 && longestOne > longestTwo, longestOne + " vs " + longestTwo);
    assertTrue(chart.series("TwoChoiceHashMap theory").xs().length >= 3);
    // Fractions of buckets: each map's add up to 1; a cuckoo bucket holds at most its 8 slots.
    for (String map : List.of("OneChoiceHashMap", "DLeftHashMap", "CuckooHashMap")) {
      assertEquals(1, Arrays.stream(chart.series(map).ys()).sum(), 1e-9, map);
    }
    double[] cuckoo = chart.series("CuckooHashMap").xs();
    assertTrue(cuckoo[cuckoo.length - 1] <= 8, Arrays.toString(cuckoo));
  }

  @Test
  void hashFamilyChartShowsTheIdentityHashFailingOnSequentialKeys() {
    Chart chart = maps.figures().get(1).chart();
    assertEquals(List.of("strong_mixer", "multiply_shift", "tabulation", "identity"), names(chart));
    assertTrue(chart.x().log() && chart.y().log());
    int last = QUICK.hashKeys().size() - 1;
    // Tabulation and the strong mixer behave like random functions whatever the seed: about 1.5
    // probes, a narrow band.
    for (String family : List.of("strong_mixer", "tabulation")) {
      Chart.Series s = chart.series(family);
      assertArrayEquals(new double[] {100, 1000, 10_000}, s.xs());
      for (int i = 0; i < s.xs().length; i++) {
        assertTrue(s.lows()[i] >= 1 && s.highs()[i] < 2, family + " at " + s.xs()[i]);
      }
      assertTrue(s.highs()[last] - s.lows()[last] < 0.05, family);
    }
    // Multiply-shift on consecutive keys depends on its multiplier: a band five times as wide as
    // the strong mixer's at least.
    Chart.Series multiplyShift = chart.series("multiply_shift");
    Chart.Series mixer = chart.series("strong_mixer");
    assertTrue(
        multiplyShift.highs()[last] - multiplyShift.lows()[last]
            > 5 * (mixer.highs()[last] - mixer.lows()[last]),
        Arrays.toString(multiplyShift.lows()) + " " + Arrays.toString(multiplyShift.highs()));
    // The identity hash piles the keys into the overflow area: ten times the probes, any seed.
    Chart.Series identity = chart.series("identity");
    for (int i = 0; i < identity.xs().length; i++) {
      assertTrue(
          identity.lows()[i] > 10 * chart.series("strong_mixer").highs()[i],
          Arrays.toString(identity.ys()));
    }
  }

  @Test
  void subtableChartShowsTheLeftSubtablesFillingFirst() {
    Chart chart = maps.figures().get(2).chart();
    assertEquals(List.of("d = 2", "d = 3", "d = 4"), names(chart));
    for (Chart.Series s : chart.series()) {
      double[] shares = s.ys();
      assertEquals(1, Arrays.stream(shares).sum(), 1e-9, s.name());
      for (int t = 1; t < shares.length; t++) {
        assertTrue(s.lows()[t - 1] > s.highs()[t], s.name() + ": " + Arrays.toString(shares));
      }
    }
    // d = 2 at one key per 8-slot bucket: about 61 % left, 39 % right (the demo at 10^6).
    assertEquals(0.61, chart.series("d = 2").ys()[0], 0.03);
  }
}
