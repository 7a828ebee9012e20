/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The size sources, with fixed seeds. Sample means over m draws are held to six standard errors;
 * the bounded Pareto fit's figures are exact and its samples within a few per cent.
 */
class ServiceTimesTest {
  private static final int DRAWS = 1_000_000;

  private static double[] draw(ServiceTimes times, int count, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] sample = new double[count];
    for (int i = 0; i < count; i++) {
      sample[i] = times.next(random);
    }
    return sample;
  }

  private static double mean(double[] values) {
    return Arrays.stream(values).sum() / values.length;
  }

  private static void assertRejected(String argument, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(argument), e.getMessage());
  }

  @Test
  void exponentialHasItsMeanAndTopShare() {
    ServiceTimes times = ServiceTimes.exponential(2);
    assertEquals(2, times.mean());
    // The standard deviation equals the mean: standard error 2 / 1000.
    assertEquals(2, mean(draw(times, DRAWS, 1)), 6 * 2.0 / 1000);
    // The top 1 % carry 0.01 (1 + ln 100) = 5.6 % of the work.
    assertEquals(0.01 * (1 + Math.log(100)), times.shareOfTopWork(0.01), 1e-15);
    assertEquals(1, times.shareOfTopWork(1), 1e-15);
    assertEquals(1, ServiceTimes.exponential().mean());
    assertRejected("mean", () -> ServiceTimes.exponential(0));
    assertRejected("mean", () -> ServiceTimes.exponential(Double.NaN));
    assertRejected("fraction", () -> times.shareOfTopWork(0));
    assertRejected("fraction", () -> times.shareOfTopWork(1.5));
  }

  @Test
  void empiricalResamplesTheGivenSizes() {
    double[] sizes = {1, 1, 1, 1, 1, 1, 1, 1, 1, 11};
    ServiceTimes times = ServiceTimes.empirical(sizes);
    assertEquals(2, times.mean(), 1e-15);
    // The largest 10 % is the one 11 of a total of 20; 5 % is half of it.
    assertEquals(0.55, times.shareOfTopWork(0.1), 1e-15);
    assertEquals(0.275, times.shareOfTopWork(0.05), 1e-15);
    double[] sample = draw(times, 100_000, 2);
    assertTrue(Arrays.stream(sample).allMatch(x -> x == 1 || x == 11));
    // P(11) = 0.1: count standard deviation sqrt(100000 * 0.09) = 95.
    long elevens = Arrays.stream(sample).filter(x -> x == 11).count();
    assertEquals(10_000, (double) elevens, 6 * 95);
    sizes[9] = 1000; // copied: the source does not change
    assertEquals(2, times.mean(), 1e-15);
  }

  @Test
  void empiricalRejectsBadSizes() {
    assertThrows(NullPointerException.class, () -> ServiceTimes.empirical(null));
    assertRejected("sizes", () -> ServiceTimes.empirical(new double[0]));
    assertRejected("sizes[1]", () -> ServiceTimes.empirical(new double[] {1, -1}));
    assertRejected("sizes[1]", () -> ServiceTimes.empirical(new double[] {1, Double.NaN}));
    assertRejected(
        "sizes[0]", () -> ServiceTimes.empirical(new double[] {Double.POSITIVE_INFINITY}));
    assertRejected("sizes", () -> ServiceTimes.empirical(new double[] {0, 0}));
  }

  @Test
  void webLogBytesBecomeMilliseconds() {
    assertArrayEquals(
        new double[] {0.05, 0.051, 0.15, 84.05},
        ServiceTimes.webServiceTimesMillis(new long[] {0, 100, 10_000, 8_400_000}),
        1e-12);
    assertRejected("byteCounts[1]", () -> ServiceTimes.webServiceTimesMillis(new long[] {5, -1}));
    assertThrows(NullPointerException.class, () -> ServiceTimes.webServiceTimesMillis(null));
  }

  /**
   * The web-size figures: median 0.15 ms, mean 0.47 ms, max 84 ms. The fit matches them exactly;
   * 10<sup>6</sup> draws have the mean within 3 % (the standard error is 0.5 %: the second moment
   * is about 4.8 ms²), the median within 1 % (standard error 1 / (2 f(m) sqrt(m)) = 0.1 %) and none
   * above 84 ms.
   *
   * <p>The share of the top 1 % is not fitted: it comes out at 33.6 %, above the 27 % of the web
   * log these figures describe (a lognormal with the same median and mean gives 20.8 %). Three
   * figures do not pin the tail down; this test records the value so that a change is noticed.
   */
  @Test
  void boundedParetoFitsMedianMeanAndMax() {
    BoundedPareto fit = BoundedPareto.fit(0.15, 0.47, 84);
    assertEquals(0.15, fit.quantile(0.5), 1e-12);
    assertEquals(0.47, fit.mean(), 1e-12);
    assertEquals(84, fit.upper());
    assertEquals(84, fit.quantile(1), 1e-9);
    assertEquals(fit.lower(), fit.quantile(0), 1e-15);
    assertEquals(1.0626, fit.alpha(), 1e-4);
    assertEquals(0.0782, fit.lower(), 1e-4);

    double[] sample = draw(ServiceTimes.heavyTailed(0.15, 0.47, 84), DRAWS, 3);
    Arrays.sort(sample);
    assertEquals(0.15, sample[DRAWS / 2], 0.01 * 0.15);
    assertEquals(0.47, mean(sample), 0.03 * 0.47);
    assertTrue(sample[DRAWS - 1] <= 84, () -> "max " + sample[DRAWS - 1]);
    assertTrue(sample[0] >= fit.lower());

    double analytic = fit.shareOfTopWork(0.01);
    assertEquals(0.336, analytic, 0.001);
    double sampled = ServiceTimes.empirical(sample).shareOfTopWork(0.01);
    assertEquals(analytic, sampled, 0.03);
    assertEquals(1, fit.shareOfTopWork(1), 1e-12);
  }

  @Test
  void boundedParetoRejectsImpossibleFigures() {
    assertRejected("median", () -> BoundedPareto.fit(0, 1, 2));
    assertRejected("mean", () -> BoundedPareto.fit(1, 1, 2));
    assertRejected("max", () -> BoundedPareto.fit(1, 2, 2));
    assertRejected("max", () -> BoundedPareto.fit(1, 2, Double.POSITIVE_INFINITY));
    // Median 1 and max 10 allow a mean of at most (10 - 0.1) / ln 100 = 2.15 (α → 0, L = m²/H).
    assertRejected("no bounded Pareto", () -> BoundedPareto.fit(1, 3, 10));
    assertRejected("q", () -> BoundedPareto.fit(1, 1.5, 10).quantile(1.5));
  }
}
