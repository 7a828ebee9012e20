/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.sim.queue;

import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Best of d (Mitzenmacher, The power of two choices in randomized load balancing, IEEE TPDS 12(10),
 * 2001; Vvedenskaya, Dobrushin and Karpelevich, Problems of Information Transmission 32(1), 1996):
 * d candidates drawn at random, the request joins the one with the lowest {@link ServerScore}
 * (outstanding requests, or outstanding requests per unit of speed). It never picks a candidate
 * that scores higher than another candidate.
 *
 * <p>Distinct candidates come from Floyd's sampling algorithm (a uniform d-subset in d draws and
 * O(d²) comparisons), or, drawn in proportion to speed, from {@link SpeedDraws}; independent ones
 * from d draws. Random ties are broken by reservoir sampling. Each dispatcher holds a scratch array
 * of d indices (and the prefix sums of the speeds when it draws by speed).
 */
final class BestOfD implements Policy {
  private final String prefix;
  private final ServerScore score;
  private final int d;
  private final Draws draws;
  private final Ties ties;
  private final boolean bySpeed;

  BestOfD(String prefix, ServerScore score, int d, Draws draws, Ties ties, boolean bySpeed) {
    if (d < 1 || d > 64) {
      throw new IllegalArgumentException("d must be between 1 and 64: " + d);
    }
    this.prefix = prefix;
    this.score = score;
    this.d = d;
    this.draws = Objects.requireNonNull(draws, "draws");
    this.ties = Objects.requireNonNull(ties, "ties");
    this.bySpeed = bySpeed;
  }

  @Override
  public String name() {
    return prefix
        + d
        + (draws == Draws.INDEPENDENT ? ", independent" : "")
        + (ties == Ties.LOWER_INDEX ? ", ties low" : "");
  }

  @Override
  public Dispatcher newDispatcher(int servers, double meanWork) {
    if (d > servers) {
      throw new IllegalArgumentException(
          "d must be at most the number of servers, " + servers + ": " + d);
    }
    int[] drawn = new int[d];
    SpeedDraws speedDraws = bySpeed ? new SpeedDraws(d) : null;
    return (load, random) -> choose(load, random, drawn, speedDraws);
  }

  private int choose(LoadView load, SplittableRandom random, int[] drawn, SpeedDraws speedDraws) {
    int servers = load.servers();
    int best = -1;
    double bestScore = 0;
    int tied = 0;
    int candidates = draws == Draws.DISTINCT ? Math.min(d, servers) : d;
    for (int c = 0; c < candidates; c++) {
      int candidate;
      if (speedDraws != null) {
        candidate = speedDraws.draw(load, random, drawn, c);
      } else if (draws == Draws.DISTINCT) {
        candidate = floydDraw(random, servers - candidates + c, drawn, c);
      } else {
        candidate = random.nextInt(servers);
      }
      double s = score.of(load, candidate);
      if (best < 0 || s < bestScore) {
        best = candidate;
        bestScore = s;
        tied = 1;
      } else if (s == bestScore) {
        if (ties == Ties.LOWER_INDEX) {
          best = Math.min(best, candidate);
        } else if (random.nextInt(++tied) == 0) {
          best = candidate;
        }
      }
    }
    return best;
  }

  /**
   * Step j of Floyd's algorithm: draws t in [0, j]; if t is already taken, takes j instead (which
   * no earlier step could take). After the steps j = m − k … m − 1, {@code drawn[0..k)} is a
   * uniform k-subset of [0, m).
   */
  private static int floydDraw(SplittableRandom random, int j, int[] drawn, int count) {
    int t = random.nextInt(j + 1);
    for (int i = 0; i < count; i++) {
      if (drawn[i] == t) {
        t = j;
        break;
      }
    }
    drawn[count] = t;
    return t;
  }
}
