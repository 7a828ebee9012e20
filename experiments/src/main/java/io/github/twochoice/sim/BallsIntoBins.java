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
 * at random and joins the least loaded, by one of three {@link Rule rules}. Seeded: the same
 * arguments give the same loads, and {@link #trace} records the same run ball by ball.
 *
 * <p>Cost: O(balls · d) time with one random number per candidate, O(bins) memory; 10<sup>6</sup>
 * balls with two choices take a few milliseconds.
 *
 * @since 0.1.0
 */
public final class BallsIntoBins {
  /** The most balls {@link #trace} records: 10<sup>7</sup>, about 200 MB with two choices. */
  private static final int MAX_TRACED_BALLS = 10_000_000;

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
    D_LEFT,
    /**
     * Vöcking's groups without his tie-break: one bin drawn from each of d groups, as in {@link
     * #D_LEFT}, but ties broken uniformly at random. By symmetry every group then has the layers of
     * d symmetric choices: the control experiment that shows that going left, not the groups, makes
     * d-left better.
     */
    D_LEFT_RANDOM_TIES
  }

  /**
   * Throws {@code balls} balls into {@code bins} bins and returns the loads' statistics: the
   * histogram of bin loads, and under the rules with groups the number of balls per group in {@link
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
    int[] candidates = new int[d];
    for (long ball = 0; ball < balls; ball++) {
      int chosen = choose(loads, rule, random, candidates);
      loads[candidates[chosen]]++;
      perGroup[chosen]++;
    }
    return statistics(loads, rule == Rule.SYMMETRIC ? new long[0] : perGroup);
  }

  /**
   * Draws a ball's candidates into {@code candidates} (d of them, in the order drawn) and returns
   * the index of the one it joins. Symmetric: d uniform bins, the least loaded, ties broken
   * uniformly (reservoir sampling: one more random number per tie). Groups: candidate g uniform in
   * group g, the least loaded, ties to the leftmost ({@link Rule#D_LEFT}) or uniformly.
   */
  private static int choose(int[] loads, Rule rule, SplittableRandom random, int[] candidates) {
    int n = loads.length;
    int d = candidates.length;
    int best = 0;
    int ties = 1;
    for (int c = 0; c < d; c++) {
      int bin;
      if (rule == Rule.SYMMETRIC) {
        bin = random.nextInt(n);
      } else {
        int from = (int) ((long) c * n / d);
        int to = (int) ((long) (c + 1) * n / d);
        bin = from + random.nextInt(to - from);
      }
      candidates[c] = bin;
      if (c == 0) {
        continue;
      }
      if (loads[bin] < loads[candidates[best]]) {
        best = c;
        ties = 1;
      } else if (loads[bin] == loads[candidates[best]]
          && rule != Rule.D_LEFT // strictly less under d-left: ties stay left
          && random.nextInt(++ties) == 0) {
        best = c;
      }
    }
    return best;
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

  /**
   * Throws {@code balls} balls exactly as {@link #throwBalls} does with the same arguments, and
   * records each: its candidates, the bin it joined and whether it was a tie. The first k balls of
   * a trace are the run of k balls: their loads are those of {@code throwBalls(k, bins, d, rule,
   * seed)}.
   *
   * <p>Cost: as {@link #throwBalls}, plus 4(d + 2) bytes per ball.
   *
   * @param balls the number of balls, from 0 to 10<sup>7</sup>
   * @param bins the number of bins, at least d
   * @param d candidates per ball, from 1 to 64
   * @param rule how candidates are drawn and ties broken
   * @param seed the seed of the random choices
   * @return the balls, in the order thrown
   * @throws IllegalArgumentException if an argument is out of range
   * @throws NullPointerException if {@code rule} is null
   */
  public static Trace trace(int balls, int bins, int d, Rule rule, long seed) {
    int[] loads = new int[checkArguments(balls, bins, d, rule)];
    if (balls > MAX_TRACED_BALLS) {
      throw new IllegalArgumentException(
          "balls must be at most " + MAX_TRACED_BALLS + " in a trace: " + balls);
    }
    SplittableRandom random = new SplittableRandom(seed);
    int[][] candidates = new int[balls][d];
    int[] chosen = new int[balls];
    boolean[] ties = new boolean[balls];
    for (int ball = 0; ball < balls; ball++) {
      int[] drawn = candidates[ball];
      chosen[ball] = choose(loads, rule, random, drawn);
      int least = loads[drawn[chosen[ball]]];
      for (int bin : drawn) {
        ties[ball] |= bin != drawn[chosen[ball]] && loads[bin] == least;
      }
      loads[drawn[chosen[ball]]]++;
    }
    return new Trace(candidates, chosen, ties);
  }

  /**
   * The balls of a run, one by one, as {@link #trace} recorded them. Immutable.
   *
   * @since 0.1.0
   */
  public static final class Trace {
    private final int[][] candidates;
    private final int[] chosen;
    private final boolean[] ties;

    private Trace(int[][] candidates, int[] chosen, boolean[] ties) {
      this.candidates = candidates;
      this.chosen = chosen;
      this.ties = ties;
    }

    /**
     * Returns the number of balls.
     *
     * @return the balls thrown
     */
    public int balls() {
      return chosen.length;
    }

    /**
     * Returns a ball's candidate bins in the order drawn; under the rules with groups, candidate g
     * lies in group g.
     *
     * @param ball the ball, from 0
     * @return a new array of d bins
     */
    public int[] candidates(int ball) {
      return candidates[ball].clone();
    }

    /**
     * Returns which of its candidates a ball joined.
     *
     * @param ball the ball, from 0
     * @return an index into {@link #candidates(int)}
     */
    public int chosen(int ball) {
      return chosen[ball];
    }

    /**
     * Returns the bin a ball joined.
     *
     * @param ball the ball, from 0
     * @return the bin
     */
    public int bin(int ball) {
      return candidates[ball][chosen[ball]];
    }

    /**
     * Returns whether a ball had a tie: another candidate bin, not the one it joined, was as
     * lightly loaded as that one. The rule decided it: to the left under {@link Rule#D_LEFT},
     * uniformly at random otherwise.
     *
     * @param ball the ball, from 0
     * @return true if the rule had to break a tie
     */
    public boolean tie(int ball) {
      return ties[ball];
    }
  }
}
