/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim;

import io.github.twochoice.stats.LoadStats;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Balls into bins on a plain {@code int[]} of bin loads: each ball draws d candidate bins uniformly
 * at random and joins the least loaded, by one of two {@link Rule rules}. Seeded: the same
 * arguments give the same loads.
 *
 * <p>Cost: O(balls · d) time with one random number per candidate, O(bins) memory; 10<sup>6</sup>
 * balls with two choices take a few milliseconds.
 *
 * @since 0.1.0
 */
public final class BallsIntoBins {
  private BallsIntoBins() {}

  /**
   * How a ball draws its d candidates and breaks ties between equally loaded ones.
   *
   * @since 0.1.0
   */
  public enum Rule {
    /**
     * Symmetric choices (Azar, Broder, Karlin and Upfal): d bins drawn independently from all bins;
     * ties broken uniformly at random. d = 1 is the classic single choice.
     */
    SYMMETRIC,
    /**
     * Vöcking's d-left rule: the bins form d groups of (nearly) equal size, left to right; one bin
     * is drawn from each group; ties go to the leftmost.
     */
    D_LEFT
  }

  /**
   * Throws {@code balls} balls into {@code bins} bins and returns the loads' statistics: the
   * histogram of bin loads, and for {@link Rule#D_LEFT} the number of balls per group in {@link
   * LoadStats#entriesPerChoice()}.
   *
   * @param balls the number of balls, {@code >= 0}
   * @param bins the number of bins, at least d
   * @param d candidates per ball, from 1 to 64
   * @param rule how candidates are drawn and ties broken
   * @param seed the seed of the random choices
   * @return the statistics of the final loads
   * @throws IllegalArgumentException if an argument is out of range
   * @throws NullPointerException if {@code rule} is null
   */
  public static LoadStats throwBalls(long balls, int bins, int d, Rule rule, long seed) {
    int[] loads = new int[checkArguments(balls, bins, d, rule)];
    SplittableRandom random = new SplittableRandom(seed);
    long[] perGroup = new long[d];
    for (long ball = 0; ball < balls; ball++) {
      if (rule == Rule.SYMMETRIC) {
        loads[symmetricChoice(loads, d, random)]++;
      } else {
        int group = leftmostLeastLoadedGroup(loads, d, random);
        perGroup[group]++;
      }
    }
    return statistics(loads, rule == Rule.D_LEFT ? perGroup : new long[0]);
  }

  /** The least loaded of d uniform candidates, ties broken uniformly (reservoir sampling). */
  private static int symmetricChoice(int[] loads, int d, SplittableRandom random) {
    int best = random.nextInt(loads.length);
    int ties = 1;
    for (int c = 1; c < d; c++) {
      int bin = random.nextInt(loads.length);
      if (loads[bin] < loads[best]) {
        best = bin;
        ties = 1;
      } else if (loads[bin] == loads[best] && random.nextInt(++ties) == 0) {
        best = bin;
      }
    }
    return best;
  }

  /** Places a ball by the d-left rule and returns the group it went to. */
  private static int leftmostLeastLoadedGroup(int[] loads, int d, SplittableRandom random) {
    int n = loads.length;
    int bestBin = -1;
    int bestGroup = -1;
    for (int g = 0; g < d; g++) {
      int from = (int) ((long) g * n / d);
      int to = (int) ((long) (g + 1) * n / d);
      int bin = from + random.nextInt(to - from);
      if (bestBin < 0 || loads[bin] < loads[bestBin]) { // strictly less: ties stay left
        bestBin = bin;
        bestGroup = g;
      }
    }
    loads[bestBin]++;
    return bestGroup;
  }

  /**
   * Returns how often each maximum load occurred over {@code trials} independent runs of {@link
   * #throwBalls}: index k holds the number of runs whose fullest bin held k balls.
   *
   * @param balls the number of balls per run
   * @param bins the number of bins
   * @param d candidates per ball
   * @param rule the rule
   * @param trials the number of runs, positive
   * @param seed the seed of the runs' seeds
   * @return the distribution of the maximum load
   * @throws IllegalArgumentException if an argument is out of range
   */
  public static long[] maxLoadDistribution(
      long balls, int bins, int d, Rule rule, int trials, long seed) {
    checkArguments(balls, bins, d, rule);
    if (trials < 1) {
      throw new IllegalArgumentException("trials must be positive: " + trials);
    }
    SplittableRandom seeds = new SplittableRandom(seed);
    long[] counts = new long[1];
    for (int t = 0; t < trials; t++) {
      int max = throwBalls(balls, bins, d, rule, seeds.nextLong()).maxLoad();
      if (max >= counts.length) {
        counts = Arrays.copyOf(counts, max + 1);
      }
      counts[max]++;
    }
    return counts;
  }

  /**
   * Returns the mean maximum load of a distribution from {@link #maxLoadDistribution}.
   *
   * @param distribution index k holds the number of runs whose maximum was k
   * @return the mean of k over the runs
   * @throws IllegalArgumentException if the distribution holds no run
   */
  public static double meanMaxLoad(long[] distribution) {
    long runs = 0;
    long sum = 0;
    for (int k = 0; k < distribution.length; k++) {
      runs += distribution[k];
      sum += k * distribution[k];
    }
    if (runs == 0) {
      throw new IllegalArgumentException("distribution holds no run");
    }
    return (double) sum / runs;
  }

  private static int checkArguments(long balls, int bins, int d, Rule rule) {
    if (rule == null) {
      throw new NullPointerException("rule");
    }
    if (balls < 0) {
      throw new IllegalArgumentException("balls must be >= 0: " + balls);
    }
    if (d < 1 || d > 64) {
      throw new IllegalArgumentException("d must be between 1 and 64: " + d);
    }
    if (bins < d) {
      throw new IllegalArgumentException("bins must be at least d = " + d + ": " + bins);
    }
    return bins;
  }

  private static LoadStats statistics(int[] loads, long[] perGroup) {
    int max = 0;
    for (int load : loads) {
      max = Math.max(max, load);
    }
    long[] histogram = new long[max + 1];
    for (int load : loads) {
      histogram[load]++;
    }
    return LoadStats.builder(histogram).entriesPerChoice(perGroup).build();
  }
}
