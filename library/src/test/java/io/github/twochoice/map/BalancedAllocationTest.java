/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.twochoice.stats.LoadStats;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The power of two choices on real maps: n = 10<sup>5</sup> random keys in n buckets, fixed seeds
 * (the command line's {@code maps} and {@code DLeftAsymmetryTest}, tagged slow, go to
 * 10<sup>6</sup>).
 *
 * <p>Tolerances, from the theory:
 *
 * <ul>
 *   <li>One choice: loads are Poisson(1), so the expected number of buckets with 7 or more keys is
 *       n·P(X ≥ 7) ≈ 8.3; a maximum below 7 has probability about e<sup>-8.3</sup> ≈
 *       2.5·10<sup>-4</sup>. Each layer fraction s<sub>k</sub> = P(X ≥ k) has standard deviation
 *       below √(1/(4n)) ≈ 1.6·10<sup>-3</sup> at this n (less, as bucket loads are negatively
 *       correlated), and the test allows 0.01 (six of them).
 *   <li>Two choices: the fluid limit gives s<sub>4</sub> ≈ 10<sup>-5</sup> and s<sub>5</sub> ≈
 *       s<sub>4</sub><sup>2</sup>, so a bucket with 5 keys among 10<sup>5</sup> has probability
 *       about 10<sup>-5</sup>.
 *   <li>Mean probes of a successful lookup with one choice: a key inserted at the head of its chain
 *       is preceded by the keys inserted after it, 1 + α/2 = 1.5 in expectation at load α = 1, with
 *       standard error below 3.2·10<sup>-3</sup> (the standard deviation of one key's probes, below
 *       1, over √n); the test allows 0.02.
 * </ul>
 */
class BalancedAllocationTest {
  private static final int N = 100_000;

  private static LoadStats fill(Map<Integer, Integer> map, long keySeed) {
    SplittableRandom random = new SplittableRandom(keySeed);
    while (map.size() < N) {
      int key = random.nextInt();
      map.put(key, key);
    }
    return ((ChainedHashMap<Integer, Integer>) map).loadStats();
  }

  @Test
  void twoChoicesKeepTheLongestChainAtMostFourWhileOneChoiceReachesSeven() {
    LoadStats one = fill(OneChoiceHashMap.builder().expectedSize(N).seed(1).build(), 101);
    LoadStats two = fill(TwoChoiceHashMap.builder().expectedSize(N).seed(2).build(), 101);
    assertEquals(N, one.buckets());
    assertEquals(N, two.buckets());
    assertEquals(N, two.size());
    assertTrue(two.maxLoad() <= 4, () -> "two choices: " + two);
    assertTrue(one.maxLoad() >= 7, () -> "one choice: " + one);
  }

  @Test
  void oneChoiceLayersFollowThePoissonTail() {
    LoadStats one = fill(OneChoiceHashMap.builder().expectedSize(N).seed(3).build(), 202);
    double[] poissonTail = {1, 0.632121, 0.264241, 0.080301, 0.018988, 0.003660};
    for (int k = 0; k < poissonTail.length; k++) {
      assertEquals(poissonTail[k], one.fractionAtLeast(k), 0.01, "s_" + k);
    }
    assertEquals(1.5, one.meanProbesHit(), 0.02);
    assertEquals(1.0, one.meanProbesMiss(), 1e-12);
    assertEquals(N, one.entriesPerChoice()[0]);
  }

  @Test
  void twoChoicesPutMoreKeysInTheFirstChoiceAndFewerProbesPerHit() {
    LoadStats two = fill(TwoChoiceHashMap.builder().expectedSize(N).seed(4).build(), 303);
    long[] perChoice = two.entriesPerChoice();
    assertEquals(N, perChoice[0] + perChoice[1]);
    assertTrue(perChoice[0] > perChoice[1], "ties go to the first choice");
    assertEquals(2.0, two.meanProbesMiss(), 1e-12);
    assertTrue(two.meanProbesHit() < 2.0, () -> "probes per hit: " + two.meanProbesHit());
    assertEquals(0, two.overflow());
  }
}
