/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim;

import io.github.twochoice.sim.BallsIntoBins.Rule;
import io.github.twochoice.stats.LoadStats;
import io.github.twochoice.theory.Theory;
import java.util.List;
import java.util.Objects;

/**
 * An allocation scheme of the experiments — d choices under a {@link Rule} — with its label and
 * what theory predicts for it.
 *
 * @param choices d, the candidates per ball, from 1 to 64
 * @param rule symmetric choices or Vöcking's d-left rule
 * @since 0.1.0
 */
public record Scheme(int choices, Rule rule) {
  /** One, two and three symmetric choices, and two-left: the schemes every experiment compares. */
  public static final List<Scheme> STANDARD =
      List.of(
          new Scheme(1, Rule.SYMMETRIC),
          new Scheme(2, Rule.SYMMETRIC),
          new Scheme(3, Rule.SYMMETRIC),
          new Scheme(2, Rule.D_LEFT));

  /**
   * Checks the arguments.
   *
   * @param choices d, from 1 to 64
   * @param rule the rule; the rules with groups need d &gt;= 2
   * @throws IllegalArgumentException if {@code choices} is outside [1, 64], or 1 with groups
   * @throws NullPointerException if {@code rule} is null
   */
  public Scheme {
    Objects.requireNonNull(rule, "rule");
    if (choices < 1 || choices > 64) {
      throw new IllegalArgumentException("choices must be between 1 and 64: " + choices);
    }
    if (rule != Rule.SYMMETRIC && choices < 2) {
      throw new IllegalArgumentException("d-left needs at least 2 choices: " + choices);
    }
  }

  /**
   * Returns a short label: "1 choice", "2 choices", "2-left", "2 groups, random ties".
   *
   * @return the label
   */
  public String label() {
    if (rule == Rule.D_LEFT) {
      return choices + "-left";
    }
    if (rule == Rule.D_LEFT_RANDOM_TIES) {
      return choices + " groups, random ties";
    }
    return choices + (choices == 1 ? " choice" : " choices");
  }

  /**
   * Returns the theory's maximum load for n balls in n bins: Gonnet's {@code Γ⁻¹(n) − 3/2} for one
   * choice, {@code ln ln n / ln d} for d symmetric choices and for groups with random ties, {@code
   * ln ln n / (d ln φ_d)} for d-left (the last three up to an additive constant).
   *
   * @param n balls and bins, at least 3
   * @return the predicted maximum load
   */
  public double theoryMaxLoad(double n) {
    if (choices == 1) {
      return Theory.gonnetMaxLoad(n);
    }
    return rule == Rule.D_LEFT
        ? Theory.dLeftMaxLoad(n, choices)
        : Theory.multipleChoiceMaxLoad(n, choices);
  }

  /**
   * Returns the fluid limit's layer fractions s_0 … s_maxLayer after t balls per bin: d-left's, or
   * that of d symmetric choices, which groups with random ties share (each group has the same
   * layers, so a ball finds all d candidates at or above layer i with probability s_i^d).
   *
   * @param t balls per bin
   * @param maxLayer the highest layer
   * @return the predicted fraction of bins with at least i balls, for each i
   */
  public double[] layerFractions(double t, int maxLayer) {
    return rule == Rule.D_LEFT
        ? Theory.dLeftLayerFractions(choices, t, maxLayer)
        : Theory.layerFractions(choices, t, maxLayer);
  }

  /**
   * Throws balls by this scheme; see {@link BallsIntoBins#throwBalls}.
   *
   * @param balls the number of balls
   * @param bins the number of bins
   * @param seed the seed
   * @return the loads' statistics
   */
  public LoadStats throwBalls(long balls, int bins, long seed) {
    return BallsIntoBins.throwBalls(balls, bins, choices, rule, seed);
  }
}
