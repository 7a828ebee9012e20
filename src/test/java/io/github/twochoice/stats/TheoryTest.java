/*
 * Copyright 2026 The twochoice Authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.github.twochoice.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
  void maximumLoadsMatchTheBriefsReferenceFigures() {
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
  void rejectsArgumentsOutsideTheDomain() {
    assertThrows(IllegalArgumentException.class, () -> Theory.oneChoiceMaxLoad(2));
    assertThrows(IllegalArgumentException.class, () -> Theory.multipleChoiceMaxLoad(10, 1));
    assertThrows(IllegalArgumentException.class, () -> Theory.generalizedGoldenRatio(1));
    assertThrows(IllegalArgumentException.class, () -> Theory.inverseGamma(0.5));
    assertThrows(IllegalArgumentException.class, () -> Theory.lnGamma(0));
  }
}
