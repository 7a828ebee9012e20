/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TheoryTest {
  @Test
  void generalizedGoldenRatiosSolveTheirEquation() {
    assertEquals((1 + Math.sqrt(5)) / 2, Theory.generalizedGoldenRatio(2), 1e-12);
    assertEquals(1.839286755, Theory.generalizedGoldenRatio(3), 1e-9); // tribonacci constant
    assertEquals(1.927561975, Theory.generalizedGoldenRatio(4), 1e-9); // tetranacci constant
    assertEquals(2.0, Theory.generalizedGoldenRatio(40), 1e-9);
  }

  @Test
  void gammaAndItsInverse() {
    assertEquals(Math.log(362_880), Theory.lnGamma(10), 1e-10); // 9!
    assertEquals(Math.log(Math.sqrt(Math.PI)), Theory.lnGamma(0.5), 1e-10);
    assertEquals(10, Theory.inverseGamma(362_880), 1e-9);
    assertEquals(6, Theory.inverseGamma(120), 1e-9);
  }

  @Test
  void maximumLoadsMatchTheReferenceFigures() {
    // ln ln n / ln 2 = 3.8 and ln n / ln ln n = 5.3 at n = 10^6; 7.8 against 42 at n = 10^100
    assertEquals(3.8, Theory.multipleChoiceMaxLoad(1e6, 2), 0.05);
    assertEquals(5.3, Theory.oneChoiceMaxLoad(1e6), 0.05);
    assertEquals(7.8, Theory.multipleChoiceMaxLoad(1e100, 2), 0.05);
    assertEquals(42, Theory.oneChoiceMaxLoad(1e100), 0.5);
    // Gonnet: about 9 at n = 10^6
    assertEquals(8.9, Theory.gonnetMaxLoad(1e6), 0.1);
    // two asymmetric choices act like phi_2^2 = 2.618 symmetric ones
    assertEquals(
        Theory.multipleChoiceMaxLoad(1e6, 2) * Math.log(2) / Math.log(2.618034),
        Theory.dLeftMaxLoad(1e6, 2),
        1e-5);
  }

  @Test
  void classicOneChoiceBounds() {
    assertEquals(4, Theory.roundRobinMaxLoad(10, 3));
    assertEquals(1, Theory.roundRobinMaxLoad(1_000_000, 1_000_000));
    assertEquals(0, Theory.roundRobinMaxLoad(0, 7));
    // 8! = 40,320 < 10^5 < 9! = 362,880: the union bound first drops below 1 at k = 9.
    assertEquals(9, Theory.unionBoundMaxLoad(1e5));
    assertEquals(1e5 / 362_880, Theory.unionBound(1e5, 9), 1e-12);
    assertEquals(10, Theory.unionBoundMaxLoad(1e6));
    // gamma(n) solves x^x = n: exactly 3 for 27 and 4 for 256.
    assertEquals(3, Theory.kleinbergTardosGamma(27), 1e-9);
    assertEquals(4, Theory.kleinbergTardosGamma(256), 1e-9);
    assertEquals(Math.E * 4, Theory.kleinbergTardosMaxLoad(256), 1e-8);
    assertEquals(1, Theory.chernoffTail(1), 1e-15);
    assertEquals(Math.E / 4, Theory.chernoffTail(2), 1e-15);
    // The step of Kleinberg and Tardos's proof: at c = e·gamma(n) one bin's tail is below 1/n^2.
    for (double n : new double[] {1e3, 1e4, 1e6, 1e9}) {
      double tail = Theory.chernoffTail(Theory.kleinbergTardosMaxLoad(n));
      assertTrue(tail < 1 / (n * n), n + ": " + tail);
    }
    assertThrows(IllegalArgumentException.class, () -> Theory.roundRobinMaxLoad(1, 0));
    assertThrows(IllegalArgumentException.class, () -> Theory.unionBound(1e3, -1));
    assertThrows(IllegalArgumentException.class, () -> Theory.chernoffTail(0.5));
    assertThrows(IllegalArgumentException.class, () -> Theory.kleinbergTardosGamma(0.5));
    assertThrows(IllegalArgumentException.class, () -> Theory.kleinbergTardosMaxLoad(2));
  }

  @Test
  void gammaSolvesXToTheXEqualsNForEveryN() {
    assertEquals(1, Theory.kleinbergTardosGamma(1));
    // x^x = 10: 2.50618... (x ln x = ln 10), above ln 10 = 2.30, where the old bracket ended.
    assertEquals(2.5061841455887692, Theory.kleinbergTardosGamma(10), 1e-15);
    List<Double> ns = new ArrayList<>();
    for (int n = 2; n <= 16; n++) {
      ns.add((double) n);
    }
    for (int k = 1; k <= 300; k++) {
      ns.add(Math.pow(10, k));
      ns.add(3 * Math.pow(10, k));
    }
    ns.add(1.5);
    ns.add(Math.E);
    ns.add(Math.exp(Math.E)); // e^e = 15.15..., where ln n and the root cross
    for (double n : ns) {
      double gamma = Theory.kleinbergTardosGamma(n);
      assertEquals(byLambertW(n), gamma, 1e-12 * gamma, "n = " + n);
      assertEquals(Math.log(n), gamma * Math.log(gamma), 1e-12 * Math.log(n), "n = " + n);
    }
  }

  /**
   * γ(n) computed independently: {@code x ln x = L} means {@code x = L / W(L)}, with W the Lambert
   * function ({@code W e^W = L}), found here by Newton's method on {@code w + ln w = ln L}.
   */
  private static double byLambertW(double n) {
    double target = Math.log(n);
    double lnTarget = Math.log(target);
    double w = Math.max(Math.log1p(target), 0.5);
    for (int step = 0; step < 100; step++) {
      double next = w - (w + Math.log(w) - lnTarget) / (1 + 1 / w);
      if (Math.abs(next - w) <= 1e-16 * w) {
        break;
      }
      w = next;
    }
    return target / w;
  }

  @Test
  void heavyLoadChernoffBounds() {
    // Kleinberg and Tardos (13.46): m = 16 n ln n balls, mean 16 ln n per bin.
    assertEquals(Math.round(16e3 * Math.log(1e3)), Theory.heavyLoadBalls(1e3));
    double mu = 16 * Math.log(1e3);
    // Above twice the mean: (e/4)^mu = n^(16 ln(e/4)) = n^-6.18; below half: e^(-mu/8) = n^-2.
    assertEquals(Math.pow(Math.E / 4, mu), Theory.chernoffUpperTail(mu, 1), 1e-30);
    assertEquals(Math.pow(1e3, 16 * Math.log(Math.E / 4)), Theory.chernoffUpperTail(mu, 1), 1e-30);
    assertEquals(1e-6, Theory.chernoffLowerTail(mu, 0.5), 1e-18);
    assertEquals(Theory.chernoffTail(2), Theory.chernoffUpperTail(1, 1), 1e-15);
    assertThrows(IllegalArgumentException.class, () -> Theory.chernoffUpperTail(0, 1));
    assertThrows(IllegalArgumentException.class, () -> Theory.chernoffLowerTail(1, 1));
    assertThrows(IllegalArgumentException.class, () -> Theory.heavyLoadBalls(2));
  }

  @Test
  void rejectsArgumentsOutsideTheDomain() {
    assertThrows(IllegalArgumentException.class, () -> Theory.oneChoiceMaxLoad(2));
    assertThrows(IllegalArgumentException.class, () -> Theory.multipleChoiceMaxLoad(10, 1));
    assertThrows(IllegalArgumentException.class, () -> Theory.generalizedGoldenRatio(1));
    assertThrows(IllegalArgumentException.class, () -> Theory.inverseGamma(0.5));
    assertThrows(IllegalArgumentException.class, () -> Theory.lnGamma(0));
  }

  @Test
  void poissonTailIsTheOneChoiceLayerProfile() {
    // One choice, one ball per bin: the layers are the Poisson(1) tail, 1 - 1/e = 63.2 %,
    // 1 - 2/e = 26.4 %, 8.0 %, 1.9 %.
    assertEquals(1 - Math.exp(-1), Theory.poissonTail(1, 1), 1e-15);
    assertEquals(1 - 2 * Math.exp(-1), Theory.poissonTail(1, 2), 1e-15);
    assertEquals(0.0803014, Theory.poissonTail(1, 3), 1e-7);
    assertEquals(0.0189882, Theory.poissonTail(1, 4), 1e-7);
    // Far in the tail the sum is still accurate: P(X >= 20) = e^-1 / 20! (1 + 1/21 + 1/(21 22)
    // + 1/(21 22 23) + ...); the terms left out are below 1e-5 of the total.
    double tail = Math.exp(-1) / 2.43290200817664e18 * (1 + 1.0 / 21 + 1.0 / 462 + 1.0 / 10_626);
    assertEquals(tail, Theory.poissonTail(1, 20), 1e-5 * tail);
    assertEquals(1, Theory.poissonTail(3, 0));
    assertEquals(0, Theory.poissonTail(0, 1));
    assertThrows(IllegalArgumentException.class, () -> Theory.poissonTail(-1, 1));
    assertThrows(IllegalArgumentException.class, () -> Theory.poissonTail(1, -1));
  }

  @Test
  void fluidLimitOfOneChoiceIsThePoissonTail() {
    double[] s = Theory.layerFractions(1, 2.5, 12);
    for (int i = 0; i <= 12; i++) {
      assertEquals(Theory.poissonTail(2.5, i), s[i], 1e-10, "layer " + i); // RK4, step 1/1000
    }
  }

  @Test
  void fluidLimitsMatchTheClassicTwoChoiceLayers() {
    double[] two = Theory.layerFractions(2, 1, 6);
    assertEquals(0.2295, two[2], 1e-4); // "about 22.9 % hold >= 2"
    assertEquals(0.0089, two[3], 1e-4); // "0.9 % hold >= 3"
    assertEquals(6.05e-6, two[4], 0.05e-6); // "about one bin in 10^5 holds 4"
    double[] leftTwo = Theory.dLeftLayerFractions(2, 1, 6);
    assertEquals(0.004475, leftTwo[3], 1e-5); // half the symmetric layer
    double[] three = Theory.layerFractions(3, 1, 6);
    assertEquals(5.08e-4, three[3], 0.01e-4);
  }

  @Test
  void fluidLimitsConserveBalls() {
    // Every ball adds one to the total load, and the sum over i >= 1 of s_i is the mean load.
    for (int d = 1; d <= 4; d++) {
      assertEquals(3.0, sumOfLayers(Theory.layerFractions(d, 3, 40)), 1e-9, "symmetric " + d);
      assertEquals(3.0, sumOfLayers(Theory.dLeftLayerFractions(d, 3, 40)), 1e-9, "d-left " + d);
    }
    assertThrows(IllegalArgumentException.class, () -> Theory.layerFractions(0, 1, 4));
    assertThrows(IllegalArgumentException.class, () -> Theory.dLeftLayerFractions(2, -1, 4));
    assertThrows(IllegalArgumentException.class, () -> Theory.layerFractions(2, 1, 0));
  }

  private static double sumOfLayers(double[] s) {
    double sum = 0;
    for (int i = 1; i < s.length; i++) {
      sum += s[i];
    }
    return sum;
  }

  @Test
  void cuckooThresholdsMatchThePublishedValues() {
    assertEquals(0.5, Theory.cuckooThreshold(2, 1));
    assertEquals(0.9179, Theory.cuckooThreshold(3, 1), 1e-4);
    assertEquals(0.9768, Theory.cuckooThreshold(4, 1), 1e-4);
    assertEquals(0.8970, Theory.cuckooThreshold(2, 2), 1e-4);
    assertEquals(0.9804, Theory.cuckooThreshold(2, 4), 1e-4);
    assertThrows(IllegalArgumentException.class, () -> Theory.cuckooThreshold(1, 4));
    assertThrows(IllegalArgumentException.class, () -> Theory.cuckooThreshold(2, 0));
  }

  @Test
  void supermarketTailsAndTimes() {
    assertEquals(Math.pow(0.9, 3), Theory.supermarketTail(0.9, 1, 3), 1e-15);
    assertEquals(Math.pow(0.9, 7), Theory.supermarketTail(0.9, 2, 3), 1e-15); // 2^3 - 1
    assertEquals(Math.pow(0.9, 13), Theory.supermarketTail(0.9, 3, 3), 1e-15); // (27-1)/2
    assertEquals(10, Theory.supermarketMeanTime(0.9, 1), 1e-12);
    double twoChoices = 0;
    for (int i = 1; i < 40; i++) {
      twoChoices += Math.pow(0.9, Math.pow(2, i) - 2);
    }
    assertEquals(twoChoices, Theory.supermarketMeanTime(0.9, 2), 1e-12);
    assertEquals(1, Theory.supermarketMeanTime(0, 2));
    assertThrows(IllegalArgumentException.class, () -> Theory.supermarketMeanTime(1, 2));
    assertThrows(IllegalArgumentException.class, () -> Theory.supermarketTail(0.5, 0, 1));
  }
}
